import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NEWS_WINDOW_MS } from '../../../main/common/orders/transitions';
import { FIRST_PAGE, ORDERS_PAGE, REFRESH_ROTATION, syncScope, TRADES_PAGE, type SyncCounts } from '../../../main/core/history/sync-engine';
import { startSandbox, TEST_ACCOUNTS, type Sandbox } from '../../sandbox';
import { placeOrder, UNTHROTTLED } from '../sandbox/sandbox-kit';
import { historyKit, requestCounts, scopeOf, seedDistinct } from './history-kit';

const ORDERS = 10_000;

describe('history sync against the sandbox: 10,000 orders', () => {
  let sandbox: Sandbox;
  let kit: ReturnType<typeof historyKit>;
  let uids: string[];
  let firstPageBytes = 0;
  const trader = TEST_ACCOUNTS.trader.address;
  const scope = scopeOf(trader);
  const sync = (now = Date.now) => syncScope({ repo: kit.repo, orderbook: kit.client.orderbook, now }, scope);
  /** The order's recorded transitions (migration 008), as from → to statuses. */
  const transitionsOf = (uid: string) =>
    (kit.store.db.prepare('SELECT from_status, to_status FROM order_transitions WHERE uid = ? ORDER BY id').all(uid.toLowerCase()) as { from_status: string; to_status: string }[]).map(
      (row) => [row.from_status, row.to_status],
    );
  const openCount = () => uids.filter((uid) => ['open', 'presignaturePending'].includes((sandbox.orders.get(uid) as { status: string }).status)).length;
  const stored = () => (kit.store.db.prepare('SELECT count(*) AS n FROM orders WHERE account = ?').get(trader) as { n: number }).n;
  const changes = () => (kit.store.db.prepare('SELECT total_changes() AS n').get() as { n: number }).n;
  const bytesSince = (start: number) => kit.received.slice(start).reduce((sum, entry) => sum + entry.bytes, 0);

  beforeAll(async () => {
    sandbox = await startSandbox({ rateLimits: UNTHROTTLED });
    uids = seedDistinct(sandbox, 1, trader, ORDERS);
    kit = historyKit(sandbox);
  }, 60_000);
  afterAll(async () => {
    await kit.close();
    await sandbox.close();
  });

  it('syncs every order and every fill (EthFlow ones too) with order pages and owner-paged trade pages, never a request per order', { timeout: 120_000 }, async () => {
    const counts = await sync();
    const requests = requestCounts(sandbox);
    const open = openCount();
    expect(stored()).toBe(ORDERS);
    const fills = (kit.store.db.prepare('SELECT count(*) AS n FROM trades').get() as { n: number }).n;
    expect(requests.pages).toBe(Math.floor(ORDERS / ORDERS_PAGE) + 1);
    expect(requests.trades).toBe(Math.floor(fills / TRADES_PAGE) + 1);
    // The pages just brought every open order: none is asked for again.
    expect(requests.byUids).toBe(0);
    expect(requests.total).toBeLessThanOrEqual(requests.pages + Math.ceil(open / 128) + requests.trades);
    expect(counts).toMatchObject({ pages: requests.pages, byUidsCalls: 0, tradeCalls: requests.trades, orders: ORDERS, ordersWritten: ORDERS });
    const missingFills = kit.store.db.prepare("SELECT count(*) AS n FROM orders WHERE executed_sell_amount <> '0' AND uid NOT IN (SELECT order_uid FROM trades)").get() as { n: number };
    expect(missingFills.n).toBe(0);
    const ethflowFills = kit.store.db.prepare("SELECT count(*) AS n FROM trades JOIN orders ON orders.uid = trades.order_uid WHERE orders.owner <> ?").get(trader) as { n: number };
    expect(ethflowFills.n).toBeGreaterThan(0);
    // What the old resync downloaded every time: the newest 1000 orders (here the first two pages).
    firstPageBytes = kit.received.filter((entry) => entry.path.includes('/account/')).slice(0, 1000 / ORDERS_PAGE).reduce((sum, entry) => sum + entry.bytes, 0);
    console.info(`first sync of ${ORDERS} orders (${open} open, ${fills} fills): ${requests.pages} pages + ${requests.byUids} by_uids + ${requests.trades} trade requests`);
  });

  it('resyncs with no changes in one small page per list plus one rotating refresh, writing no order or fill, 10x fewer bytes than a page', async () => {
    sandbox.resetRequests();
    const start = kit.received.length;
    const before = changes();
    const synced = kit.repo.cursor(scope).lastSyncedAt!;
    const counts: SyncCounts = await sync();
    const requests = requestCounts(sandbox);
    expect(requests).toEqual({ pages: 1, byUids: 1, trades: 1, total: 3 });
    // The writer thread counts the order and fill rows that changed; the cursor moved on (written there too).
    expect(counts).toMatchObject({ ordersWritten: 0, tradesWritten: 0 });
    expect(kit.repo.cursor(scope).lastSyncedAt).toBeGreaterThan(synced);
    // And the main connection wrote nothing.
    expect(changes() - before).toBe(0);
    const moved = bytesSince(start);
    expect(moved * 10).toBeLessThanOrEqual(firstPageBytes);
    expect(stored()).toBe(ORDERS);
    console.info(`no-change resync: ${moved} bytes (refetching the newest 1000 orders: ${firstPageBytes} bytes)`);
  });

  it('picks up a new order and its fill incrementally', async () => {
    const uid = await placeOrder(sandbox, TEST_ACCOUNTS.trader.privateKey);
    sandbox.settle();
    sandbox.resetRequests();
    const counts = await sync();
    expect(requestCounts(sandbox)).toMatchObject({ pages: 1, trades: 1 });
    expect(kit.repo.get(uid)).toMatchObject({ status: 'fulfilled' });
    expect(kit.repo.tradesOf(uid)).toHaveLength(1);
    expect(stored()).toBe(ORDERS + 1);
    expect(counts.tradesWritten).toBe(1);
    // Placed (elsewhere) since the last pass, minutes ago: what happened to it is news, recorded for the alerts.
    expect(transitionsOf(uid)).toEqual([['open', 'fulfilled']]);
  });

  it('refreshes an open order whose validity ran out without waiting for the rotation', async () => {
    const open = uids.filter((uid) => (sandbox.orders.get(uid) as { status: string }).status === 'open');
    const lapsed = open.at(-1)!;
    // Pretend the stored copy expired an hour ago: the service now says "expired" for it.
    const hourAgo = Math.floor(Date.now() / 1000) - 3600;
    kit.store.db.prepare('UPDATE orders SET valid_to = ?, expires_at = ? WHERE uid = ?').run(hourAgo, hourAgo, lapsed);
    sandbox.resetRequests();
    await sync();
    const requests = requestCounts(sandbox);
    expect(requests.byUids).toBe(1);
    expect(kit.repo.get(lapsed)?.valid_to).toBe((sandbox.orders.get(lapsed) as { validTo: number }).validTo);
  });
});

