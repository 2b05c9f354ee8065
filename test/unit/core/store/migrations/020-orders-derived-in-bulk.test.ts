import { describe, expect, it } from 'vitest';
import { toOrderParams } from '../../../../../main/core/history/order-row';
import { OrdersRepo } from '../../../../../main/core/history/orders-repo';
import { migrate } from '../../../../../main/core/store/migrate';
import { MIGRATIONS } from '../../../../../main/core/store/migrations';
import { ordersDerivedInBulkMigration } from '../../../../../main/core/store/migrations/020-orders-derived-in-bulk';
import { openStore } from '../../../../../main/core/store/open-store';
import { apiOrders } from '../../../../bench/api-orders';

const COUNTED = 'environment, account, chain_id, status, kind';

describe('migration 020: the full-text and count triggers leave a batch its own orders', () => {
  it('guards each of the nine, and a version 19 store counts and finds what it held and what is written after', () => {
    const db = openStore(':memory:', MIGRATIONS.slice(0, MIGRATIONS.indexOf(ordersDerivedInBulkMigration))).db;
    const repo = new OrdersRepo(db);
    const { orders } = apiOrders(120, { seed: 201 });
    const write = (some: typeof orders) => repo.writeOrders(some.map((order) => toOrderParams(order, order.owner, 1, 'production', 1)));
    write(orders.slice(0, 80));
    expect(migrate(db, MIGRATIONS)).toBe(MIGRATIONS.length);
    const triggers = db.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND sql LIKE '%derived_later%' ORDER BY name").all() as { name: string; sql: string }[];
    expect(triggers.map(({ name }) => name)).toEqual([
      'order_counts_delete', 'order_counts_insert', 'order_counts_update', 'order_token_counts_delete', 'order_token_counts_insert', 'order_token_counts_update',
      'orders_fts_delete', 'orders_fts_insert', 'orders_fts_update',
    ]);
    for (const { name, sql } of triggers) expect(sql, name).toContain(`WHEN NOT derived_later(${name.endsWith('_delete') ? 'old' : 'new'}.rowid) BEGIN`);
    write(orders.slice(80));
    expect(db.prepare(`SELECT ${COUNTED}, n FROM order_counts WHERE n <> 0 ORDER BY ${COUNTED}`).all()).toEqual(
      db.prepare(`SELECT ${COUNTED}, count(*) AS n FROM orders GROUP BY ${COUNTED} ORDER BY ${COUNTED}`).all(),
    );
    expect(() => db.exec("INSERT INTO orders_fts (orders_fts, rank) VALUES ('integrity-check', 1)")).not.toThrow();
    expect(db.prepare('SELECT count(*) FROM orders_fts WHERE orders_fts MATCH ?').pluck().get(`"${orders[100]!.uid}"`)).toBe(1);
  });
});
