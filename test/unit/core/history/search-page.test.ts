import type BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it, vi } from 'vitest';
import type { HistoryQuery } from '../../../../main/common/history/history-schema';
import { pagePlan, ROW_CHECK_BUDGET } from '../../../../main/core/history/history-page-sql';
import { compileQuery, iterateHistory, queryHistory } from '../../../../main/core/history/history-query';
import { toOrderParams } from '../../../../main/core/history/order-row';
import { OrdersRepo } from '../../../../main/core/history/orders-repo';
import { openStore } from '../../../../main/core/store/open-store';
import { apiOrders } from '../../../bench/api-orders';

// 7000 orders, newest first by rowid; the older half carries the app code "oldcode", 30% of them "midcode" spread
// through the history. A search's page through History's own reader, the SQL it prepares noted.
const ORDERS = 7000;
const db = openStore(':memory:').db;
const { orders } = apiOrders(ORDERS, { seed: 353 });
new OrdersRepo(db).writeOrders(orders.map((order) => toOrderParams(order, order.owner, 1, 'production', 1)));
db.prepare("UPDATE orders SET app_code = CASE WHEN rowid > ? THEN 'oldcode' ELSE 'newcode' END || CASE WHEN rowid % 10 < 3 THEN ' midcode' ELSE '' END").run(ORDERS / 2);
const uids = (rows: { uid: string }[]) => rows.map((row) => row.uid);

function reading(search: string, pages: number, limit: number, sort?: HistoryQuery['sort']) {
  const prepared: string[] = [];
  const prepare = db.prepare.bind(db);
  const spy = vi.spyOn(db, 'prepare').mockImplementation(((sql: string) => (prepared.push(sql), prepare(sql))) as BetterSqlite3.Database['prepare']);
  try {
    const read = Array.from({ length: pages }, (_, page) => uids(queryHistory(db, { filter: { search }, ...(sort ? { sort } : {}), limit, offset: page * limit }, 'production').rows));
    return { read, checked: prepared.some((sql) => sql.includes('search_row')) };
  } finally {
    spy.mockRestore();
  }
}

describe('a History search page', () => {
  it('reads matches that lie past the check budget in its sort off the listed matches, page after page', () => {
    const expected = uids([...iterateHistory(db, { filter: { search: 'oldcode' }, limit: 50 }, 'production')]);
    expect(expected.length).toBe(ORDERS / 2);
    // Newest first, the budget's rows are all newer than the first match.
    expect(ORDERS / 2).toBeGreaterThan(ROW_CHECK_BUDGET);
    const { read, checked } = reading('oldcode', 3, 50);
    expect(checked).toBe(true);
    expect(read.flat()).toEqual(expected.slice(0, 150));
  });

  it('checks a search spread through the sort on the rows it walks, page after page, exactly as the listed matches read', () => {
    for (const sort of [undefined, { column: 'sellAmount', direction: 'asc' }, { column: 'uid', direction: 'desc' }] as const) {
      const expected = uids([...iterateHistory(db, { filter: { search: 'midcode' }, ...(sort ? { sort } : {}), limit: 50 }, 'production')]);
      const { read, checked } = reading('midcode', 4, 50, sort);
      expect(checked).toBe(true);
      expect({ sort, uids: read.flat() }).toEqual({ sort, uids: expected.slice(0, 200) });
    }
  });

  it("reads the checked page in the walk's own order: SQLite sorts nothing, so the check ends once the page is full", () => {
    const compiled = compileQuery({ filter: { search: 'midcode' }, sort: { column: 'sellAmount', direction: 'asc' }, limit: 50 }, 'production');
    for (const boundary of [undefined, [1, '1', 'open', 'sell', 1, 7]]) {
      const plan = pagePlan({ ...compiled, offset: boundary ? 50 : 0 }, { total: 2100, environmentTotal: ORDERS }, boundary);
      expect(plan.checked).toBe(true);
      const steps = (db.prepare(`EXPLAIN QUERY PLAN ${plan.sql}`).all(...plan.params) as { detail: string }[]).map((step) => step.detail);
      expect(steps.some((step) => step.includes('TEMP B-TREE'))).toBe(false);
    }
  });

  it("weighs the search's share of the environment's orders: 30% of them, 200 a page, are read off the listed matches", () => {
    const { read, checked } = reading('midcode', 2, 200);
    expect(checked).toBe(false);
    expect(read.flat()).toEqual(uids([...iterateHistory(db, { filter: { search: 'midcode' }, limit: 200 }, 'production')]).slice(0, 400));
  });
});
