import BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import type { HistoryFilter, HistorySortColumn } from '../../../../main/common/history/history-schema';
import { countSql, pageSql } from '../../../../main/core/history/history-page-sql';
import { compileQuery, HistoryQueries, iterateHistory } from '../../../../main/core/history/history-query';
import { toOrderParams } from '../../../../main/core/history/order-row';
import { OrdersRepo } from '../../../../main/core/history/orders-repo';
import { MIGRATIONS } from '../../../../main/core/store/migrations';
import { openStore } from '../../../../main/core/store/open-store';
import { apiOrders, BENCH_ACCOUNTS } from '../../../bench/api-orders';

const COLUMNS: HistorySortColumn[] = ['createdAt', 'account', 'chainId', 'status', 'kind', 'sellToken', 'buyToken', 'sellAmount', 'buyAmount', 'filledPct', 'validTo', 'appCode', 'uid'];
const FILTERS: [string, HistoryFilter][] = [
  ['none', {}],
  ['account', { accounts: [BENCH_ACCOUNTS[1] as `0x${string}`] }],
  ['chain', { chainIds: [1] }],
  ['status', { statuses: ['open', 'expired'] }],
  ['kind', { kind: 'buy' }],
  ['token symbol', { token: 'usdc' }],
  ['token address', { token: '0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2' }],
  ['dates', { from: Date.UTC(2025, 11, 31, 20), to: Date.UTC(2025, 11, 31, 23) }],
  ['search', { search: 'cancelled' }],
];

function database(orders = 0) {
  const db = openStore(':memory:', MIGRATIONS).db;
  if (orders > 0) {
    const { orders: list } = apiOrders(orders);
    new OrdersRepo(db).writeOrders(list.map((order) => toOrderParams(order, order.onchainUser ?? order.owner, 1, 'production', 1)));
  }
  return db;
}

const plan = (db: BetterSqlite3.Database, sql: string) => {
  const marks = (sql.match(/\?/g) ?? []).length;
  return (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...Array<number>(marks).fill(1)) as { detail: string }[]).map((row) => row.detail).join(' | ');
};

