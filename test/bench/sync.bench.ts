import { join } from 'node:path';
import { setTimeout as pace } from 'node:timers/promises';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { createApiClient, DEFAULT_RATE_LIMITS } from '../../main/core/api/api-client';
import type { RequestOutcome } from '../../main/core/api/http-client';
import { RateLimiter } from '../../main/core/api/rate-limiter';
import { runUserAction } from '../../main/core/api/user-action';
import { DEADLINES, USER_ACTIONS } from '../../main/common/limits';
import { systemClock } from '../../main/core/clock';
import { OrdersRepo } from '../../main/core/history/orders-repo';
import { ORDERS_PAGE, syncScope, type SyncCounts } from '../../main/core/history/sync-engine';
import { openStore } from '../../main/core/store/open-store';
import { makeTempDir } from '../helpers/temp-dir';
import { TEST_ACCOUNTS } from '../sandbox';
import { sandboxProcess } from '../integration/history/history-kit';
import { interleavedMedians, type Bench, type BenchRow } from './measure';

const ORDERS = 10_000;
const LARGE = 100_000;
/** Timed runs of the 100k sync (about 40 s each, and its baseline as long). */
const LARGE_RUNS = 3;
const QUOTES = 100;
const BURST_DEADLINE_MS = 60_000;
/** Syncs a user's quotes are timed during, and quotes timed alone after each. */
const QUOTE_ROUNDS = 3;
const QUOTES_ALONE = 5;
/** Between a user's quotes: a keystroke's pace, not a wait for anything. */
const USER_PACE_MS = 300;
const WETH = '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2';
const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';

type Sandbox = Awaited<ReturnType<typeof sandboxProcess>>;
type Client = ReturnType<typeof createApiClient>;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

/** A quote as the Trade screen asks for it: a user action (the rate limiter's user lane), as the IPC router runs it. */
const userQuote = (client: Client, deadlineMs = DEADLINES.userReadMs) =>
  runUserAction('trade.quote', USER_ACTIONS['trade.quote'], deadlineMs, () =>
    client.orderbook.quote(1, { sellToken: WETH, buyToken: USDC, from: TEST_ACCOUNTS.trader.address, kind: 'sell', sellAmountBeforeFee: '1000000000000000000' }),
  );
const scope = { account: TEST_ACCOUNTS.trader.address, chainId: 1, environment: 'production' as const };

/** A request as the client sent it, to send again without the client. */
interface Sent {
  url: string;
  init: RequestInit & { method: string };
  path: string;
  bytes: number;
}

/**
 * The app's API client to the sandbox at its default rate limits, recording
 * what it sends and the bytes of each answer, counted as the body streams
 * through to the client (not read ahead of it: the client reads each answer
 * as it would from the service).
 */
function recordingClient(sandbox: Sandbox, sent: Sent[], outcomes: RequestOutcome[]) {
  const recording: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    const url = String(input);
    const entry: Sent = {
      url,
      init: { method: init?.method ?? 'GET', ...(init?.headers ? { headers: init.headers } : {}), ...(typeof init?.body === 'string' ? { body: init.body } : {}) },
      path: new URL(url).pathname,
      bytes: 0,
    };
    sent.push(entry);
    const counted = response.body?.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          entry.bytes += chunk.byteLength;
          controller.enqueue(chunk);
        },
      }),
    );
    return new Response(counted ?? null, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
  return createApiClient({
    endpoints: () => ({ orderbook: sandbox.orderbookUrl, tokenService: sandbox.bffUrl, explorer: 'https://explorer.cow.fi' }),
    environment: () => 'production',
    fetch: recording,
    onOutcome: (outcome) => outcomes.push(outcome),
  });
}

/**
 * The baseline of a sync's wall time: the same requests, one after the other
 * as the sync's walks send them, through a rate limiter of the client's own
 * budget for background work (4 a second: one is kept for the user), each
 * answer read in full and nothing else done with it.
 */
async function requestsAlone(requests: readonly Sent[]): Promise<void> {
  const limiter = new RateLimiter(DEFAULT_RATE_LIMITS, systemClock);
  for (const request of requests) {
    const release = await limiter.acquire(['orderbook']);
    try {
      await (await fetch(request.url, request.init)).arrayBuffer();
    } finally {
      release();
    }
  }
}

/**
 * Full syncs of the sandbox's account, each into a new SQLite file through a
 * new client (as a first start of the app), the event loop's delay watched
 * throughout (1 ms resolution); timed in turns with the same requests alone.
 */
