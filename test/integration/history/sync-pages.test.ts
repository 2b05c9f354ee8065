import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { toOrderParams } from '../../../main/core/history/order-row';
import { OrdersRepo } from '../../../main/core/history/orders-repo';
import { syncScope } from '../../../main/core/history/sync-engine';
import { openSyncWriter } from '../../../main/core/history/sync-writer';
import { openStore, type Store } from '../../../main/core/store/open-store';
import { makeTempDir } from '../../helpers/temp-dir';
import { startSandbox, TEST_ACCOUNTS, type Sandbox } from '../../sandbox';
import type { RequestOutcome } from '../../../main/core/api/http-client';
import { clientFor } from '../api/client-kit';
import { placeOrder, UNTHROTTLED } from '../sandbox/sandbox-kit';
import { scopeOf, seedDistinct } from './history-kit';

const ORDERS = 2_500;
const trader = TEST_ACCOUNTS.trader.address;
const scope = scopeOf(trader);

/** A fetch to the sandbox that spoils the answer of the requests `spoil` picks (a service sending what it should not). */
const spoiling =
  (spoil: (url: URL) => ((body: string) => string) | undefined): typeof fetch =>
  async (input, init) => {
    const response = await fetch(input, init);
    const change = spoil(new URL(String(input)));
    if (!change) return response;
    return new Response(change(await response.text()), { status: response.status, headers: { 'content-type': 'application/json' } });
  };

/** Every stored order and fill, as columns (the sync time aside): what History reads. */
const contents = (store: Store) => ({
  orders: store.db.prepare('SELECT * FROM orders ORDER BY uid').all().map((row) => ({ ...(row as Record<string, unknown>), synced_at: 0 })),
  trades: store.db.prepare('SELECT * FROM trades ORDER BY order_uid, block_number, log_index').all(),
});

/**
 * A sync's pages are read on the store's writer thread (bytes in, rows out):
 * what lands and what a bad page says must be what the main thread's reading
 * gave, through the client's own schema.
 */