describe('History page query plans', () => {
  const db = database();

  for (const column of COLUMNS) {
    it(`sorting by ${column}, under every filter, reads the sort index in order: no full scan, no sort step, keyset pages`, () => {
      for (const [, filter] of FILTERS) {
        for (const direction of ['asc', 'desc'] as const) {
          const compiled = compileQuery({ filter, sort: { column, direction } }, 'production');
          for (const after of [false, true]) {
            const detail = plan(db, pageSql(compiled, 'walk', after));
            expect(detail).toMatch(/^SEARCH orders USING (COVERING )?INDEX orders_by_\w+ \(environment=\?/);
            expect(detail).not.toMatch(/SCAN orders(?!_fts)/);
            expect(detail).not.toContain('TEMP B-TREE');
            // Keyset: the page starts at the previous page's last row, found in the index, not skipped row by row.
            if (after) expect(detail).toMatch(/\)[<>]\(/);
          }
        }
      }
    });
  }

  it('a filter with few matches is read through its own index (the sort then covers at most those matches)', () => {
    const filters: [HistoryFilter, RegExp][] = [
      [{ accounts: [BENCH_ACCOUNTS[0] as `0x${string}`] }, /INDEX orders_by_account \(environment=\? AND account=\?\)/],
      [{ statuses: ['presignaturePending'] }, /INDEX orders_by_status \(environment=\? AND status=\?\)/],
      [{ kind: 'buy' }, /INDEX orders_by_kind \(environment=\? AND kind=\?\)/],
      [{ token: 'USDC' }, /MULTI-INDEX OR/],
      [{ from: 1, to: 2 }, /INDEX orders_by_created \(environment=\? AND created_at>\? AND created_at<\?\)/],
    ];
    for (const [filter, expected] of filters) {
      const detail = plan(db, pageSql(compileQuery({ filter, sort: { column: 'sellAmount', direction: 'desc' } }, 'production'), 'candidate', false));
      expect(detail).toMatch(expected);
      expect(detail).not.toMatch(/SCAN orders(?!_fts)/);
    }
  });
});

describe('History count query plans', () => {
  const db = database();

  it('counts a search alone in the full-text index (the orders are read only when another environment is stored), never scanning the table', () => {
    const detail = plan(db, countSql(compileQuery({ filter: { search: 'cancelled' } }, 'production')));
    expect(detail).toMatch(/SCAN orders_fts VIRTUAL TABLE/);
    expect(detail).not.toMatch(/SCAN orders(?!_fts)/);
    expect(detail).not.toContain('TEMP B-TREE');
  });
});

describe('History pages', () => {
  const db = database(700);
  const uids = (rows: { uid: string }[]) => rows.map((row) => row.uid);

  // 117 selections paged through in full: give a busy machine time.
  it('pages (keyset after the first page) through exactly the rows the plain ORDER BY gives, for every sort and filter', { timeout: 60_000 }, () => {
    for (const column of COLUMNS) {
      for (const [, filter] of FILTERS) {
        const direction = column.length % 2 === 0 ? 'asc' : 'desc';
        const query = { filter, sort: { column, direction } } as const;
        const expected = uids([...iterateHistory(db, query, 'production')]);
        const queries = new HistoryQueries(db);
        const seen: string[] = [];
        for (let offset = 0; offset < expected.length + 60; offset += 60) {
          const page = queries.page({ ...query, offset, limit: 60 }, 'production');
          expect(page.total).toBe(expected.length);
          seen.push(...uids(page.rows));
        }
        expect(seen).toEqual(expected);
      }
    }
  });

  it('counts and pages a search exactly: a broad one from the full-text index alone (counted once), one every order matches as no filter, with another filter, with or without another environment stored', () => {
    const db = database(400);
    const queries = new HistoryQueries(db);
    const check = (search: string, environment: 'production' | 'staging', also: HistoryFilter = {}) => {
      const query = { filter: { ...also, search }, sort: { column: 'sellAmount', direction: 'desc' }, limit: 50 } as const;
      const expected = uids([...iterateHistory(db, query, environment)]);
      const page = queries.page(query, environment);
      expect(page.total).toBe(expected.length);
      expect(uids(page.rows)).toEqual(expected.slice(0, 50));
      return expected.length;
    };
    // Every test order carries the app code "CoW Swap".
    expect(check('cow', 'production')).toBe(400);
    expect(check('cancelled', 'production')).toBeGreaterThan(0);
    // With another filter, the search's matches are not the selection's count.
    expect(check('cancelled', 'production', { kind: 'sell' })).toBeLessThan(check('cancelled', 'production'));
    const { orders: staging } = apiOrders(120, { seed: 99 });
    new OrdersRepo(db).writeOrders(staging.map((order) => toOrderParams(order, order.owner, 1, 'staging', 1)));
    expect(check('cow', 'production')).toBe(400);
    expect(check('cow', 'staging')).toBe(120);
    expect(check('cancelled', 'production')).toBeGreaterThan(0);
    expect(check('cancelled', 'staging')).toBeGreaterThan(0);
    expect(check('swap cancelled', 'staging')).toBeGreaterThan(0);
    expect(check('cancelled', 'staging', { kind: 'buy' })).toBeGreaterThan(0);
    // The word the screens show for a status finds it: "Filled" the fulfilled orders.
    expect(check('Filled', 'production')).toBe(check('fulfilled', 'production'));
    expect(check('filled', 'production')).toBeGreaterThan(0);
  });

  it('keeps counts per account, chain, status and kind in step with inserts, updates and deletes', () => {
    const counted = () => db.prepare('SELECT environment, account, chain_id, status, kind, count(*) AS n FROM orders GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5').all();
    const kept = () => db.prepare('SELECT environment, account, chain_id, status, kind, n FROM order_counts WHERE n > 0 ORDER BY 1, 2, 3, 4, 5').all();
    expect(kept()).toEqual(counted());
    const queries = new HistoryQueries(db);
    const open = queries.page({ filter: { statuses: ['open'] } }, 'production').total;
    db.prepare("UPDATE orders SET status = 'cancelled' WHERE uid IN (SELECT uid FROM orders WHERE status = 'open' LIMIT 5)").run();
    db.prepare("DELETE FROM orders WHERE uid IN (SELECT uid FROM orders WHERE status = 'open' LIMIT 3)").run();
    expect(kept()).toEqual(counted());
    expect(queries.page({ filter: { statuses: ['open'] } }, 'production').total).toBe(open - 8);
  });
});
