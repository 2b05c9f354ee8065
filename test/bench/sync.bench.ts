import { join } from 'node:path';
import { setTimeout as pace } from 'node:timers/promises';
import { performance } from 'node:perf_hooks';
import type { RequestOutcome } from '../../main/core/api/http-client';
import type { SyncCounts } from '../../main/core/history/sync-engine';
import { makeTempDir } from '../helpers/temp-dir';
import { sandboxProcess } from '../integration/history/history-kit';
import { idleAndUnderLoad } from './cpu-hogs';
import { interleavedMedians, type Bench, type BenchRow } from './measure';
import { app, recordingClient, replayAtServiceRate, replayThroughAppLimiter, scope, SERVICE_PER_SECOND, userQuote, type Client, type Sandbox, type Sent } from './sync-kit';

const { ORDERS_PAGE, OrdersRepo, openStore, syncScope } = app;

const ORDERS = 10_000;
const LARGE = 100_000;
/** Timed runs of the 100k sync (about 40 s each, and its baseline as long). */
const LARGE_RUNS = 3;
const QUOTES = 100;
const BURST_DEADLINE_MS = 60_000;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

/**
 * Full syncs of the sandbox's account, each into a new SQLite file through a
 * new client (as a first start of the app); timed in turns with the floor:
 * the same requests replayed with bare fetch at exactly the service's rate.
 * The main thread's blocks during a sync are sync-main-thread.bench.ts's, in a
 * process of the app's code alone: here the bench's heap (tsx's loader, the
 * recording of each answer) would be counted as the app's.
 */
async function fullSyncRows(sandbox: Sandbox, runs: number): Promise<BenchRow[]> {
  const dir = makeTempDir('cow-desk-bench-');
  const size = sandbox.orders.toLocaleString('en');
  let first: { counts: SyncCounts; requests: Sent[] } | undefined;
  const writeMs: number[] = [];
  const walls: number[] = [];
  let appThrottled = 0;
  let bareThrottled = 0;
  const appSync = async () => {
    const store = openStore(join(dir.path, `sync-${writeMs.length}.sqlite`));
    const sent: Sent[] = [];
    const outcomes: RequestOutcome[] = [];
    const client = recordingClient(sandbox, sent, outcomes);
    try {
      // Warm-up, as in a running app: the first fetch loads undici and zod compiles its schemas.
      await client.orderbook.ordersByUids(1, []);
      await client.orderbook.accountOrders(1, scope.account, { offset: 0, limit: 1 });
      // Their rate-limit window ages out first, as a running app's last requests would have: the sync alone is timed.
      await pace(1_100);
      sent.length = 0;
      outcomes.length = 0;
      const began = performance.now();
      const counts = await syncScope({ repo: new OrdersRepo(store.db), orderbook: client.orderbook, now: Date.now }, scope);
      walls.push(performance.now() - began);
      first ??= { counts, requests: sent };
      writeMs.push(counts.writeMs);
      appThrottled += outcomes.filter((outcome) => outcome.status === 429).length;
    } finally {
      await store.close();
    }
  };
  try {
    // The first sync records the requests the baseline sends; both then run in turns.
    await appSync();
    // A pause between runs, untimed, so neither starts against the other's rate-limit window (client's or service's).
    const pause = () => pace(1_100);
    const replay = async () => void (bareThrottled += (await replayAtServiceRate(first!.requests)).throttled);
    const { bare } = await interleavedMedians(appSync, replay, runs, 0, pause);
    const wall = { app: median(walls), bare };
    const scheduled = await interleavedMedians(() => replayThroughAppLimiter(first!.requests), replay, runs, 0, pause);
    const { counts, requests } = first!;
    const budget = counts.pages + Math.ceil(sandbox.open / 128) + counts.tradeCalls;
    const writing = median(writeMs);
    return [
      { name: `${size}: full sync requests (${counts.pages} pages, ${counts.byUidsCalls} by_uids, ${counts.tradeCalls} trades; ${sandbox.open} open)`, value: requests.length, unit: 'requests', goal: `<= pages + ceil(open/128) + trade pages = ${budget}` },
      {
        name: `${size}: full sync wall time through the app's limiter (median of ${walls.length}, in turns with the baseline; 429s: app ${appThrottled}, replay ${bareThrottled})`,
        value: wall.app / 1000,
        unit: 's',
        goal: '<= 1.1x the floor',
        baseline: { name: `the floor: the same ${requests.length} requests replayed with bare fetch at exactly ${SERVICE_PER_SECOND}/s`, value: wall.bare / 1000 },
      },
      {
        name: `${size}: the same requests through the app's limiter alone, one after the other as the walks send them, nothing parsed or stored (median of ${runs}, in turns with the floor)`,
        value: scheduled.app / 1000,
        unit: 's',
        goal: '<= 1.1x the floor',
        baseline: { name: 'the floor', value: scheduled.bare / 1000 },
      },
      {
        name: `${size}: store writing during the sync (the writer thread's time, commits included; median of ${writeMs.length})`,
        value: writing / 1000,
        unit: 's',
        goal: '< 1x the floor, so the requests bound the sync',
        baseline: { name: 'the floor', value: wall.bare / 1000 },
      },
    ];
  } finally {
    dir.remove();
  }
}

