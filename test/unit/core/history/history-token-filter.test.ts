import type BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import type { HistoryFilter, HistoryQuery, HistorySortColumn } from '../../../../main/common/history/history-schema';
import { HISTORY_SORT_COLUMNS } from '../../../../main/common/history/history-schema';
import type { ApiOrder } from '../../../../main/common/protocol/api';
import { countSql, pageMode, pagePlan, type SelectionCounts } from '../../../../main/core/history/history-page-sql';
import { compileQuery, HistoryQueries, iterateHistory } from '../../../../main/core/history/history-query';
import { toOrderParams } from '../../../../main/core/history/order-row';
import { OrdersRepo } from '../../../../main/core/history/orders-repo';
import { openStore } from '../../../../main/core/store/open-store';
import { apiOrders, BENCH_ACCOUNTS } from '../../../bench/api-orders';

const WETH = '0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2';
/** An unlisted token (no symbol: its key is its address), sold only in the oldest orders, in small amounts. */
const RARE = '0x1f9840a85d5af5bf1d1762f925bdaddc4201f984';
/** What a user pastes of a short UID: its first 10 hex digits. */
const PASTED = '0xabcdef0123';

function withRareToken(orders: ApiOrder[], count: number): ApiOrder[] {
  return orders.map((order, index) => (index < orders.length - count ? order : { ...order, sellToken: RARE, sellAmount: String(1000 + index) }));
}

function database(count: number, options: { seed?: number; environment?: 'production' | 'staging' } = {}) {
  const db = openStore(':memory:').db;
  const repo = new OrdersRepo(db);
  const write = (orders: readonly ApiOrder[], environment: 'production' | 'staging' = options.environment ?? 'production') =>
    repo.writeOrders(orders.map((order) => toOrderParams(order, order.onchainUser ?? order.owner, 1, environment, 1)));
  const { orders } = apiOrders(count, options.seed === undefined ? {} : { seed: options.seed });
  write(withRareToken(orders, Math.floor(count / 8)));
  return { db, repo, write };
}

const plan = (db: BetterSqlite3.Database, sql: string, params: unknown[]) =>
  (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as { detail: string }[]).map((row) => row.detail).join(' | ');
const uids = (rows: { uid: string }[]) => rows.map((row) => row.uid);
const expected = (db: BetterSqlite3.Database, query: HistoryQuery, environment: 'production' | 'staging' = 'production') => uids([...iterateHistory(db, query, environment)]);

const TOKEN_FILTERS: [string, HistoryFilter][] = [
  ['symbol, any case', { token: 'usdc' }],
  ['address', { token: WETH }],
  ['unlisted token', { token: RARE }],
  ['token + statuses', { token: 'USDC', statuses: ['open', 'expired'] }],
  ['token + account + kind', { token: WETH, accounts: [BENCH_ACCOUNTS[1] as `0x${string}`], kind: 'sell' }],
  ['token + dates', { token: 'DAI', from: Date.UTC(2025, 11, 31, 20), to: Date.UTC(2025, 11, 31, 23) }],
  ['token + search', { token: RARE, search: 'cancelled' }],
];

