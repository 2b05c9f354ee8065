import { makeTempDir } from '../helpers/temp-dir';
import { TEST_ACCOUNTS } from '../sandbox';
import { sandboxProcess } from '../integration/history/history-kit';
import { HOGS, underLoad } from './cpu-hogs';
import { bundleChild, childReports } from './bench-child';
import type { Bench, BenchRow } from './measure';

/** Full syncs watched per size and condition: a 100k sync takes about 40 s. */
const RUNS: Record<number, number> = { 10_000: 3, 100_000: 2 };

interface MainThread {
  /** Event loop delay max, ms: the longest the main thread could not answer IPC. */
  block: number;
  p99: number;
  /** Longest collection of main's heap, ms. */
  gc: number;
}

/**
 * The main thread during full syncs of 10,000 and 100,000 orders (the
 * sandbox in its own process, default rate limits), idle and beside two
 * CPU-bound processes the bench starts: the longest block, the 99th
 * percentile of the event loop's delay and the longest collection of main's
 * heap, worst of the runs. The pages are parsed, checked and stored on the
 * store's writer thread; main does the I/O. The syncs run in a child process
 * of the app alone, composed and built as it ships: in the bench's own
 * process, tsx's loader and the bench's modules were in the heap each
 * collection of main's walks.
 */
export const syncMainThreadBench: Bench = {
  title: 'Main thread during a history sync, idle and beside two CPU hogs',
  conditions: 'own',
  async run(): Promise<BenchRow[]> {
    const entry = await bundleChild('sync-main-thread-child');
    const rows: BenchRow[] = [];
    for (const [orders, runs] of Object.entries(RUNS).map(([orders, runs]) => [Number(orders), runs] as const)) {
      const sandbox = await sandboxProcess(orders);
      try {
        for (const busy of [false, true]) {
          // A new folder per condition: each run's file is new, as on a first start.
          const folder = makeTempDir('cow-desk-bench-');
          // `runs` first syncs, each by a new app in a new folder, in a process of the app's code alone (fixtures/sync-main-thread-child.ts).
          const syncs = () => childReports<MainThread>(entry, [sandbox.orderbookUrl, sandbox.bffUrl, folder.path, TEST_ACCOUNTS.trader.address, String(runs)], runs);
          const seen = await (busy ? underLoad(syncs) : syncs()).finally(() => folder.remove());
          const worst = (key: keyof MainThread) => Math.max(...seen.map((figures) => figures[key]));
          const size = `${sandbox.orders.toLocaleString('en')}, ${busy ? `beside ${HOGS} CPU hogs` : 'idle'}`;
          rows.push(
            { name: `${size}: longest main-thread block, worst of ${runs} (OS preemption included)`, value: worst('block'), unit: 'ms', goal: '< 50 ms' },
            { name: `${size}: event loop delay, 99th percentile, worst of ${runs}`, value: worst('p99'), unit: 'ms', goal: '< 10 ms' },
            { name: `${size}: longest collection of main's heap, worst of ${runs}`, value: worst('gc'), unit: 'ms' },
          );
        }
      } finally {
        await sandbox.stop();
      }
    }
    return rows;
  },
};
