import { statSync } from 'node:fs';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import type { HistoryFilter, HistoryQuery, HistorySortColumn } from '../../main/common/history/history-schema';
import { CANDIDATE_LIMIT, compileQuery, countSql, HistoryQueries, pageSql, queryHistory } from '../../main/core/history/history-query';
import { toOrderParams } from '../../main/core/history/order-row';
import { OrdersRepo } from '../../main/core/history/orders-repo';
import { openStore } from '../../main/core/store/open-store';
import { makeTempDir } from '../helpers/temp-dir';
import { apiOrders, BENCH_ACCOUNTS, BENCH_SEED } from './api-orders';
import { interleavedMedians, type Bench, type BenchRow } from './measure';

const ORDERS = 100_000;
const RUNS = 21;
const PAGE = 100;
const COLUMNS: HistorySortColumn[] = ['createdAt', 'account', 'chainId', 'status', 'kind', 'sellToken', 'buyToken', 'sellAmount', 'buyAmount', 'filledPct', 'validTo', 'appCode', 'uid'];
const FILTERS: [string, HistoryFilter][] = [
  ['account', { accounts: [BENCH_ACCOUNTS[1] as `0x${string}`] }],
  ['status open', { statuses: ['open'] }],
  ['kind buy', { kind: 'buy' }],
  ['token USDC', { token: 'USDC' }],
  ['token by address (WETH)', { token: '0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2' }],
  ['created in a 20-day window', { from: Date.UTC(2025, 11, 1), to: Date.UTC(2025, 11, 20) }],
  ['search "cancelled"', { search: 'cancelled' }],
];

/**
 * The History screen's page query on 100,000 API-shaped orders (about 1.6 KB
 * each, written through the app's repository into a real SQLite file): every
 * sort column, every filter, a deep page, and the count. App: the IPC handler's
 * code (zod-checked query, cached count, keyset boundary, rows mapped for the
 * renderer). Baseline: the same page SQL (same plan, same rows) prepared once
 * on bare better-sqlite3, timed in turns with the app.
 */
export const historyBench: Bench = {
  title: 'History on 100,000 orders (SQLite file, WAL)',
  async run() {
    const dir = makeTempDir('cow-desk-bench-');
    const path = join(dir.path, 'bench.sqlite');
    const store = openStore(path);
    try {
      const { orders, trades } = apiOrders(ORDERS, { seed: BENCH_SEED });
      const repo = new OrdersRepo(store.db);
      for (let i = 0; i < orders.length; i += 5000) {
        repo.writeOrders(orders.slice(i, i + 5000).map((order) => toOrderParams(order, order.onchainUser ?? order.owner, 1, 'production', 1)));
      }
      for (let i = 0; i < trades.length; i += 5000) repo.writeTrades(trades.slice(i, i + 5000));
      store.db.pragma('wal_checkpoint(TRUNCATE)');
      const json = orders.reduce((sum, order) => sum + JSON.stringify(order).length, 0) + trades.reduce((sum, trade) => sum + JSON.stringify(trade).length, 0);
      const rows: BenchRow[] = [
        { name: `store size / API JSON size (${(json / ORDERS).toFixed(0)} B of JSON an order with its fills)`, value: statSync(path).size / json, unit: 'x', goal: '<= 1.5x' },
      ];

      const bare = new BetterSqlite3(path, { readonly: true });
      const pageRow = async (name: string, query: HistoryQuery) => {
        const compiled = compileQuery(query, 'production');
        const { total } = bare.prepare(countSql(compiled)).get(...compiled.params) as { total: number };
        const walk = total > CANDIDATE_LIMIT || compiled.params.length === 1;
        const statement = bare.prepare(pageSql(compiled, walk, false));
        const times = await interleavedMedians(
          () => queryHistory(store.db, query, 'production'),
          () => statement.all(...compiled.params, compiled.limit, compiled.offset),
          RUNS,
        );
        rows.push({ name, value: times.app, unit: 'ms', goal: '< 10 ms', baseline: { name: 'same page SQL, bare better-sqlite3', value: times.bare } });
      };
      for (const column of COLUMNS) {
        for (const direction of ['desc', 'asc'] as const) await pageRow(`sort by ${column} ${direction}, first page`, { sort: { column, direction }, limit: PAGE });
      }
      for (const [label, filter] of FILTERS) {
        await pageRow(`filter ${label}, newest first`, { filter, limit: PAGE });
        await pageRow(`filter ${label}, sorted by sell amount`, { filter, sort: { column: 'sellAmount', direction: 'desc' }, limit: PAGE });
      }

      // A broad search as typed: a fresh query, so its count is made too (nothing cached), against the same two statements on bare SQLite.
      for (const search of ['cancelled', 'cow']) {
        const typed: HistoryQuery = { filter: { search }, limit: PAGE };
        const compiledSearch = compileQuery(typed, 'production');
        const searchCount = bare.prepare(countSql(compiledSearch));
        const total = (searchCount.get(...compiledSearch.params) as { total: number }).total;
        const searchPage = bare.prepare(pageSql(compiledSearch, total > CANDIDATE_LIMIT, false));
        const typedTimes = await interleavedMedians(
          () => new HistoryQueries(store.db).page(typed, 'production'),
          () => (searchCount.get(...compiledSearch.params), searchPage.all(...compiledSearch.params, compiledSearch.limit, compiledSearch.offset)),
          RUNS,
        );
        rows.push({ name: `search "${search}" as typed (${total.toLocaleString('en')} matches): count + first page, nothing cached`, value: typedTimes.app, unit: 'ms', goal: '< 10 ms', baseline: { name: 'the search\'s count + page SQL, bare better-sqlite3', value: typedTimes.bare } });
      }

      // Deep page: page 50 after paging there (keyset from the previous page's last row), against OFFSET on bare SQLite.
      const deep: HistoryQuery = { filter: { accounts: [BENCH_ACCOUNTS[0] as `0x${string}`] }, sort: { column: 'validTo', direction: 'asc' }, limit: PAGE };
      for (let offset = 0; offset < 50 * PAGE; offset += PAGE) queryHistory(store.db, { ...deep, offset }, 'production');
      const compiled = compileQuery({ ...deep, offset: 50 * PAGE }, 'production');
      const offsetPage = bare.prepare(pageSql(compiled, true, false));
      const deepTimes = await interleavedMedians(
        () => queryHistory(store.db, { ...deep, offset: 50 * PAGE }, 'production'),
        () => offsetPage.all(...compiled.params, compiled.limit, compiled.offset),
        RUNS,
      );
      rows.push({ name: 'page 51 of one account by validTo (keyset)', value: deepTimes.app, unit: 'ms', goal: '< 10 ms', baseline: { name: 'OFFSET 5000, bare better-sqlite3', value: deepTimes.bare } });

      // The count of a filter the maintained counts cannot answer, first time (no cache) and while paging (cached).
      const countQuery: HistoryQuery = { filter: { token: 'USDC', statuses: ['fulfilled'] }, limit: PAGE };
      const countCompiled = compileQuery(countQuery, 'production');
      const count = bare.prepare(countSql(countCompiled));
      const countTimes = await interleavedMedians(() => count.get(...countCompiled.params), () => undefined, RUNS);
      rows.push({ name: 'count of token + status filter, uncached (once per data change)', value: countTimes.app, unit: 'ms', goal: 'not per page' });
      bare.close();
      return rows;
    } finally {
      store.close();
      dir.remove();
    }
  },
};