describe('History token filters', () => {
  it('counts a token filter, alone or with account, chain, status and kind, from the maintained token counts, never reading the orders', () => {
    const { db } = database(0);
    for (const filter of [{ token: 'USDC' }, { token: WETH }, { token: WETH, accounts: [BENCH_ACCOUNTS[0] as `0x${string}`], chainIds: [1], statuses: ['open'], kind: 'buy' as const }]) {
      const compiled = compileQuery({ filter }, 'production');
      const detail = plan(db, countSql(compiled), compiled.params);
      expect(detail).toMatch(/order_token_counts/);
      expect(detail).not.toMatch(/\borders\b/);
    }
  });

  it('keeps token counts right through inserts, status changes, deletes, and per environment', () => {
    const { db, write } = database(300);
    const queries = new HistoryQueries(db);
    const check = (environment: 'production' | 'staging' = 'production') => {
      for (const [, filter] of TOKEN_FILTERS) {
        const query: HistoryQuery = { filter, limit: 10 };
        expect(queries.page(query, environment).total).toBe(expected(db, query, environment).length);
      }
      const grouped = 'environment, sell_key, buy_key, sell_token, buy_token, account, chain_id, status, kind';
      const counted = db.prepare(`SELECT ${grouped}, count(*) AS n FROM orders GROUP BY ${grouped} ORDER BY ${grouped}`).all();
      expect(db.prepare(`SELECT ${grouped}, n FROM order_token_counts WHERE n > 0 ORDER BY ${grouped}`).all()).toEqual(counted);
    };
    check();
    const usdcOpen = queries.page({ filter: { token: 'USDC', statuses: ['open'] } }, 'production').total;
    expect(usdcOpen).toBeGreaterThan(8);
    // Orders fulfilled (as the sync writes them), deleted, and new ones stored.
    const open = db.prepare("SELECT uid FROM orders WHERE status = 'open' AND (sell_symbol = 'USDC' OR buy_symbol = 'USDC') LIMIT 8").all() as { uid: string }[];
    db.prepare(`UPDATE orders SET status = 'fulfilled' WHERE uid IN (${open.slice(0, 5).map(() => '?').join(', ')})`).run(...uids(open.slice(0, 5)));
    db.prepare(`DELETE FROM orders WHERE uid IN (${open.slice(5).map(() => '?').join(', ')})`).run(...uids(open.slice(5)));
    expect(queries.page({ filter: { token: 'USDC', statuses: ['open'] } }, 'production').total).toBe(usdcOpen - 8);
    write(withRareToken(apiOrders(120, { seed: 5 }).orders, 30));
    check();
    // Another environment's orders count there, not here.
    write(withRareToken(apiOrders(90, { seed: 6 }).orders, 20), 'staging');
    check();
    check('staging');
    expect(queries.page({ filter: { token: RARE } }, 'staging').total).toBe(20);
  });

  it('pages a token filter through exactly the rows of the plain ORDER BY, whichever way the page is read, by keyset and by offset', { timeout: 60_000 }, () => {
    const { db } = database(500);
    // The counts decide the plan: a few matches (candidates), many in a few of the orders (probe or side indexes), many in most (walk or side indexes).
    const plans: [string, (actual: number) => SelectionCounts][] = [
      ['as counted', (total) => ({ total, environmentTotal: 500 })],
      ['many, a small share', () => ({ total: 1e6, environmentTotal: 1e9 })],
      ['many, a large share', () => ({ total: 1e6, environmentTotal: 1e6 })],
    ];
    for (const column of HISTORY_SORT_COLUMNS) {
      for (const [name, filter] of TOKEN_FILTERS) {
        const direction = column.length % 2 === 0 ? 'asc' : 'desc';
        const all = expected(db, { filter, sort: { column, direction } });
        for (const [planName, counts] of plans) {
          const read = (offset: number, boundary?: unknown[]) => {
            const compiled = compileQuery({ filter, sort: { column, direction }, offset, limit: 23 }, 'production');
            const { sql, params } = pagePlan(compiled, counts(all.length), boundary);
            return { rows: db.prepare(sql).all(...params) as ({ uid: string; id: number } & Record<string, unknown>)[], keys: compiled.keys };
          };
          const seen: string[] = [];
          let boundary: unknown[] | undefined;
          for (let offset = 0; offset < all.length + 23; offset += 23) {
            const { rows, keys } = read(offset, boundary);
            seen.push(...uids(rows));
            const last = rows.at(-1);
            boundary = last ? [...keys.map((key) => last[key]), last.id] : undefined;
          }
          expect(seen, `${column} ${direction}, ${name}, ${planName}`).toEqual(all);
          expect(uids(read(46).rows), `${column} ${direction}, ${name}, ${planName}, OFFSET 46`).toEqual(all.slice(46, 69));
        }
      }
    }
  });

  it('reads a token filter sorted by time, amount, token or filled share off the side indexes, and with other sorts passes over orders without the token unread', () => {
    const { db } = database(0);
    const many = { total: 1e6, environmentTotal: 1e9 };
    const sides: [HistorySortColumn, string][] = [
      ['createdAt', 'orders_by_sell_token_created'],
      ['sellAmount', 'orders_by_buy_token_sell_amount'],
      ['buyAmount', 'orders_by_sell_token_buy_amount'],
      ['sellToken', 'orders_by_buy_token_sell_token'],
      ['buyToken', 'orders_by_sell_token_buy_token'],
      ['filledPct', 'orders_by_sell_token_filled'],
      ['filledPct', 'orders_by_buy_token_filled'],
    ];
    for (const [column, index] of sides) {
      for (const token of ['USDC', WETH]) {
        const compiled = compileQuery({ filter: { token, statuses: ['open'] }, sort: { column, direction: 'desc' } }, 'production');
        expect(pageMode(compiled, many.total, many.environmentTotal, compiled.offset + compiled.limit), column).toBe('arms');
        const { sql, params } = pagePlan(compiled, many, undefined);
        const detail = plan(db, sql, params);
        expect(detail).toContain(`SEARCH orders USING INDEX ${index} (environment=? AND`);
        expect(detail).not.toMatch(/SCAN orders(?!_fts)|TEMP B-TREE FOR ORDER BY \|.*CO-ROUTINE/);
      }
    }
    for (const column of ['account', 'status', 'validTo', 'uid'] as const) {
      const { sql, params } = pagePlan(compileQuery({ filter: { token: RARE }, sort: { column, direction: 'asc' } }, 'production'), many, undefined);
      const detail = plan(db, sql, params);
      expect(detail).toMatch(/^SEARCH orders USING INDEX orders_by_\w+ \(environment=\?\) \| LIST SUBQUERY/);
      expect(detail).not.toMatch(/SCAN orders(?!_fts)|TEMP B-TREE/);
    }
  });
});

