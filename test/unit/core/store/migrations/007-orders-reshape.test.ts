import BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { queryHistory } from '../../../../../main/core/history/history-query';
import { apiOrderOf, toOrderParams } from '../../../../../main/core/history/order-row';
import { OrdersRepo } from '../../../../../main/core/history/orders-repo';
import { migrate } from '../../../../../main/core/store/migrate';
import { MIGRATIONS } from '../../../../../main/core/store/migrations';
import { openStore } from '../../../../../main/core/store/open-store';
import { apiOrders } from '../../../../bench/api-orders';
import { writeLegacyOrder } from './legacy-orders';

const ORDERS = 300;

/** A store at version 6 holding orders and fills, written the way versions 3 to 6 did. */
function version6Store() {
  const db = openStore(':memory:', MIGRATIONS.slice(0, 6)).db;
  const { orders, trades } = apiOrders(ORDERS, { seed: 6 });
  const fills = new Map<string, typeof trades>();
  for (const trade of trades) fills.set(trade.orderUid, [...(fills.get(trade.orderUid) ?? []), trade]);
  db.transaction(() => {
    for (const order of orders) writeLegacyOrder(db, order, order.onchainUser ?? order.owner, 1, fills.get(order.uid) ?? []);
  })();
  db.prepare(`INSERT INTO sync_cursors (account, chain_id, environment, head_uid, last_synced_at, last_error) VALUES (?, 1, 'production', ?, 5, NULL)`).run(orders[0]!.owner, orders[0]!.uid);
  return { db, orders, trades };
}

const bytes = (db: BetterSqlite3.Database) => {
  db.exec('VACUUM');
  return (db.pragma('page_count', { simple: true }) as number) * (db.pragma('page_size', { simple: true }) as number);
};

describe('migration 007: orders stored once, indexed for every History sort', () => {
  it('migrates a version 6 store: every order and fill reads back as the service sent it, the search index and cursors survive', () => {
    const { db, orders, trades } = version6Store();
    // The submission journal updated status in the column, not in raw: the column wins.
    const journaled = orders[5]!;
    db.prepare("UPDATE orders SET status = 'unsent', local_state = 'unsent' WHERE uid = ?").run(journaled.uid);
    const rowids = db.prepare('SELECT uid, rowid FROM orders ORDER BY uid').all();

    // On to the current version: every later migration keeps what 007 reshaped (012 copies the amount before fees out of `rest`).
    expect(migrate(db, MIGRATIONS)).toBe(MIGRATIONS.length);

    const repo = new OrdersRepo(db);
    for (const order of orders) {
      const row = repo.get(order.uid)!;
      expect(apiOrderOf(row)).toEqual(order.uid === journaled.uid ? { ...order, status: 'unsent' } : order);
    }
    expect(repo.get(journaled.uid)).toMatchObject({ local_state: 'unsent' });
    const withFills = trades[0]!.orderUid;
    expect(repo.tradesOf(withFills)).toEqual(trades.filter((trade) => trade.orderUid === withFills).sort((a, b) => a.blockNumber - b.blockNumber || a.logIndex - b.logIndex));
    expect((db.prepare('SELECT count(*) AS n FROM trades').get() as { n: number }).n).toBe(trades.length);

    expect(db.prepare('SELECT uid, rowid FROM orders ORDER BY uid').all()).toEqual(rowids);
    expect(() => db.prepare("INSERT INTO orders_fts (orders_fts) VALUES ('integrity-check')").run()).not.toThrow();
    expect(queryHistory(db, { filter: { search: orders[7]!.uid.slice(0, 16) } }, 'production').rows.map((row) => row.uid)).toEqual([orders[7]!.uid]);
    expect(db.pragma('foreign_key_check')).toEqual([]);
    expect(db.prepare('SELECT sum(n) AS n FROM order_counts').get()).toEqual({ n: ORDERS });
    expect(repo.cursor({ account: orders[0]!.owner, chainId: 1, environment: 'production' })).toMatchObject({ headUid: orders[0]!.uid, lastSyncedAt: 5, tradesHead: null });
    const columns = (db.prepare('PRAGMA table_info(orders)').all() as { name: string }[]).map((column) => column.name);
    expect(columns).not.toContain('raw');
    expect(columns).toContain('rest');
  });

  it('stores orders and fills in at most 1.5x their API JSON, from 3x and more before (each field once, the rest packed)', () => {
    const { db, orders, trades } = version6Store();
    const json = [...orders, ...trades].reduce((sum, item) => sum + JSON.stringify(item).length, 0);
    expect(bytes(db)).toBeGreaterThan(2 * json);
    migrate(db, MIGRATIONS.slice(0, 7));
    expect(bytes(db)).toBeLessThanOrEqual(1.5 * json);
  });

  it('rewrites nothing when an identical order comes again, and only the changed row when one changed', () => {
    const db = openStore(':memory:', MIGRATIONS).db;
    const repo = new OrdersRepo(db);
    const { orders } = apiOrders(20, { seed: 9 });
    const rows = (list: typeof orders, now: number) => list.map((order) => toOrderParams(order, order.owner, 1, 'production', now));
    expect(repo.writeOrders(rows(orders, 1))).toBe(20);
    expect(repo.writeOrders(rows(orders, 2))).toBe(0);
    const changed = orders.map((order, index) => (index === 3 ? { ...order, status: 'cancelled', invalidated: true } : order));
    expect(repo.writeOrders(rows(changed, 3))).toBe(1);
  });
});