describe('history sync: pages read on the writer thread', () => {
  let sandbox: Sandbox;
  const dir = makeTempDir('cow-desk-sync-pages-');
  const stores: Store[] = [];
  const open = (name: string) => {
    const store = openStore(join(dir.path, `${name}-${stores.length}.sqlite`));
    stores.push(store);
    return store;
  };

  beforeAll(async () => {
    sandbox = await startSandbox({ rateLimits: UNTHROTTLED });
    seedDistinct(sandbox, 1, trader, ORDERS);
  }, 60_000);
  afterEach(async () => {
    await Promise.all(stores.splice(0).map((store) => store.close()));
  });
  afterAll(async () => {
    dir.remove();
    await sandbox.close();
  });

  /** What the client told the service's health of each attempt, for the last syncInto(). */
  let outcomes: RequestOutcome[] = [];
  const syncInto = (store: Store, fetchFn: typeof fetch = fetch) => {
    const client = clientFor(sandbox, { rateLimits: { orderbook: { perSecond: 100_000 } }, maxAttempts: 1, fetch: fetchFn });
    outcomes = client.outcomes;
    return syncScope({ repo: new OrdersRepo(store.db), orderbook: client.orderbook, now: () => 1 }, scope);
  };

  it('stores every order and fill exactly as the client-read pages written on this thread would', { timeout: 60_000 }, async () => {
    const synced = open('synced');
    await syncInto(synced);

    // The same pages read by the client's own request() (schema checked here) and written through the repository.
    const direct = open('direct');
    const repo = new OrdersRepo(direct.db);
    const client = clientFor(sandbox, { rateLimits: { orderbook: { perSecond: 100_000 } } });
    for (let offset = 0; ; offset += 1000) {
      const page = await client.orderbook.accountOrders(1, trader, { offset, limit: 1000 });
      repo.writeOrders(page.map((order) => toOrderParams(order, trader, 1, 'production', 1)));
      if (page.length < 1000) break;
    }
    for (let offset = 0; ; offset += 1000) {
      const page = await client.orderbook.trades(1, { owner: trader }, { offset, limit: 1000 });
      repo.writeTrades(page);
      if (page.length < 1000) break;
    }

    const expected = contents(direct);
    expect(expected.orders).toHaveLength(ORDERS);
    expect(expected.trades.length).toBeGreaterThan(0);
    expect(contents(synced)).toEqual(expected);
  });

  it('fails the pass on an order page the schema refuses with the client\'s own error, storing none of that page and keeping the cursor', { timeout: 60_000 }, async () => {
    const store = open('bad-orders');
    // The second page: its last order's sell amount is not a number (all the orders before it are good).
    const lastSellAmount = (body: string) => {
      const at = body.lastIndexOf('"sellAmount":"');
      return body.slice(0, at) + body.slice(at).replace(/"sellAmount":"\d+"/, '"sellAmount":"lots"');
    };
    const broken = spoiling((url) => (url.pathname.endsWith('/orders') && url.searchParams.get('offset') === '1000' ? lastSellAmount : undefined));
    await expect(syncInto(store, broken)).rejects.toMatchObject({
      code: 'BAD_RESPONSE',
      status: 200,
      message: 'The service answered GET /api/v1/account/{owner}/orders with data CoW Desk does not understand; nothing was changed.',
    });
    const stored = store.db.prepare('SELECT count(*) AS n FROM orders').get() as { n: number };
    // The first page (1000) is in; nothing of the refused one.
    expect(stored.n).toBe(1000);
    expect(new OrdersRepo(store.db).cursor(scope).headUid).toBeNull();
  });

  it('fails the pass on an order page nested deeper than any answer may be, refused unparsed where it is read (the fetch hands pages over unscanned) as on the way in: none of that page stored, the service reported unhealthy', { timeout: 60_000 }, async () => {
    const store = open('deep-orders');
    // The second page's last order carries a field nested 65 levels deep, which the order's schema would pass over.
    const deepLast = (body: string) => `${body.slice(0, body.lastIndexOf('}'))},"extra":${'['.repeat(65)}${']'.repeat(65)}}]`;
    const deep = spoiling((url) => (url.pathname.endsWith('/orders') && url.searchParams.get('offset') === '1000' ? deepLast : undefined));
    await expect(syncInto(store, deep)).rejects.toMatchObject({ code: 'RESPONSE_TOO_DEEP', message: expect.stringMatching(/^127\.0\.0\.1:\d+ answered GET \/api\/v1\/account\/\{owner\}\/orders with JSON nested more than 64 levels deep/) });
    expect(store.db.prepare('SELECT count(*) AS n FROM orders').get()).toEqual({ n: 1000 });
    expect(outcomes.at(-1)).toMatchObject({ service: 'orderbook', oversize: true });
  });

  it("refuses an unscanned page's error answer nested deeper than any answer may be, as on the way in: unread, not retried, the service reported unhealthy", { timeout: 60_000 }, async () => {
    const store = open('deep-error');
    const deepError: typeof fetch = async (input, init) => {
      if (!new URL(String(input)).pathname.endsWith('/orders')) return fetch(input, init);
      const body = `{"errorType":"InvalidOwner","description":"refused","data":${'['.repeat(65)}${']'.repeat(65)}}`;
      return new Response(body, { status: 400, headers: { 'content-type': 'application/json' } });
    };
    // Unread (read, it would be the service's InvalidOwner).
    await expect(syncInto(store, deepError)).rejects.toMatchObject({ code: 'RESPONSE_TOO_DEEP', retryable: false });
    expect(outcomes.at(-1)).toMatchObject({ service: 'orderbook', oversize: true });
  });

  it('fails the pass on a fill page that is not JSON with the client\'s own error, storing no fill', { timeout: 60_000 }, async () => {
    const store = open('bad-trades');
    const garbled = spoiling((url) => (url.pathname.endsWith('/trades') ? (body) => body.slice(0, body.length / 2) : undefined));
    await expect(syncInto(store, garbled)).rejects.toMatchObject({
      code: 'BAD_RESPONSE',
      message: 'The service answered GET /api/v2/trades with data CoW Desk does not understand; nothing was changed.',
    });
    expect(store.db.prepare('SELECT count(*) AS n FROM orders').get()).toEqual({ n: ORDERS });
    expect(store.db.prepare('SELECT count(*) AS n FROM trades').get()).toEqual({ n: 0 });
  });

  it("fails the pass with the store's own error when it could not write the last order page, though the fills' walk then failed too", { timeout: 60_000 }, async () => {
    const store = open('late-store-failure');
    // The store refuses the last order page (as a disk that filled up mid-sync would); the fills' first page is garbled.
    store.db.exec(`CREATE TRIGGER full_disk BEFORE INSERT ON orders WHEN (SELECT count(*) FROM orders) >= ${ORDERS - 100} BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END`);
    const garbled = spoiling((url) => (url.pathname.endsWith('/trades') ? (body) => body.slice(0, body.length / 2) : undefined));
    await expect(syncInto(store, garbled)).rejects.toMatchObject({ message: 'database or disk is full' });
    expect(store.db.prepare('SELECT count(*) AS n FROM trades').get()).toEqual({ n: 0 });
  });

  it('writes no page once the pass is cancelled, though the page was fetched and handed over before', { timeout: 60_000 }, async () => {
    const store = open('cancelled');
    const repo = new OrdersRepo(store.db);
    const client = clientFor(sandbox, { rateLimits: { orderbook: { perSecond: 100_000 } } }).orderbook;
    const controller = new AbortController();
    const writer = openSyncWriter(repo, controller.signal);
    const ask = () => ({ kind: 'orders', scope, now: 1, headUid: null, placedAreNews: false }) as const;
    const first = writer.page((await client.accountOrdersBody(1, trader, { offset: 0, limit: 1000 })).bytes, ask());
    await expect(first.written).resolves.toBe(1000);
    // Fetched before the cancel: the walk hands pages over up to two ahead of the commits.
    const second = (await client.accountOrdersBody(1, trader, { offset: 1000, limit: 1000 })).bytes;
    controller.abort();
    const dropped = writer.page(second, ask());
    await expect(dropped.written).rejects.toMatchObject({ code: 'SYNC_CANCELLED' });
    await writer.close();
    expect(store.db.prepare('SELECT count(*) AS n FROM orders').get()).toEqual({ n: 1000 });
  });

  /** A fetch to the sandbox that notes each request: its path with offset and limit, and its signal (aborted: cancelled). */
  const noting = (requests: { page: string; signal: AbortSignal | undefined }[], inner: typeof fetch = fetch): typeof fetch => async (input, init) => {
    const url = new URL(String(input));
    requests.push({ page: `${url.pathname.split('/').at(-1)} ${url.searchParams.get('offset')}+${url.searchParams.get('limit')}`, signal: init?.signal ?? undefined });
    return inner(input, init);
  };

  it("asks for a first pass's next page as soon as a full page's bytes are in, before its check, and cancels it when the check refuses the page", { timeout: 60_000 }, async () => {
    const store = open('early-refused');
    const requests: { page: string; signal: AbortSignal | undefined }[] = [];
    const badLast = (body: string) => body.replace(/"sellAmount":"\d+"(?![\s\S]*"sellAmount")/, '"sellAmount":"lots"');
    const spoiled = spoiling((url) => (url.pathname.endsWith('/orders') && url.searchParams.get('offset') === '1000' ? badLast : undefined));
    await expect(syncInto(store, noting(requests, spoiled))).rejects.toMatchObject({ code: 'BAD_RESPONSE' });
    // The third page was asked for on the second's bytes alone (a full 1000), and dropped once the second was refused.
    expect(requests.map((request) => request.page)).toEqual(['orders 0+1000', 'orders 1000+1000', 'orders 2000+1000']);
    expect(requests.map((request) => request.signal?.aborted)).toEqual([false, false, true]);
    expect(store.db.prepare('SELECT count(*) AS n FROM orders').get()).toEqual({ n: 1000 });
  });

  it('cancels the page asked early when a page whose bytes looked full is short, and completes the pass', { timeout: 60_000 }, async () => {
    const store = open('early-short');
    const requests: { page: string; signal: AbortSignal | undefined }[] = [];
    // The last page (500 orders) carries a second "uid" key in each order, which its schema passes over: 1000 of them.
    const twoKeys = (body: string) => body.replaceAll('"uid":', '"extra":{"uid":"x"},"uid":');
    const spoiled = spoiling((url) => (url.pathname.endsWith('/orders') && url.searchParams.get('offset') === '2000' ? twoKeys : undefined));
    await syncInto(store, noting(requests, spoiled));
    const orderPages = requests.filter((request) => request.page.startsWith('orders'));
    expect(orderPages.map((request) => [request.page, request.signal?.aborted])).toEqual([
      ['orders 0+1000', false],
      ['orders 1000+1000', false],
      ['orders 2000+1000', false],
      ['orders 3000+1000', true],
    ]);
    expect(store.db.prepare('SELECT count(*) AS n FROM orders').get()).toEqual({ n: ORDERS });
  });

  it('asks early for no page after a short one, and on a resync for none at all: every page asked for is used', { timeout: 60_000 }, async () => {
    const store = open('early-none');
    const requests: { page: string; signal: AbortSignal | undefined }[] = [];
    await syncInto(store, noting(requests));
    const fills = (store.db.prepare('SELECT count(*) AS n FROM trades').get() as { n: number }).n;
    const pages = (path: string, count: number) => Array.from({ length: Math.floor(count / 1000) + 1 }, (_, at) => `${path} ${at * 1000}+1000`);
    expect(requests.map((request) => request.page)).toEqual([...pages('orders', ORDERS), ...pages('trades', fills)]);
    // 20 orders placed since: the resync's first page (16) is full, the second (64) reaches what is known, full too.
    for (let i = 0; i < 20; i += 1) await placeOrder(sandbox, TEST_ACCOUNTS.trader.privateKey, { sellAmount: 10n ** 15n, validTo: sandbox.clock.now() + 3600 + i });
    requests.length = 0;
    await syncInto(store, noting(requests));
    expect(requests.filter((request) => request.page.startsWith('orders'))).toEqual([
      { page: 'orders 0+16', signal: expect.anything() },
      { page: 'orders 16+64', signal: expect.anything() },
    ]);
    expect(requests.some((request) => request.signal?.aborted)).toBe(false);
    expect(store.db.prepare('SELECT count(*) AS n FROM orders').get()).toEqual({ n: ORDERS + 20 });
  });
});
