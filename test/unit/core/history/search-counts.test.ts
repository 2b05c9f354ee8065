import { describe, expect, it } from 'vitest';
import { ftsQuery } from '../../../../main/core/history/history-query';
import { toOrderParams } from '../../../../main/core/history/order-row';
import { OrdersRepo } from '../../../../main/core/history/orders-repo';
import { searchCounts } from '../../../../main/core/history/search-counts';
import { openStore } from '../../../../main/core/store/open-store';
import { apiOrders } from '../../../bench/api-orders';

describe("a search's counts", () => {
  // 40 orders, 30 in production and 10 in staging; app codes chosen so that the words below start no term, one
  // term, or two that share rows ("desk" and "deskbound", one of them in every row: listed).
  const db = openStore(':memory:').db;
  const repo = new OrdersRepo(db);
  const { orders } = apiOrders(40, { seed: 19 });
  repo.writeOrders(orders.map((order, index) => toOrderParams(order, order.owner, 1, index < 30 ? 'production' : 'staging', 1)));
  const appCode = (index: number) => (index < 10 ? 'alpha desk' : index < 20 ? 'alphabet desk' : index < 25 ? 'alpha alphabet deskbound desk' : 'beta desk');
  const setCode = db.prepare('UPDATE orders SET app_code = ? WHERE uid = ?');
  orders.forEach((order, index) => setCode.run(appCode(index), order.uid.toLowerCase()));
  /** What the full-text index lists for the search, counted: the reference. */
  const listed = (match: string) => db.prepare('SELECT count(*) FROM orders_fts WHERE orders_fts MATCH ?').pluck().get(match) as number;
  const counts = (search: string) => searchCounts(db, ftsQuery(search)!, 'production');

  it('counts what the full-text index lists, whatever terms the word starts', () => {
    for (const search of ['zzz', 'alphab', 'ALPHAB', 'alpha', 'desk', 'de', 'beta', 'cancelled', 'alpha desk', 'ålpha', 'al-pha', 'Filled']) {
      expect({ search, matches: counts(search).matches }).toEqual({ search, matches: listed(ftsQuery(search)!) });
    }
    // The cases each way of counting answers, checked by hand: no term, one term, two sharing rows, two of which one
    // is in every row.
    expect(counts('beta').matches).toBe(15);
    expect(counts('zzz').matches).toBe(0);
    expect(counts('alphab').matches).toBe(15);
    // "alpha" and "alphabet" are both in five orders: 25 orders, not 30.
    expect(counts('alpha').matches).toBe(25);
    expect(counts('desk').matches).toBe(40);
  });

  it('counts the stored orders, every environment and the asked one', () => {
    expect(counts('desk')).toEqual({ matches: 40, stored: 40, inEnvironment: 30 });
    expect(searchCounts(db, ftsQuery('desk')!, 'staging')).toEqual({ matches: 40, stored: 40, inEnvironment: 10 });
  });
});
