import { join } from 'node:path';
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { setTimeout as pace } from 'node:timers/promises';
import { makeTempDir } from '../helpers/temp-dir';
import { TEST_ACCOUNTS } from '../sandbox';
import { sandboxProcess } from '../integration/history/history-kit';
import { HOGS, underLoad } from './cpu-hogs';
import type { Bench, BenchRow } from './measure';
import { app } from './sync-kit';

const { createApiClient, OrdersRepo, openStore, syncScope } = app;

/** Full syncs timed per size and condition: a 100k sync takes about 40 s. */
const RUNS: Record<number, number> = { 10_000: 3, 100_000: 1 };

const scope = { account: TEST_ACCOUNTS.trader.address, chainId: 1, environment: 'production' as const };

interface MainThread {
  /** Event loop delay max, ms: the longest the main thread could not answer IPC. */
  block: number;
  p99: number;
  /** Longest collection of main's heap, ms. */
  gc: number;
}

/** One full sync into a new file through a new client (as a first start), the main thread watched throughout. */
async function watchedSync(orderbookUrl: string, bffUrl: string, file: string): Promise<MainThread> {
  const store = openStore(file);
  const client = createApiClient({
    endpoints: () => ({ orderbook: orderbookUrl, tokenService: bffUrl, explorer: 'https://explorer.cow.fi' }),
    environment: () => 'production',
  });
  try {
    // Warm-up, as in a running app; then its rate-limit window ages out, so the sync alone is watched.
    await client.orderbook.accountOrders(1, scope.account, { offset: 0, limit: 1 });
    await pace(1_100);
    const delay = monitorEventLoopDelay({ resolution: 1 });
    let gc = 0;
    const collections = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) gc = Math.max(gc, entry.duration);
    });
    collections.observe({ entryTypes: ['gc'] });
    delay.enable();
    await syncScope({ repo: new OrdersRepo(store.db), orderbook: client.orderbook, now: Date.now }, scope);
    delay.disable();
    collections.disconnect();
    return { block: delay.max / 1e6, p99: delay.percentile(99) / 1e6, gc };
  } finally {
    await store.close();
  }
}

/**
 * The main thread during full syncs of 10,000 and 100,000 orders (the
 * sandbox in its own process, default rate limits), idle and beside two
 * CPU-bound processes the bench starts: the longest block, the 99th
 * percentile of the event loop's delay and the longest collection of main's
 * heap, worst of the runs. The pages are parsed, checked and stored on the
 * store's writer thread; main does the I/O.
 */
export const syncMainThreadBench: Bench = {
  title: 'Main thread during a history sync, idle and beside two CPU hogs',
  conditions: 'own',
  async run(): Promise<BenchRow[]> {
    const rows: BenchRow[] = [];
    for (const [orders, runs] of Object.entries(RUNS).map(([orders, runs]) => [Number(orders), runs] as const)) {
      const sandbox = await sandboxProcess(orders);
      const dir = makeTempDir('cow-desk-bench-');
      try {
        for (const busy of [false, true]) {
          const seen: MainThread[] = [];
          const syncs = async () => {
            for (let run = 0; run < runs; run += 1) seen.push(await watchedSync(sandbox.orderbookUrl, sandbox.bffUrl, join(dir.path, `sync-${busy}-${run}.sqlite`)));
          };
          await (busy ? underLoad(syncs) : syncs());
          const worst = (key: keyof MainThread) => Math.max(...seen.map((figures) => figures[key]));
          const size = `${sandbox.orders.toLocaleString('en')}, ${busy ? `beside ${HOGS} CPU hogs` : 'idle'}`;
          rows.push(
            { name: `${size}: longest main-thread block, worst of ${runs} (OS preemption included)`, value: worst('block'), unit: 'ms', goal: '< 50 ms' },
            { name: `${size}: event loop delay, 99th percentile, worst of ${runs}`, value: worst('p99'), unit: 'ms', goal: '< 10 ms' },
            { name: `${size}: longest collection of main's heap, worst of ${runs}`, value: worst('gc'), unit: 'ms' },
          );
        }
      } finally {
        dir.remove();
        await sandbox.stop();
      }
    }
    return rows;
  },
};
