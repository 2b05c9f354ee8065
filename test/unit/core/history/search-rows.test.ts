import { describe, expect, it } from 'vitest';
import { HISTORY_SORT_COLUMNS, type HistoryQuery } from '../../../../main/common/history/history-schema';
import { pageMode, pagePlan, ROW_CHECK_ROWS } from '../../../../main/core/history/history-page-sql';
import { compileQuery, ftsQuery } from '../../../../main/core/history/history-query';
import { toOrderParams } from '../../../../main/core/history/order-row';
import { OrdersRepo } from '../../../../main/core/history/orders-repo';
import { SEARCHED_COLUMNS, searchRow } from '../../../../main/core/history/search-rows';
import { openStore } from '../../../../main/core/store/open-store';
import { apiOrders } from '../../../bench/api-orders';

// 240 orders; some carry app codes and symbols with punctuation, accents and other scripts, which the full-text
// index folds its own way (Ü is u): the row check leaves those rows to it.
const db = openStore(':memory:').db;
const { orders } = apiOrders(240, { seed: 35 });
new OrdersRepo(db).writeOrders(orders.map((order) => toOrderParams(order, order.owner, 1, 'production', 1)));
const odd = ['Ünïcode désk', 'cow-swap_v2', 'USDC.e bridge', 'ÜSDC', 'ｗｉｄｅ', 'Ωmega 0xC0FFEE', 'plain words'];
const setCode = db.prepare('UPDATE orders SET app_code = ? WHERE rowid = ?');
const setSymbol = db.prepare('UPDATE orders SET sell_symbol = ? WHERE rowid = ?');
for (let rowid = 1; rowid <= 240; rowid += 5) setCode.run(odd[rowid % odd.length], rowid);
for (let rowid = 3; rowid <= 240; rowid += 11) setSymbol.run(odd[(rowid + 3) % odd.length], rowid);
// Orders awaiting their presignature: a word of the status's text ("awaiting") finds its id.
db.prepare("UPDATE orders SET status = 'presignaturePending' WHERE rowid % 17 = 0").run();

const SEARCHES = ['usdc', 'USDC', 'cow', 'swap', 'filled', 'Filled', 'awaiting', 'cancelled cow', 'plain open', 'weth usdc', 'desk', 'u', '0xc0', 'v2', 'e', 'plain', 'bridge', 'expired swap'];

describe('a search checked on each row', () => {
  it('answers for every ASCII row as the full-text index does, and leaves the others to it', () => {
    const rows = db.prepare(`SELECT rowid, ${SEARCHED_COLUMNS.join(', ')} FROM orders`).raw().all() as unknown[][];
    const listed = db.prepare('SELECT rowid FROM orders_fts WHERE orders_fts MATCH ?').pluck();
    let left = 0;
    for (const search of SEARCHES) {
      const match = ftsQuery(search)!;
      const matching = new Set(listed.all(match));
      for (const [rowid, ...columns] of rows) {
        const answer = searchRow(match, ...columns);
        if (answer === null) left += 1;
        else expect({ search, rowid, answer }).toEqual({ search, rowid, answer: matching.has(rowid) ? 1 : 0 });
      }
      // Each search matches some rows and not others: the comparison has both sides.
      expect(matching.size, search).toBeGreaterThan(0);
      expect(matching.size, search).toBeLessThan(rows.length);
    }
    expect(left).toBeGreaterThan(0);
    expect(() => searchRow('"ünï"*', 'x')).toThrow('full-text query of ASCII words');
  });

  it('reads the same pages, in every sort, as the walk over the listed matches', () => {
    const many = { total: 1e6, environmentTotal: 1e6 };
    const few = { total: 1e6, environmentTotal: 1e9 };
    // Each search alone, and with other filters' terms before it; every sort both ways; a first page and the next.
    const filters = SEARCHES.flatMap((search) => [{ search }, { search, kind: 'sell' as const, statuses: ['fulfilled', 'presignaturePending'] }]);
    const sorts = HISTORY_SORT_COLUMNS.flatMap((column) => (['desc', 'asc'] as const).map((direction) => ({ column, direction })));
    for (const filter of filters) {
      for (const sort of sorts) {
        for (const offset of [0, 9]) {
          const compiled = compileQuery({ filter, sort, limit: 9, offset } satisfies HistoryQuery, 'production');
          const read = (counts: typeof many) => {
            const { sql, params } = pagePlan(compiled, counts, undefined);
            return (db.prepare(sql).all(...params) as { uid: string }[]).map((row) => row.uid);
          };
          expect(pageMode(compiled, many.total, many.environmentTotal, offset + 9)).toBe('check');
          expect(pageMode(compiled, few.total, few.environmentTotal, offset + 9)).toBe('walk');
          expect({ filter, sort, offset, uids: read(many) }).toEqual({ filter, sort, offset, uids: read(few) });
        }
      }
    }
  });

  it('is how a page reads a search of ASCII words when its walk reads at most ROW_CHECK_ROWS rows, with no token filter', () => {
    const compiled = (search: string, offset = 0, token?: string) => compileQuery({ filter: { search, ...(token ? { token } : {}) }, limit: 50, offset }, 'production');
    // 50 rows of a selection in a tenth of 100k orders: 500 rows walked.
    const atMost = (100_000 * 50) / ROW_CHECK_ROWS;
    expect(pageMode(compiled('usdc'), atMost, 100_000, 50)).toBe('check');
    expect(pageMode(compiled('usdc'), atMost - 1, 100_000, 50)).toBe('walk');
    expect(pageMode(compiled('ünï'), 50_000, 100_000, 50)).toBe('walk');
    expect(pageMode(compiled('usdc', 0, 'WETH'), 50_000, 100_000, 50)).not.toBe('check');
    // A deep page reads its offset's rows too, unless it starts after the page before's last row (keyset).
    const deep = compiled('usdc', 2000);
    const sql = (boundary?: unknown[]) => pagePlan(deep, { total: 50_000, environmentTotal: 100_000 }, boundary).sql;
    expect(sql()).not.toContain('search_row');
    expect(sql([1, 'open', 'sell', 1, 7])).toContain('search_row');
  });
});
