import { join } from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { createApiClient } from '../../main/core/api/api-client';
import type { RequestOutcome } from '../../main/core/api/http-client';
import { OrdersRepo } from '../../main/core/history/orders-repo';
import { ORDERS_PAGE, syncScope } from '../../main/core/history/sync-engine';
import { openStore } from '../../main/core/store/open-store';
import { makeTempDir } from '../helpers/temp-dir';
import { TEST_ACCOUNTS } from '../sandbox';
import { sandboxProcess } from '../integration/history/history-kit';
import type { Bench, BenchRow } from './measure';

const ORDERS = 10_000;
const LARGE = 100_000;
const QUOTES = 100;
const WETH = '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2';
const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';

/** The app's API client to the sandbox at its default rate limits, counting what it receives; a store in a temp file. */
function syncRig(sandbox: Awaited<ReturnType<typeof sandboxProcess>>) {
  const dir = makeTempDir('cow-desk-bench-');
  const store = openStore(join(dir.path, 'sync.sqlite'));
  const received: { path: string; bytes: number }[] = [];
  const outcomes: RequestOutcome[] = [];
  const counting: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    const body = await response.arrayBuffer();
    received.push({ path: new URL(String(input)).pathname, bytes: body.byteLength });
    return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
  const client = createApiClient({
    endpoints: () => ({ orderbook: sandbox.orderbookUrl, tokenService: sandbox.bffUrl, explorer: 'https://explorer.cow.fi' }),
    environment: () => 'production',
    fetch: counting,
    onOutcome: (outcome) => outcomes.push(outcome),
  });
  const repo = new OrdersRepo(store.db);
  const scope = { account: TEST_ACCOUNTS.trader.address, chainId: 1, environment: 'production' as const };
  return {
    client,
    received,
    outcomes,
    sync: () => syncScope({ repo, orderbook: client.orderbook, now: Date.now }, scope),
    /** The first full sync, with the event loop's delay watched throughout (1 ms resolution). */
    async measuredFullSync() {
      // Warm-up, as in a running app: the first fetch loads undici and zod compiles its schemas.
      await client.orderbook.ordersByUids(1, []);
      await client.orderbook.accountOrders(1, scope.account, { offset: 0, limit: 1 });
      received.length = 0;
      const delay = monitorEventLoopDelay({ resolution: 1 });
      delay.enable();
      const start = performance.now();
      const counts = await this.sync();
      const wall = performance.now() - start;
      delay.disable();
      const requests = received.length;
      const budget = counts.pages + Math.ceil(sandbox.open / 128) + counts.tradeCalls;
      const size = sandbox.orders.toLocaleString('en');
      const rows: BenchRow[] = [
        { name: `${size}: full sync requests (${counts.pages} pages, ${counts.byUidsCalls} by_uids, ${counts.tradeCalls} trades; ${sandbox.open} open)`, value: requests, unit: 'requests', goal: `<= pages + ceil(open/128) + trade pages = ${budget}` },
        {
          name: `${size}: full sync wall time at the client's 5 req/s (the budget alone: ${((requests - 5) / 5).toFixed(1)} s)`,
          value: wall / 1000,
          unit: 's',
          goal: sandbox.orders <= 10_000 ? '< 10 s' : 'linear, bounded by requests',
        },
        {
          name: `${size}: store writing during the sync (the writer thread's statement time, commits aside: the other bound beside the requests)`,
          value: counts.writeMs / 1000,
          unit: 's',
          goal: `<= the request budget (${((requests - 5) / 5).toFixed(1)} s), so the requests bound the sync`,
        },
        { name: `${size}: longest main-thread block during the sync (event loop delay max; OS preemption on a busy machine included)`, value: delay.max / 1e6, unit: 'ms', goal: '< 50 ms' },
        { name: `${size}: event loop delay during the sync, 99th percentile`, value: delay.percentile(99) / 1e6, unit: 'ms', goal: '< 50 ms' },
      ];
      return { rows, requests };
    },
    close() {
      store.close();
      dir.remove();
    },
  };
}

/**
 * The history sync of a 10,000-order and a 100,000-order account (a quarter
 * open, one in seven EthFlow) against the sandbox in its own process, through
 * the app's own API client at its default rate limits (the sandbox at its own
 * defaults), into a real SQLite file: requests, wall time, the longest
 * event-loop block while it runs; at 10k then a resync with nothing new and a
 * 100-quote burst.
 */
export const syncBench: Bench = {
  title: 'History sync (sandbox process, default limits)',
  async run() {
    const rows: BenchRow[] = [];
    const sandbox = await sandboxProcess(ORDERS);
    const rig = syncRig(sandbox);
    try {
      const { received, outcomes, client } = rig;
      const full = await rig.measuredFullSync();
      rows.push(...full.rows);
      // What the old resync downloaded every time: the newest 1000 orders.
      const pageBytes = received.filter((entry) => entry.path.includes('/account/')).slice(0, 1000 / ORDERS_PAGE).reduce((sum, entry) => sum + entry.bytes, 0);

      const before = received.length;
      const resync = await rig.sync();
      const resyncBytes = received.slice(before).reduce((sum, entry) => sum + entry.bytes, 0);
      rows.push(
        { name: `no-change resync: bytes received (${received.length - before} requests)`, value: resyncBytes / 1000, unit: 'KB', goal: `<= 1/10 of refetching the newest 1000 orders (${(pageBytes / 1000).toFixed(0)} KB)` },
        { name: 'no-change resync: order and fill rows written', value: resync.ordersWritten + resync.tradesWritten, unit: 'rows', goal: 'only changed rows (0)' },
      );

      // 100 quotes at once: rate through the client's own limiter, and 429s the service sent back.
      const quoteStart = performance.now();
      const quoteOutcomes = outcomes.length;
      await Promise.all(
        Array.from({ length: QUOTES }, () =>
          client.orderbook.quote(1, { sellToken: WETH, buyToken: USDC, from: TEST_ACCOUNTS.trader.address, kind: 'sell', sellAmountBeforeFee: '1000000000000000000' }),
        ),
      );
      const rate = QUOTES / ((performance.now() - quoteStart) / 1000);
      const throttled = outcomes.slice(quoteOutcomes).filter((outcome) => outcome.status === 429).length;
      rows.push({ name: `${QUOTES}-quote burst: quotes a second`, value: rate, unit: '/s', goal: '>= 95% of the 5/s orderbook budget (4.75/s)' });
      rows.push({ name: `${QUOTES}-quote burst: 429 answers`, value: throttled, unit: '', goal: '0' });
    } finally {
      rig.close();
      await sandbox.stop();
    }

    const large = await sandboxProcess(LARGE);
    const largeRig = syncRig(large);
    try {
      rows.push(...(await largeRig.measuredFullSync()).rows);
    } finally {
      largeRig.close();
      await large.stop();
    }
    return rows;
  },
};