/** 100 quotes at once: their rate through the client's own limiter, and the 429s the service sent back. */
async function quoteBurst(client: Client, outcomes: RequestOutcome[], when: string): Promise<BenchRow[]> {
  const quoteStart = performance.now();
  const quoteOutcomes = outcomes.length;
  // User actions (the whole budget is theirs), each given the time a hundred take at 5/s rather than a quote's 20 s.
  await Promise.all(Array.from({ length: QUOTES }, () => userQuote(client, BURST_DEADLINE_MS)));
  const rate = QUOTES / ((performance.now() - quoteStart) / 1000);
  const throttled = outcomes.slice(quoteOutcomes).filter((outcome) => outcome.status === 429).length;
  return [
    { name: `${QUOTES}-quote burst${when}: quotes a second`, value: rate, unit: '/s', goal: '>= 95% of the 5/s orderbook budget (4.75/s)' },
    { name: `${QUOTES}-quote burst${when}: 429 answers`, value: throttled, unit: '', goal: '0' },
  ];
}

/** Syncs of one account size against a sandbox process of its own, idle then beside the CPU hogs. */
async function fullSyncBench(orders: number, runs: number): Promise<BenchRow[]> {
  const sandbox = await sandboxProcess(orders);
  try {
    return await idleAndUnderLoad(() => fullSyncRows(sandbox, runs));
  } finally {
    await sandbox.stop();
  }
}

/**
 * The first sync of a 10,000-order account (a quarter open, one in seven
 * EthFlow) against the sandbox in its own process, through the app's own API
 * client at its default rate limits (the sandbox at its own defaults), into a
 * real SQLite file: requests, wall time beside the floor (the same requests
 * replayed at the service's rate) and the writer's time; idle and beside two CPU hogs.
 */
export const syncBench: Bench = {
  title: 'History sync, 10k orders (sandbox process, default limits)',
  conditions: 'own',
  run: () => fullSyncBench(ORDERS, 3),
};

/** The same at 100,000 orders (about 30 s a sync, and its floor as long). */
export const syncLargeBench: Bench = {
  title: 'History sync, 100k orders (sandbox process, default limits)',
  conditions: 'own',
  run: () => fullSyncBench(LARGE, LARGE_RUNS),
};

/** At 10k: a resync with nothing new, then a 100-quote burst alone and while a first sync runs on the same client. */
export const resyncBench: Bench = {
  title: 'Resync and quote bursts, 10k orders (sandbox process, default limits)',
  async run() {
    const rows: BenchRow[] = [];
    const sandbox = await sandboxProcess(ORDERS);
    const dir = makeTempDir('cow-desk-bench-');
    const store = openStore(join(dir.path, 'resync.sqlite'));
    try {
      const sent: Sent[] = [];
      const outcomes: RequestOutcome[] = [];
      const client = recordingClient(sandbox, sent, outcomes);
      const sync = () => syncScope({ repo: new OrdersRepo(store.db), orderbook: client.orderbook, now: Date.now }, scope);
      await sync();
      // What the old resync downloaded every time: the newest 1000 orders.
      const pageBytes = sent.filter((entry) => entry.path.includes('/account/')).slice(0, 1000 / ORDERS_PAGE).reduce((sum, entry) => sum + entry.bytes, 0);
      const before = sent.length;
      const resync = await sync();
      const resyncBytes = sent.slice(before).reduce((sum, entry) => sum + entry.bytes, 0);
      rows.push(
        { name: `no-change resync: bytes received (${sent.length - before} requests)`, value: resyncBytes / 1000, unit: 'KB', goal: `<= 1/10 of refetching the newest 1000 orders (${(pageBytes / 1000).toFixed(0)} KB)` },
        { name: 'no-change resync: order and fill rows written', value: resync.ordersWritten + resync.tradesWritten, unit: 'rows', goal: 'only changed rows (0)' },
      );

      rows.push(...(await quoteBurst(client, outcomes, '')));
      // The same burst while a first sync runs (into a file of its own) on the same client.
      await pace(1_100);
      const syncStore = openStore(join(dir.path, 'burst-sync.sqlite'));
      try {
        const sync = syncScope({ repo: new OrdersRepo(syncStore.db), orderbook: client.orderbook, now: Date.now }, scope);
        rows.push(...(await quoteBurst(client, outcomes, ' while a 10k sync runs')));
        await sync;
      } finally {
        await syncStore.close();
      }
    } finally {
      await store.close();
      dir.remove();
      await sandbox.stop();
    }
    return rows;
  },
};