describe('history sync: orders placed since the last pass', () => {
  let sandbox: Sandbox;
  let kit: ReturnType<typeof historyKit>;
  const trader = TEST_ACCOUNTS.trader.address;
  const scope = scopeOf(trader);
  let placedCount = 0;
  /** An order of the trader placed now (elsewhere, as far as the sync knows), each one distinct. */
  const place = () => placeOrder(sandbox, TEST_ACCOUNTS.trader.privateKey, { sellAmount: 10n ** 18n + BigInt((placedCount += 1)) });
  /** A pass that notes, at each progress of the order walk, how many of `uids` the store holds. */
  const syncWatching = async (uids: readonly string[], now = Date.now) => {
    const seen: { done: number; held: number }[] = [];
    const held = () => uids.filter((uid) => kit.repo.get(uid)).length;
    const counts = await syncScope(
      { repo: kit.repo, orderbook: kit.client.orderbook, now, onProgress: (progress) => progress.phase === 'orders' && seen.push({ done: progress.done, held: held() }) },
      scope,
    );
    return { counts, seen };
  };
  const transitionsOf = (uid: string) => kit.store.db.prepare('SELECT from_status, to_status FROM order_transitions WHERE uid = ?').all(uid.toLowerCase());

  beforeAll(async () => {
    // Orders are placed here faster than the live 5 a second.
    sandbox = await startSandbox({ rateLimits: UNTHROTTLED });
    seedDistinct(sandbox, 1, trader, 40);
    kit = historyKit(sandbox);
    await syncScope({ repo: kit.repo, orderbook: kit.client.orderbook, now: Date.now }, scope);
  }, 60_000);
  afterAll(async () => {
    await kit.close();
    await sandbox.close();
  });

  it('counts a new order still open as written, so History is told of it', async () => {
    const uid = await place();
    const { counts } = await syncWatching([uid]);
    expect(kit.repo.get(uid)).toMatchObject({ status: 'open' });
    expect(counts.ordersWritten).toBe(1);
  });

  it('says a page of new orders is done only once the store holds them', async () => {
    // More than the resync's first page: that page is all new orders.
    const uids: string[] = [];
    for (let i = 0; i <= FIRST_PAGE; i += 1) uids.unshift(await place());
    const { seen } = await syncWatching(uids);
    // The first page is all new; the walk may have stored the next one already.
    expect(seen[0]!.done).toBe(FIRST_PAGE);
    expect(seen[0]!.held).toBeGreaterThanOrEqual(FIRST_PAGE);
    expect(uids.filter((uid) => kit.repo.get(uid))).toHaveLength(uids.length);
  });

  it('stores an order placed while no pass ran for longer than the news window as history: no transition', async () => {
    const uid = await place();
    sandbox.settle();
    await syncWatching([uid], () => Date.now() + NEWS_WINDOW_MS + 60_000);
    expect(kit.repo.get(uid)).toMatchObject({ status: 'fulfilled' });
    expect(transitionsOf(uid)).toEqual([]);
  });
});

