import { describe, expect, it } from 'vitest';
import { toOrderParams } from '../../../../../main/core/history/order-row';
import { OrdersRepo } from '../../../../../main/core/history/orders-repo';
import { migrate } from '../../../../../main/core/store/migrate';
import { MIGRATIONS } from '../../../../../main/core/store/migrations';
import { searchTermsMigration } from '../../../../../main/core/store/migrations/019-search-terms';
import { openStore } from '../../../../../main/core/store/open-store';
import { apiOrders } from '../../../../bench/api-orders';

describe('migration 019: the search index table of terms', () => {
  it('counts, per term, the rows of the orders a version 18 store holds and of those written after', () => {
    const db = openStore(':memory:', MIGRATIONS.slice(0, MIGRATIONS.indexOf(searchTermsMigration))).db;
    const repo = new OrdersRepo(db);
    const { orders } = apiOrders(120, { seed: 191 });
    const write = (some: typeof orders) => repo.writeOrders(some.map((order) => toOrderParams(order, order.owner, 1, 'production', 1)));
    write(orders.slice(0, 80));
    expect(migrate(db, MIGRATIONS)).toBe(MIGRATIONS.length);
    write(orders.slice(80));
    const rowsOf = (term: string) => db.prepare('SELECT doc FROM orders_fts_terms WHERE term = ?').pluck().get(term) as number | undefined;
    const listed = (term: string) => db.prepare('SELECT count(*) FROM orders_fts WHERE orders_fts MATCH ?').pluck().get(`"${term}"`) as number;
    for (const term of ['cancelled', 'fulfilled', 'open', orders[0]!.owner.toLowerCase(), orders[100]!.uid.toLowerCase()]) {
      expect({ term, rows: rowsOf(term) }).toEqual({ term, rows: listed(term) });
    }
    expect(rowsOf('fulfilled')).toBeGreaterThan(0);
  });
});
