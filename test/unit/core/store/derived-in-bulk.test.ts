import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ApiOrder } from '../../../../main/common/protocol/api';
import { toOrderParams, type OrderParams } from '../../../../main/core/history/order-row';
import { orderStatements, OrdersRepo, UPSERT_ORDER_SQL } from '../../../../main/core/history/orders-repo';
import { DERIVE_SQL, derivedLater, writeDerivedInBulk } from '../../../../main/core/store/derived-in-bulk';
import { openStore, type Store } from '../../../../main/core/store/open-store';
import { StoreWriter } from '../../../../main/core/store/store-writer';
import { makeTempDir } from '../../../helpers/temp-dir';
import { apiOrders } from '../../../bench/api-orders';

const COUNTED = 'environment, account, chain_id, status, kind';
const TOKEN_COUNTED = 'environment, sell_key, buy_key, sell_token, buy_token, account, chain_id, status, kind';

/**
 * A batch of orders gets its full-text entries and counts in bulk once written
 * (store/derived-in-bulk.ts, migration 020): what the History counts and
 * searches must be what the triggers alone gave, through every kind of write.
 */
describe('the rows derived from orders written in batches', () => {
  let dir: ReturnType<typeof makeTempDir>;
  let store: Store;
  beforeEach(() => {
    dir = makeTempDir('cow-desk-derived-');
    store = openStore(join(dir.path, 'store.sqlite'));
  });
  afterEach(async () => {
    await store.close();
    dir.remove();
  });

  /** Counts and full-text index against the orders themselves. */
  const expectDerivedInStep = () => {
    const { db } = store;
    expect(db.prepare(`SELECT ${COUNTED}, n FROM order_counts WHERE n <> 0 ORDER BY ${COUNTED}`).all()).toEqual(
      db.prepare(`SELECT ${COUNTED}, count(*) AS n FROM orders GROUP BY ${COUNTED} ORDER BY ${COUNTED}`).all(),
    );
    expect(db.prepare(`SELECT ${TOKEN_COUNTED}, n FROM order_token_counts WHERE n <> 0 ORDER BY ${TOKEN_COUNTED}`).all()).toEqual(
      db.prepare(`SELECT ${TOKEN_COUNTED}, count(*) AS n FROM orders GROUP BY ${TOKEN_COUNTED} ORDER BY ${TOKEN_COUNTED}`).all(),
    );
    // Every entry of the full-text index is its order's text as it is now, and every order has one.
    expect(() => db.exec("INSERT INTO orders_fts (orders_fts, rank) VALUES ('integrity-check', 1)")).not.toThrow();
    const uid = db.prepare('SELECT uid FROM orders ORDER BY rowid DESC LIMIT 1').pluck().get() as string | undefined;
    if (uid) expect(db.prepare('SELECT count(*) FROM orders_fts WHERE orders_fts MATCH ?').pluck().get(`"${uid}"`)).toBe(1);
  };

  const orderRows = (orders: ApiOrder[]): OrderParams[] => orders.map((order) => toOrderParams(order, order.onchainUser ?? order.owner, 1, 'production', 1));
  const rowsOf = (orders: ApiOrder[]) => orderRows(orders) as unknown as Record<string, unknown>[];
  /** The same orders later: some filled, some cancelled, as a resync finds them. */
  const later = (orders: ApiOrder[]) =>
    orders.map((order, i) => (i % 3 === 0 ? { ...order, status: 'fulfilled' as const, executedSellAmount: order.sellAmount } : i % 3 === 1 ? { ...order, status: 'cancelled' as const } : order));

  it('counts and indexes every order a batch inserts, placed first or not, on the main connection and the writer thread alike', async () => {
    const repo = new OrdersRepo(store.db);
    const { orders } = apiOrders(600, { seed: 71 });
    // The main connection: a first look, then news placed since (stored as placed, then as they are, in one batch).
    repo.writeOrders(orderRows(orders.slice(0, 200)));
    repo.writeOrders(orderRows(later(orders.slice(200, 300))), { placedSinceLastLook: true });
    expectDerivedInStep();
    // The writer thread: the same kinds of batch, then orders it holds changed, while the main connection writes too.
    const writer = StoreWriter.forDatabase(store.db)!;
    await writer.run(orderStatements(false), rowsOf(orders.slice(300, 450)));
    await writer.run(orderStatements(true), rowsOf(later(orders.slice(450, 600))));
    await writer.run(orderStatements(false), rowsOf(later(orders.slice(0, 300))));
    repo.writeOrders(orderRows(later(orders.slice(300, 450))));
    expectDerivedInStep();
    expect(store.db.prepare("SELECT count(*) FROM orders_fts WHERE orders_fts MATCH 'status : fulfilled'").pluck().get()).toBe(
      store.db.prepare("SELECT count(*) FROM orders WHERE status = 'fulfilled'").pluck().get(),
    );
    // A delete on the main connection (forgetting orders) keeps them in step by trigger.
    store.db.prepare('DELETE FROM orders WHERE rowid % 5 = 0').run();
    expectDerivedInStep();
  });

  it('leaves to the batch only the orders it inserts: one it inserts and deletes is never counted, older ones are by trigger', async () => {
    const repo = new OrdersRepo(store.db);
    const { orders } = apiOrders(40, { seed: 73 });
    repo.writeOrders(orderRows(orders.slice(0, 20)));
    const writer = StoreWriter.forDatabase(store.db)!;
    const deleteIt = 'DELETE FROM orders WHERE uid = @uid';
    // Orders held already, deleted in a batch; then orders the batch inserts and deletes again.
    await writer.run([deleteIt], rowsOf(orders.slice(0, 5)));
    await writer.run([UPSERT_ORDER_SQL, deleteIt], rowsOf(orders.slice(20, 30)));
    expect(store.db.prepare('SELECT count(*) FROM orders').pluck().get()).toBe(15);
    expectDerivedInStep();
  });

  it("tells the triggers which orders are the batch's own only while it is written, and a batch's writes are one", () => {
    const { db } = store;
    const repo = new OrdersRepo(db);
    const { orders } = apiOrders(13, { seed: 74 });
    repo.writeOrders(orderRows(orders.slice(0, 3)));
    const own = (rowid: number) => db.prepare('SELECT derived_later(?)').pluck().get(rowid);
    const during = db.transaction(() => writeDerivedInBulk(db, () => [own(3), own(4)]))();
    expect(during).toEqual([0, 1]);
    expect(own(4)).toBe(0);
    // A batch written the repository's way leaves its ten new orders to the bulk step: the nine triggers skip each.
    let left = 0;
    const guard = derivedLater(db);
    db.function('derived_later', (rowid: unknown) => {
      const answer = guard(rowid);
      left += answer;
      return answer;
    });
    repo.writeOrders(orderRows(orders.slice(3)));
    expect(left).toBe(10 * 3);
    expectDerivedInStep();
    // Outside a transaction a batch is refused: a failure half-way would leave orders without their derived rows.
    expect(() => writeDerivedInBulk(db, () => 0)).toThrow(/inside a transaction/);
  });

  it("reads only the batch's own orders: each derive looks them up by rowid, never scanning orders or an index of them", () => {
    // Every index of the store is in place here, as in a resync or the watcher's writes (a first sync puts some off).
    const indexes = store.db.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'orders'").pluck().all();
    expect(indexes).toContain('orders_by_account');
    for (const sql of DERIVE_SQL) {
      const plan = (store.db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(0) as { detail: string }[]).map((step) => step.detail);
      // One step reads orders, and it is a search by rowid: never a scan of the table or of an index.
      expect(plan.filter((step) => /^(SCAN|SEARCH) orders\b/.test(step))).toEqual(['SEARCH orders USING INTEGER PRIMARY KEY (rowid>?)']);
    }
  });

  it('adds nothing for a batch that fails: the batch is undone whole', () => {
    const repo = new OrdersRepo(store.db);
    const { orders } = apiOrders(50, { seed: 72 });
    const rows = orderRows(orders);
    // The last row breaks a constraint: the whole batch, its derived rows with it, is rolled back.
    expect(() => repo.writeOrders([...rows.slice(0, 49), { ...rows[49]!, uid: null as unknown as string }])).toThrow();
    expect(store.db.prepare('SELECT count(*) FROM orders').pluck().get()).toBe(0);
    expectDerivedInStep();
    repo.writeOrders(rows);
    expectDerivedInStep();
  });
});