describe('history sync: new fills of open orders older than the head', () => {
  let sandbox: Sandbox;
  let kit: ReturnType<typeof historyKit>;
  const trader = TEST_ACCOUNTS.trader.address;
  const scope = scopeOf(trader);
  // On the sandbox's clock: by the wall clock the orders' validity could run out, and the pass refresh them for that.
  const sync = () => syncScope({ repo: kit.repo, orderbook: kit.client.orderbook, now: () => sandbox.clock.now() * 1000 }, scope);
  afterAll(async () => {
    await kit.close();
    await sandbox.close();
  });

  it('asks for each by UID on the next pass and stores it as the service has it, not only those the rotation reaches', { timeout: 60_000 }, async () => {
    sandbox = await startSandbox({ rateLimits: UNTHROTTLED });
    // Open orders the price table never fills: the rotation reaches 48 of them a pass, by UID.
    seedDistinct(sandbox, 1, trader, 4 * REFRESH_ROTATION, 1);
    const partial: string[] = [];
    for (let i = 0n; i < 8n; i += 1n) partial.push(await placeOrder(sandbox, TEST_ACCOUNTS.trader.privateKey, { partiallyFillable: true, sellAmount: 10n ** 18n + i }));
    // Newer than those, a first page of orders no batch fills: the next pass's order walk stops before the partial ones.
    for (let i = 0n; i < BigInt(FIRST_PAGE); i += 1n) await placeOrder(sandbox, TEST_ACCOUNTS.trader.privateKey, { buyAmount: 10n ** 15n + i });
    kit = historyKit(sandbox);
    await sync();
    expect(partial.map((uid) => kit.repo.get(uid)?.status)).toEqual(partial.map(() => 'open'));

    const filled = sandbox.settle({ partialFraction: 0.5 }).fills.map((fill) => fill.uid);
    expect([...filled].sort()).toEqual([...partial].sort());
    sandbox.resetRequests();
    await sync();
    expect(requestCounts(sandbox)).toMatchObject({ pages: 1, trades: 1 });
    // Half filled and still open: the order page did not bring them, their fills did.
    const executed = (uid: string) => (sandbox.orders.get(uid) as { executedSellAmount: string }).executedSellAmount;
    expect(partial.map(executed).every((amount) => BigInt(amount) > 0n)).toBe(true);
    expect(partial.map((uid) => kit.repo.get(uid)?.executed_sell_amount)).toEqual(partial.map(executed));
  });
});

describe('history sync progress', () => {
  let sandbox: Sandbox;
  let kit: ReturnType<typeof historyKit>;
  const trader = TEST_ACCOUNTS.trader.address;
  const scope = scopeOf(trader);

  beforeAll(async () => {
    sandbox = await startSandbox({ rateLimits: UNTHROTTLED });
    seedDistinct(sandbox, 1, trader, 2_500);
  }, 60_000);
  afterAll(async () => {
    await sandbox.close();
  });

  it('counts as done only orders already in the store, page after page', async () => {
    kit = historyKit(sandbox);
    try {
      const seen: { done: number; stored: number }[] = [];
      const stored = () => (kit.store.db.prepare('SELECT count(*) AS n FROM orders WHERE account = ?').get(trader) as { n: number }).n;
      await syncScope(
        { repo: kit.repo, orderbook: kit.client.orderbook, now: Date.now, onProgress: (progress) => progress.phase === 'orders' && seen.push({ done: progress.done, stored: stored() }) },
        scope,
      );
      expect(seen.map((entry) => entry.done)).toEqual([1000, 2000, 2500]);
      for (const entry of seen) expect(entry.stored).toBeGreaterThanOrEqual(entry.done);
    } finally {
      await kit.close();
    }
  });

  it('fails the pass with the error of a progress listener that throws (the watcher writing into a busy store), not an unhandled rejection', async () => {
    kit = historyKit(sandbox);
    try {
      const busy = Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' });
      const pass = syncScope(
        {
          repo: kit.repo,
          orderbook: kit.client.orderbook,
          now: Date.now,
          onProgress: () => {
            throw busy;
          },
        },
        scope,
      );
      await expect(pass).rejects.toBe(busy);
    } finally {
      await kit.close();
    }
  });
});