describe('A pasted UID', () => {
  /** Three orders whose UIDs start with PASTED, among others that do not. */
  function withPastedUids() {
    const { db, write } = database(200);
    const { orders } = apiOrders(6, { seed: 41 });
    const sharing = orders.slice(0, 3).map((order) => ({ ...order, uid: `${PASTED}${order.uid.slice(PASTED.length)}` as `0x${string}` }));
    write([...sharing, ...orders.slice(3)]);
    return { db, sharing: uids(sharing).sort() };
  }

  it('finds exactly the orders whose UID starts with what was pasted, whole or its first 10 hex digits, in either case', () => {
    const { db, sharing } = withPastedUids();
    const queries = new HistoryQueries(db);
    const found = (search: string) => {
      const page = queries.page({ filter: { search }, sort: { column: 'uid', direction: 'asc' } }, 'production');
      expect(page.total).toBe(page.rows.length);
      return uids(page.rows);
    };
    expect(found(PASTED)).toEqual(sharing);
    expect(found(`0x${PASTED.slice(2).toUpperCase()}`)).toEqual(sharing);
    expect(found(sharing[1]!)).toEqual([sharing[1]]);
    expect(found(sharing[1]!.toUpperCase().replace('0X', '0x'))).toEqual([sharing[1]]);
    expect(found(`${PASTED}f`)).toEqual(sharing.filter((uid) => uid.startsWith(`${PASTED}f`)));
    expect(found('0xabcdef0124')).toEqual([]);
  });

  it('is looked up by rowid from the full-text index: no sort index is walked for it', () => {
    const { db, sharing } = withPastedUids();
    for (const search of [PASTED, sharing[0]!]) {
      const compiled = compileQuery({ filter: { search } }, 'production');
      const { sql, params } = pagePlan(compiled, { total: 3, environmentTotal: 206 }, undefined);
      const detail = plan(db, sql, params);
      expect(detail).toMatch(/^SEARCH orders USING INTEGER PRIMARY KEY \(rowid=\?\) \| LIST SUBQUERY \d+ \| SCAN orders_fts VIRTUAL TABLE/);
      expect(detail).not.toMatch(/orders_by_/);
    }
  });
});
