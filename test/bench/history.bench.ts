import { statSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import type { HistoryFilter, HistoryQuery, HistorySortColumn } from '../../main/common/history/history-schema';
import { HISTORY_SORT_COLUMNS } from '../../main/common/history/history-schema';
import type { ApiOrder } from '../../main/common/protocol/api';
import { countSql, ENVIRONMENT_TOTAL_SQL, pagePlan } from '../../main/core/history/history-page-sql';
import { compileQuery } from '../../main/core/history/history-query';
import { toOrderParams } from '../../main/core/history/order-row';
import { OrdersRepo } from '../../main/core/history/orders-repo';
import { searchCounts } from '../../main/core/history/search-counts';
import { STORE_FILE } from '../../main/core/services';
import { openStore } from '../../main/core/store/open-store';
import { defineSqlFunctions } from '../../main/core/store/sql-functions';
import { composeApp } from '../helpers/compose-app';
import { makeTempDir } from '../helpers/temp-dir';
import { apiOrders, BENCH_ACCOUNTS, BENCH_SEED } from './api-orders';
import { interleavedMedians, type Bench, type BenchRow } from './measure';

const ORDERS = 100_000;
const RUNS = 21;
const PAGE = 100;
const GOAL = '< 10 ms';
const WETH = '0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2';
/**
 * A token the data's four known ones do not suit the index walk for: an
 * unlisted one (no symbol), sold only in the oldest 4% of the history, in
 * small amounts (6 decimals). Newest first or by sell amount, a walk along
 * the sort index passes 96,000 other orders before its first match.
 */
const RARE = '0x1f9840a85d5af5bf1d1762f925bdaddc4201f984';
const RARE_ORDERS = 4_000;
const FILTERS: [string, HistoryFilter][] = [
  ['account', { accounts: [BENCH_ACCOUNTS[1] as `0x${string}`] }],
  ['status open', { statuses: ['open'] }],
  ['kind buy', { kind: 'buy' }],
  ['token USDC', { token: 'USDC' }],
  ['token by address (WETH)', { token: WETH }],
  ['created in a 20-day window', { from: Date.UTC(2025, 11, 1), to: Date.UTC(2025, 11, 20) }],
  ['search "cancelled"', { search: 'cancelled' }],
];

/** The oldest RARE_ORDERS orders (apiOrders lists newest first) sell RARE, in amounts of a 6-decimal token. */
function withRareToken(orders: ApiOrder[]): ApiOrder[] {
  return orders.map((order, index) => {
    if (index < orders.length - RARE_ORDERS) return order;
    const sellAmount = String(1 + (index % 999_983) * 1_000);
    return { ...order, sellToken: RARE, sellAmount, executedSellAmount: '0', executedSellAmountBeforeFees: '0', executedFee: '0', executedBuyAmount: '0', status: order.status === 'fulfilled' ? 'expired' : order.status };
  });
}

/**
 * The History screen's page query on 100,000 API-shaped orders (about 1.6 KB
 * each, written through the app's repository into a real SQLite file), asked
 * the way the renderer asks: `history.query` through the app's IPC router
 * (composeApp: input validated by the contract's schema, the handler, the
 * output validated), as Electron composes it. Two kinds of rows:
 * - cached: the same query again with nothing written in between (paging,
 *   re-sorting back and forth);
 * - first read: before every timed call another connection commits a write
 *   (as the sync's writer thread does), so the count and the page are read
 *   afresh, as on a new filter or a re-read during a sync.
 * Baseline: the same SQL (count and page, same plans, same rows) prepared
 * once on bare better-sqlite3, timed in turns with the app.
 */
export const historyBench: Bench = {
  title: 'History on 100,000 orders through IPC (SQLite file, WAL)',
  async run() {
    const dir = makeTempDir('cow-desk-bench-');
    const path = join(dir.path, STORE_FILE);
    const store = openStore(path);
    const { orders: generated, trades } = apiOrders(ORDERS, { seed: BENCH_SEED });
    const orders = withRareToken(generated);
    const repo = new OrdersRepo(store.db);
    const params = orders.map((order) => toOrderParams(order, order.onchainUser ?? order.owner, 1, 'production', 1));
    const writing = performance.now();
    for (let i = 0; i < params.length; i += 5000) repo.writeOrders(params.slice(i, i + 5000), { refetchable: true });
    const written = performance.now() - writing;
    for (let i = 0; i < trades.length; i += 5000) repo.writeTrades(trades.slice(i, i + 5000));
    store.db.pragma('wal_checkpoint(TRUNCATE)');
    store.close();
    const json = orders.reduce((sum, order) => sum + JSON.stringify(order).length, 0) + trades.reduce((sum, trade) => sum + JSON.stringify(trade).length, 0);
    const rows: BenchRow[] = [
      { name: `store size / API JSON size (${(json / ORDERS).toFixed(0)} B of JSON an order with its fills)`, value: statSync(path).size / json, unit: 'x', goal: '<= 1.5x' },
      // What the History's indexes and kept counts cost the writes (the sync bench holds the writer thread to its goal).
      { name: 'writing the 100,000 orders through OrdersRepo, 5,000 a transaction (every index and trigger kept)', value: written / 1000, unit: 's', goal: 'the price of the rows below' },
    ];

    const services = composeApp({ userDataDir: dir.path });
    const bare = new BetterSqlite3(path);
    // The SQL functions the app's connection has (a search checked on each row among them).
    defineSqlFunctions(bare);
    try {
      const query = async (input: HistoryQuery) => {
        const answer = await services.router.handle('history.query', input);
        if (!answer.ok) throw new Error(`history.query: ${answer.error.code} ${answer.error.message}`);
        return answer.value as { total: number };
      };
      // A commit on another connection, as the sync's writer thread makes: the app's next read is a first read.
      const touch = bare.prepare('UPDATE orders SET synced_at = synced_at + 1 WHERE rowid = 1');
      const commit = () => void touch.run();
      /** The SQL the app runs for this query, prepared once on the bare connection: the count, then the page. */
      const bareSql = (input: HistoryQuery) => {
        const compiled = compileQuery(input, 'production');
        // A search alone is counted as the app counts it (off the full-text index's terms where they answer).
        const counted = compiled.searchOnly && compiled.match !== null ? compiled.match : null;
        const counting = bare.prepare(countSql(compiled));
        const count = { get: (...params: unknown[]) => (counted === null ? counting.get(...params) : { total: searchCounts(bare, counted, 'production').matches }) };
        const { total } = count.get(...compiled.params) as { total: number };
        const { total: environmentTotal } = bare.prepare(ENVIRONMENT_TOTAL_SQL).get('production') as { total: number };
        const page = pagePlan(compiled, { total, environmentTotal }, undefined);
        const statement = bare.prepare(page.sql);
        return { total, count: () => count.get(...compiled.params), page: () => statement.all(...page.params) };
      };
      const cachedRow = async (name: string, input: HistoryQuery) => {
        const sql = bareSql(input);
        const times = await interleavedMedians(() => query(input), sql.page, RUNS);
        rows.push({ name: `${name}, cached`, value: times.app, unit: 'ms', goal: GOAL, baseline: { name: 'same page SQL, bare better-sqlite3', value: times.bare } });
      };
      const firstReadRow = async (name: string, input: HistoryQuery) => {
        const sql = bareSql(input);
        const { total } = await query(input);
        if (total !== sql.total) throw new Error(`${name}: the app counts ${total}, the bare count is ${sql.total}`);
        const times = await interleavedMedians(() => query(input), () => (sql.count(), sql.page()), RUNS, undefined, commit);
        rows.push({ name: `${name} (${total.toLocaleString('en')} matches), first read`, value: times.app, unit: 'ms', goal: GOAL, baseline: { name: 'same count + page SQL, bare better-sqlite3', value: times.bare } });
      };

      for (const column of HISTORY_SORT_COLUMNS) {
        for (const direction of ['desc', 'asc'] as const) await cachedRow(`sort by ${column} ${direction}, first page`, { sort: { column, direction }, limit: PAGE });
      }
      for (const [label, filter] of FILTERS) {
        await cachedRow(`filter ${label}, newest first`, { filter, limit: PAGE });
        await cachedRow(`filter ${label}, sorted by sell amount`, { filter, sort: { column: 'sellAmount', direction: 'desc' }, limit: PAGE });
      }

      // A token filter with every sort, first read: a token in half the orders, a rare one the walk does not suit, one by address.
      const tokenSorts: [string, string, HistorySortColumn[]][] = [
        ['USDC', 'USDC', [...HISTORY_SORT_COLUMNS]],
        [`${RARE.slice(0, 10)}… (old, unlisted)`, RARE, [...HISTORY_SORT_COLUMNS]],
        ['WETH by address', WETH, ['createdAt', 'sellAmount', 'buyAmount', 'uid']],
      ];
      for (const [label, token, columns] of tokenSorts) {
        for (const column of columns) {
          for (const direction of ['desc', 'asc'] as const) {
            await firstReadRow(`token ${label} sorted by ${column} ${direction}`, { filter: { token }, sort: { column, direction }, limit: PAGE });
          }
        }
      }
      // Token counts with the filters the maintained counts answer, and status filters alone.
      await firstReadRow('token USDC + status fulfilled', { filter: { token: 'USDC', statuses: ['fulfilled'] }, limit: PAGE });
      await firstReadRow('token WETH by address + account + kind sell', { filter: { token: WETH, accounts: [BENCH_ACCOUNTS[0] as `0x${string}`], kind: 'sell' }, limit: PAGE });
      for (const status of ['open', 'fulfilled', 'cancelled', 'expired']) await firstReadRow(`status ${status}`, { filter: { statuses: [status] }, limit: PAGE });

      // A UID pasted into the search box: whole, and its first 10 hex digits as a user pastes a short UID (upper case too).
      const uid = orders[ORDERS / 2]!.uid;
      await firstReadRow('UID pasted whole', { filter: { search: uid }, limit: PAGE });
      await firstReadRow('UID prefix of 10 hex digits pasted', { filter: { search: uid.slice(0, 12) }, limit: PAGE });
      await firstReadRow('UID prefix of 10 hex digits pasted in upper case', { filter: { search: `0x${uid.slice(2, 12).toUpperCase()}` }, limit: PAGE });
      // A status word, a word every order carries, and a token symbol in half the orders (its matches listed, then paged).
      for (const search of ['cancelled', 'cow', 'usdc']) await firstReadRow(`search "${search}" as typed`, { filter: { search }, limit: PAGE });

      // Deep page: page 51 after paging there (keyset from the previous page's last row).
      const deep: HistoryQuery = { filter: { accounts: [BENCH_ACCOUNTS[0] as `0x${string}`] }, sort: { column: 'validTo', direction: 'asc' }, limit: PAGE };
      for (let offset = 0; offset < 50 * PAGE; offset += PAGE) await query({ ...deep, offset });
      await cachedRow('page 51 of one account by validTo (keyset; baseline OFFSET 5000)', { ...deep, offset: 50 * PAGE });
      return rows;
    } finally {
      bare.close();
      await services.close();
      dir.remove();
    }
  },
};
