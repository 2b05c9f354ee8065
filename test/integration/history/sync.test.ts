import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syncScope } from '../../../main/core/history/sync-engine';
import { startSandbox, TEST_ACCOUNTS, type Sandbox } from '../../sandbox';
import { placeOrder } from '../sandbox/sandbox-kit';
import { historyKit, requestCounts, scopeOf, seedDistinct } from './history-kit';

const ORDERS = 10_000;

describe('history sync against the sandbox: 10,000 orders', () => {
  let sandbox: Sandbox;
  let kit: ReturnType<typeof historyKit>;
  let uids: string[];
  const trader = TEST_ACCOUNTS.trader.address;
  const scope = scopeOf(trader);
  const sync = () => syncScope({ repo: kit.repo, orderbook: kit.client.orderbook, now: Date.now }, scope);
  const openCount = () => uids.filter((uid) => ['open', 'presignaturePending'].includes((sandbox.orders.get(uid) as { status: string }).status)).length;
  const stored = () => (kit.store.db.prepare('SELECT count(*) AS n FROM orders WHERE account = ?').get(trader) as { n: number }).n;

  beforeAll(async () => {
    sandbox = await startSandbox();
    uids = seedDistinct(sandbox, 1, trader, ORDERS);
    kit = historyKit(sandbox);
  }, 60_000);
  afterAll(async () => {
    kit.close();
    await sandbox.close();
  });

  it('syncs every order with ceil(10000/1000)+1 pages and ceil(open/128) by_uids calls, and the fills', { timeout: 120_000 }, async () => {
    const counts = await sync();
    const requests = requestCounts(sandbox);
    const open = openCount();
    expect(stored()).toBe(ORDERS);
    expect(requests.pages).toBe(Math.ceil(ORDERS / 1000) + 1);
    expect(requests.byUids).toBe(Math.ceil(open / 128));
    // Fills: the owner's trade list in pages, plus one request per filled EthFlow order (their trades are filed under the EthFlow contract).
    const filledEthflow = (kit.store.db.prepare("SELECT count(*) AS n FROM orders WHERE owner <> ? AND executed_sell_amount <> '0'").get(trader) as { n: number }).n;
    const ownTrades = (kit.store.db.prepare('SELECT count(*) AS n FROM trades WHERE owner = ?').get(trader) as { n: number }).n;
    expect(requests.trades).toBe(Math.floor(ownTrades / 1000) + 1 + filledEthflow);
    expect(requests.total).toBe(requests.pages + requests.byUids + requests.trades);
    expect(counts).toMatchObject({ pages: requests.pages, byUidsCalls: requests.byUids, tradeCalls: requests.trades, orders: ORDERS });
    const missingFills = kit.store.db.prepare("SELECT count(*) AS n FROM orders WHERE executed_sell_amount <> '0' AND uid NOT IN (SELECT order_uid FROM trades)").get() as { n: number };
    expect(missingFills.n).toBe(0);
    console.info(`first sync of ${ORDERS} orders (${open} open): ${requests.pages} pages + ${requests.byUids} by_uids + ${requests.trades} trade requests`);
  });

  it('resyncs with no changes in 1 page request plus by_uids for the open orders only', async () => {
    sandbox.resetRequests();
    await sync();
    const requests = requestCounts(sandbox);
    expect(requests).toEqual({ pages: 1, byUids: Math.ceil(openCount() / 128), trades: 0, total: 1 + Math.ceil(openCount() / 128) });
    expect(stored()).toBe(ORDERS);
  });

  it('picks up a new order and its fill incrementally', async () => {
    const uid = await placeOrder(sandbox, TEST_ACCOUNTS.trader.privateKey);
    sandbox.settle();
    sandbox.resetRequests();
    await sync();
    expect(requestCounts(sandbox)).toMatchObject({ pages: 1, trades: 1 });
    expect(kit.repo.get(uid)).toMatchObject({ status: 'fulfilled', trades_for: expect.any(String) });
    expect(kit.repo.tradesOf(uid)).toHaveLength(1);
    expect(stored()).toBe(ORDERS + 1);
  });
});
