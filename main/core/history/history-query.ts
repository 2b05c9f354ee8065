import type { Database } from 'better-sqlite3';
import { historyQuerySchema, type HistoryPage, type HistoryQuery, type HistorySortColumn } from '../../common/history/history-schema';
import type { Environment } from '../../common/protocol/environments';
import { toHistoryRow, type OrderColumns } from './order-row';

/** Amounts are decimal strings without leading zeros: longer is larger, then compare as text. */
const amount = (column: string) => `length(${column}) %DIR%, ${column} %DIR%`;

const SORT_SQL: Record<HistorySortColumn, string> = {
  createdAt: 'created_at %DIR%',
  account: 'account %DIR%',
  chainId: 'chain_id %DIR%',
  status: 'status %DIR%',
  kind: 'kind %DIR%',
  sellToken: 'coalesce(sell_symbol, sell_token) %DIR%',
  buyToken: 'coalesce(buy_symbol, buy_token) %DIR%',
  sellAmount: amount('sell_amount'),
  buyAmount: amount('buy_amount'),
  filledPct: 'filled_pct %DIR%',
  validTo: 'valid_to %DIR%',
  appCode: 'app_code %DIR%',
  uid: 'uid %DIR%',
};

export interface CompiledQuery {
  where: string;
  params: unknown[];
  orderBy: string;
}

/**
 * A search box string as an FTS5 query: each word a quoted prefix term, all
 * required. Quoting makes every character literal, so nothing the user types
 * can be read as FTS syntax.
 */
export function ftsQuery(search: string): string | null {
  const words = search.split(/[\s,;]+/).filter((word) => word.length > 0).slice(0, 12);
  if (words.length === 0) return null;
  return words.map((word) => `"${word.replace(/"/g, '""')}"*`).join(' AND ');
}

/** The WHERE and ORDER BY of a history query; shared by the page query, the count and the export. */
export function compileQuery(input: HistoryQuery, environment: Environment): CompiledQuery & { offset: number; limit: number } {
  const query = historyQuerySchema.parse(input);
  const { filter, sort } = query;
  const clauses = ['environment = ?'];
  const params: unknown[] = [environment];
  const list = (column: string, values: readonly unknown[] | undefined) => {
    if (!values || values.length === 0) return;
    clauses.push(`${column} IN (${values.map(() => '?').join(', ')})`);
    params.push(...values);
  };
  list('account', filter.accounts);
  list('chain_id', filter.chainIds);
  list('status', filter.statuses);
  if (filter.kind) {
    clauses.push('kind = ?');
    params.push(filter.kind);
  }
  if (filter.token) {
    clauses.push('(sell_token = ? OR buy_token = ? OR sell_symbol = ? COLLATE NOCASE OR buy_symbol = ? COLLATE NOCASE)');
    params.push(filter.token, filter.token, filter.token, filter.token);
  }
  if (filter.from !== undefined) {
    clauses.push('created_at >= ?');
    params.push(filter.from);
  }
  if (filter.to !== undefined) {
    clauses.push('created_at <= ?');
    params.push(filter.to);
  }
  const match = filter.search ? ftsQuery(filter.search) : null;
  if (match) {
    clauses.push('rowid IN (SELECT rowid FROM orders_fts WHERE orders_fts MATCH ?)');
    params.push(match);
  }
  // uid breaks ties, so paging never shows a row twice or skips one.
  const orderBy = `${SORT_SQL[sort.column].replaceAll('%DIR%', sort.direction.toUpperCase())}, uid ASC`;
  return { where: clauses.join(' AND '), params, orderBy, offset: query.offset, limit: query.limit };
}

/**
 * The page and count statements of a compiled query (the bench runs the same
 * text on bare better-sqlite3). The page sorts rowids first and reads only its
 * rows in full: sorting whole rows would drag every match's raw JSON through the sorter.
 */
export function historySql(compiled: CompiledQuery): { page: string; count: string } {
  return {
    page: `SELECT orders.* FROM (SELECT rowid AS id FROM orders WHERE ${compiled.where} ORDER BY ${compiled.orderBy} LIMIT ? OFFSET ?) AS page
      JOIN orders ON orders.rowid = page.id ORDER BY ${compiled.orderBy}`,
    count: `SELECT count(*) AS total FROM orders WHERE ${compiled.where}`,
  };
}

export function queryHistory(db: Database, input: HistoryQuery, environment: Environment): HistoryPage {
  const compiled = compileQuery(input, environment);
  const sql = historySql(compiled);
  const rows = db.prepare(sql.page).all(...compiled.params, compiled.limit, compiled.offset) as OrderColumns[];
  const { total } = db.prepare(sql.count).get(...compiled.params) as { total: number };
  return { rows: rows.map(toHistoryRow), total };
}

/** Every row of the selection, in its sort order, one at a time (the export streams them). */
export function iterateHistory(db: Database, input: HistoryQuery, environment: Environment): IterableIterator<OrderColumns> {
  const compiled = compileQuery(input, environment);
  return db.prepare(`SELECT * FROM orders WHERE ${compiled.where} ORDER BY ${compiled.orderBy}`).iterate(...compiled.params) as IterableIterator<OrderColumns>;
}