async function fullSyncRows(sandbox: Sandbox, runs: number): Promise<BenchRow[]> {
  const dir = makeTempDir('cow-desk-bench-');
  const size = sandbox.orders.toLocaleString('en');
  let first: { counts: SyncCounts; requests: Sent[] } | undefined;
  const writeMs: number[] = [];
  const walls: number[] = [];
  let longestBlock = 0;
  let worstP99 = 0;
  const appSync = async () => {
    const store = openStore(join(dir.path, `sync-${writeMs.length}.sqlite`));
    const sent: Sent[] = [];
    const client = recordingClient(sandbox, sent, []);
    try {
      // Warm-up, as in a running app: the first fetch loads undici and zod compiles its schemas.
      await client.orderbook.ordersByUids(1, []);
      await client.orderbook.accountOrders(1, scope.account, { offset: 0, limit: 1 });
      // Their rate-limit window ages out first, as a running app's last requests would have: the sync alone is timed.
      await pace(1_100);
      const delay = monitorEventLoopDelay({ resolution: 1 });
      sent.length = 0;
      delay.enable();
      const began = performance.now();
      const counts = await syncScope({ repo: new OrdersRepo(store.db), orderbook: client.orderbook, now: Date.now }, scope);
      walls.push(performance.now() - began);
      delay.disable();
      first ??= { counts, requests: sent };
      writeMs.push(counts.writeMs);
      longestBlock = Math.max(longestBlock, delay.max / 1e6);
      worstP99 = Math.max(worstP99, delay.percentile(99) / 1e6);
    } finally {
      store.close();
    }
  };
  try {
    // The first sync records the requests the baseline sends; both then run in turns.
    await appSync();
    // A pause between runs, untimed, so neither starts against the other's rate-limit window (client's or service's).
    const pause = () => pace(1_100);
    const { bare } = await interleavedMedians(appSync, () => requestsAlone(first!.requests), runs, 0, pause);
    const wall = { app: median(walls), bare };
    const { counts, requests } = first!;
    const budget = counts.pages + Math.ceil(sandbox.open / 128) + counts.tradeCalls;
    const writing = median(writeMs);
    return [
      { name: `${size}: full sync requests (${counts.pages} pages, ${counts.byUidsCalls} by_uids, ${counts.tradeCalls} trades; ${sandbox.open} open)`, value: requests.length, unit: 'requests', goal: `<= pages + ceil(open/128) + trade pages = ${budget}` },
      {
        name: `${size}: full sync wall time at the client's background budget, 4 of its 5 req/s (median of ${walls.length}, in turns with the baseline)`,
        value: wall.app / 1000,
        unit: 's',
        goal: sandbox.orders <= 10_000 ? '< 10 s' : 'linear, bounded by requests (about 1x the same requests alone)',
        baseline: { name: 'the same requests alone at the same budget', value: wall.bare / 1000 },
      },
      {
        name: `${size}: store writing during the sync (the writer thread's time, commits included; median of ${writeMs.length})`,
        value: writing / 1000,
        unit: 's',
        goal: `below the requests alone (${(wall.bare / 1000).toFixed(1)} s), so the requests bound the sync`,
      },
      { name: `${size}: longest main-thread block during the sync, worst of ${writeMs.length} (event loop delay max; OS preemption on a busy machine included)`, value: longestBlock, unit: 'ms', goal: '< 50 ms' },
      { name: `${size}: event loop delay during the sync, 99th percentile, worst of ${writeMs.length}`, value: worstP99, unit: 'ms', goal: '< 10 ms' },
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

/**
 * A user's quote while a full sync runs (each sync into a new file), beside
 * the same quote with nothing else running, in turns: a quote at a time, a
 * user's pace apart, so what it waits for is the sync's use of the budget.
 */
async function quoteDuringSync(sandbox: Sandbox): Promise<BenchRow> {
  const dir = makeTempDir('cow-desk-bench-');
  const during: number[] = [];
  const alone: number[] = [];
  const timedQuotes = async (client: Client, into: number[], count: number) => {
    for (let i = 0; i < count; i += 1) {
      const began = performance.now();
      await userQuote(client);
      into.push(performance.now() - began);
      await pace(USER_PACE_MS);
    }
  };
  try {
    for (let round = 0; round < QUOTE_ROUNDS; round += 1) {
      const store = openStore(join(dir.path, `quote-${round}.sqlite`));
      const client = recordingClient(sandbox, [], []);
      try {
        let syncing = true;
        const sync = syncScope({ repo: new OrdersRepo(store.db), orderbook: client.orderbook, now: Date.now }, scope).finally(() => (syncing = false));
        // Into the sync's stride before the first quote.
        await pace(USER_PACE_MS);
        while (syncing) await timedQuotes(client, during, 1);
        await sync;
        await pace(1_100);
        await timedQuotes(client, alone, QUOTES_ALONE);
      } finally {
        store.close();
      }
    }
  } finally {
    dir.remove();
  }
  return {
    name: `a user's quote while a 10k sync runs (median of ${during.length}, ${QUOTE_ROUNDS} syncs)`,
    value: median(during),
    unit: 'ms',
    goal: 'never queues behind background work (about 1x a quote alone)',
    baseline: { name: `the same quote with nothing else running (median of ${alone.length})`, value: median(alone) },
  };
}

/**
 * The history sync of a 10,000-order and a 100,000-order account (a quarter
 * open, one in seven EthFlow) against the sandbox in its own process, through
 * the app's own API client at its default rate limits (the sandbox at its own
 * defaults), into a real SQLite file: requests, wall time beside the same
 * requests alone, the writer's time, the longest event-loop block while it
 * runs; at 10k then a resync with nothing new and a 100-quote burst.
 */
export const syncBench: Bench = {
  title: 'History sync (sandbox process, default limits)',
  async run() {
    const rows: BenchRow[] = [];
    const sandbox = await sandboxProcess(ORDERS);
    const dir = makeTempDir('cow-desk-bench-');
    const store = openStore(join(dir.path, 'resync.sqlite'));
    try {
      rows.push(...(await fullSyncRows(sandbox, 3)));

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
        syncStore.close();
      }
      rows.push(await quoteDuringSync(sandbox));
    } finally {
      store.close();
      dir.remove();
      await sandbox.stop();
    }

    const large = await sandboxProcess(LARGE);
    try {
      rows.push(...(await fullSyncRows(large, LARGE_RUNS)));
    } finally {
      await large.stop();
    }
    return rows;
  },
};
