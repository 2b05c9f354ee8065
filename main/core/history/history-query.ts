import type { Database } from 'better-sqlite3';
import { historyQuerySchema, type HistoryFilter, type HistoryPage, type HistoryQuery, type HistorySortColumn } from '../../common/history/history-schema';
import { statusesNamed } from '../../common/orders/status';
import type { Environment } from '../../common/protocol/environments';
import { KNOWN_TOKENS } from '../../common/protocol/tokens';
import { toHistoryRow, type OrderColumns } from './order-row';

/**
 * Sort keys per column, as migration 007 indexes them: the key, then status,
 * kind and chain (the tie-breakers its indexes carry), then the rowid.
 */
const SORT_KEYS: Record<HistorySortColumn, readonly string[]> = {
  createdAt: ['created_at', 'status', 'kind', 'chain_id'],
  account: ['account', 'status', 'kind', 'chain_id'],
  chainId: ['chain_id', 'status', 'kind'],
  status: ['status', 'kind', 'chain_id'],
  kind: ['kind', 'status', 'chain_id'],
  sellToken: ['sell_key', 'status', 'kind', 'chain_id'],
  buyToken: ['buy_key', 'status', 'kind', 'chain_id'],
  sellAmount: ['sell_len', 'sell_amount', 'status', 'kind', 'chain_id'],
  buyAmount: ['buy_len', 'buy_amount', 'status', 'kind', 'chain_id'],
  filledPct: ['filled_pct', 'status', 'kind', 'chain_id'],
  validTo: ['valid_to', 'status', 'kind', 'chain_id'],
  appCode: ['app_key', 'status', 'kind', 'chain_id'],
  uid: ['uid', 'status', 'kind', 'chain_id'],
};

/** What a History row needs (the rest of the order stays on disk). */
const ROW_COLUMNS =
  'orders.rowid AS id, uid, account, chain_id, environment, owner, kind, status, local_state, sell_token, buy_token, sell_symbol, buy_symbol, ' +
  'sell_amount, buy_amount, executed_sell_amount, executed_buy_amount, partially_fillable, filled_pct, valid_to, expires_at, created_at, app_code, invalidated';

/**
 * At most this many matches: the page reads them through the filter's own
 * index and sorts them (a bounded sort, well under a millisecond a thousand).
 * More: it walks the sort column's index in order, checking the filter as it
 * goes, and stops at the page's last row; with this many matches in 100k
 * rows a page of 100 is found within a few thousand index entries.
 */
export const CANDIDATE_LIMIT = 2000;

export interface CompiledQuery {
  where: string;
  params: unknown[];
  /** The same filter with index use switched off on its columns: the sort index alone drives the walk. */
  walkWhere: string;
  keys: readonly string[];
  direction: 'ASC' | 'DESC';
  orderBy: string;
  /** Only account, chain, status and kind: the maintained counts answer it. */
  grouped: boolean;
  /** The full-text query of the search box, if any. */
  match: string | null;
  /** The search is the whole filter: the full-text index alone counts its matches. */
  searchOnly: boolean;
}

/**
 * A search box string as an FTS5 query: each word a quoted prefix term, all
 * required. Quoting makes every character literal, so nothing the user types
 * can be read as FTS syntax. A word naming a status as the screens word it
 * ("filled") also matches that status's id (fulfilled), which is what is stored.
 */
export function ftsQuery(search: string): string | null {
  const words = search.split(/[\s,;]+/).filter((word) => word.length > 0).slice(0, 12);
  if (words.length === 0) return null;
  const quote = (text: string) => `"${text.replace(/"/g, '""')}"`;
  return words
    .map((word) => {
      const statuses = statusesNamed(word);
      return statuses.length === 0 ? `${quote(word)}*` : `(${[`${quote(word)}*`, ...statuses.map((status) => `status : ${quote(status)}`)].join(' OR ')})`;
    })
    .join(' AND ');
}

const isAddress = (text: string) => /^0x[0-9a-fA-F]{40}$/.test(text);

/** The WHERE and ORDER BY of a history query; shared by the page query, the count and the export. */
export function compileQuery(input: HistoryQuery, environment: Environment): CompiledQuery & { offset: number; limit: number } {
  const query = historyQuerySchema.parse(input);
  const { filter, sort } = query;
  const clauses: [sql: string, walk: string][] = [['environment = ?', 'environment = ?']];
  const params: unknown[] = [environment];
  const add = (sql: string, walk: string, ...values: unknown[]) => {
    clauses.push([sql, walk]);
    params.push(...values);
  };
  const list = (column: string, values: readonly unknown[] | undefined) => {
    if (!values || values.length === 0) return;
    const marks = values.map(() => '?').join(', ');
    add(`${column} IN (${marks})`, `+${column} IN (${marks})`, ...values);
  };
  list('account', filter.accounts);
  list('chain_id', filter.chainIds);
  list('status', filter.statuses);
  if (filter.kind) add('kind = ?', '+kind = ?', filter.kind);
  const extra = tokenClause(filter, environment) ?? null;
  if (extra) {
    add(extra.sql, extra.walk, ...extra.params);
    // The token sides carry the environment; here it would tempt the planner into sorting all of it.
    clauses[0] = ['+environment = ?', 'environment = ?'];
  }
  if (filter.from !== undefined) add('created_at >= ?', '+created_at >= ?', filter.from);
  if (filter.to !== undefined) add('created_at <= ?', '+created_at <= ?', filter.to);
  const match = filter.search ? ftsQuery(filter.search) : null;
  if (match) {
    const sql = 'orders.rowid IN (SELECT rowid FROM orders_fts WHERE orders_fts MATCH ?)';
    add(sql, sql, match);
  }
  const direction = sort.direction === 'asc' ? 'ASC' : 'DESC';
  const keys = SORT_KEYS[sort.column];
  return {
    where: clauses.map(([sql]) => sql).join(' AND '),
    walkWhere: clauses.map(([, walk]) => walk).join(' AND '),
    params,
    keys,
    direction,
    orderBy: [...keys, 'orders.rowid'].map((key) => `${key} ${direction}`).join(', '),
    grouped: !filter.token && filter.from === undefined && filter.to === undefined && !match,
    match,
    searchOnly: match !== null && clauses.length === 2,
    offset: query.offset,
    limit: query.limit,
  };
}

/**
 * A token address matches either side by address; a symbol such as USDC
 * matches without case. Each side repeats the environment, so the planner can
 * read each through its token index and merge the two (an OR it cannot split
 * would sort the whole environment).
 */
function tokenClause(filter: HistoryFilter, environment: Environment): { sql: string; walk: string; params: unknown[] } | undefined {
  const token = filter.token;
  if (!token) return undefined;
  if (!isAddress(token)) {
    return {
      sql: '((environment = ? AND sell_key = ?) OR (environment = ? AND buy_key = ?))',
      walk: '((+environment = ? AND +sell_key = ?) OR (+environment = ? AND +buy_key = ?))',
      params: [environment, token, environment, token],
    };
  }
  const keys = [token, ...new Set(KNOWN_TOKENS.filter((known) => known.address.toLowerCase() === token.toLowerCase()).map((known) => known.symbol))];
  const marks = keys.map(() => '?').join(', ');
  return {
    sql: `((environment = ? AND sell_key IN (${marks}) AND sell_token = ?) OR (environment = ? AND buy_key IN (${marks}) AND buy_token = ?))`,
    walk: `((+environment = ? AND +sell_key IN (${marks}) AND +sell_token = ?) OR (+environment = ? AND +buy_key IN (${marks}) AND +buy_token = ?))`,
    params: [environment, ...keys, token, environment, ...keys, token],
  };
}

/** Row values of a page boundary: the sort keys and the rowid of the row just before the page. */
type Boundary = unknown[];

/**
 * The SQL of one page. `walk`: ordered by the sort index, the filter checked
 * on the way (no sort step); otherwise the filter's matches, sorted. `after`:
 * keyset paging from the row before the page, so a deep page costs what the
 * first does; without it, OFFSET over the index.
 */
export function pageSql(compiled: CompiledQuery, walk: boolean, after: boolean): string {
  const where = walk ? compiled.walkWhere : compiled.where;
  const tuple = `(${[...compiled.keys, 'orders.rowid'].join(', ')})`;
  const keyset = after ? ` AND ${tuple} ${compiled.direction === 'DESC' ? '<' : '>'} (${[...compiled.keys, 'rowid'].map(() => '?').join(', ')})` : '';
  const orderBy = walk ? compiled.orderBy : compiled.orderBy.replace(/(^|, )(\w)/g, '$1+$2');
  return `SELECT ${ROW_COLUMNS}, ${compiled.keys.join(', ')} FROM orders WHERE ${where}${keyset} ORDER BY ${orderBy} LIMIT ?${after ? '' : ' OFFSET ?'}`;
}

/** The page's SQL and its parameters, for a selection of `total` matches; `boundary`: the row before the page (keyset). */
export function pagePlan(compiled: CompiledQuery & { offset: number; limit: number }, total: number, boundary: Boundary | undefined): { sql: string; params: unknown[] } {
  // Without a filter the sort index is the whole answer, whatever the size.
  const walk = total > CANDIDATE_LIMIT || compiled.params.length === 1;
  // Keyset only along the sort index: a few thousand matches sort in well under a millisecond with OFFSET.
  if (boundary && walk && compiled.offset > 0) return { sql: pageSql(compiled, true, true), params: [...compiled.params, ...boundary, compiled.limit] };
  return { sql: pageSql(compiled, walk, false), params: [...compiled.params, compiled.limit, compiled.offset] };
}

/**
 * The count of a selection. Account, chain, status and kind: from the
 * maintained counts. The search alone: from the full-text index alone, which
 * holds every order (a broad term matches tens of thousands, and looking each
 * up in the orders table for its environment cost 30-70 ms at 100k), unless
 * orders of another environment are stored; the parameters are the
 * environment and the match, as compileQuery() lists them.
 */
export function countSql(compiled: CompiledQuery): string {
  if (compiled.grouped) return `SELECT coalesce(sum(n), 0) AS total FROM order_counts WHERE ${compiled.where}`;
  if (compiled.searchOnly) {
    return `WITH q (env, term) AS (SELECT ?, ?)
      SELECT CASE WHEN (SELECT coalesce(sum(n), 0) FROM order_counts, q WHERE environment <> q.env) = 0
        THEN (SELECT count(*) FROM q, orders_fts WHERE orders_fts MATCH q.term)
        ELSE (SELECT count(*) FROM q, orders WHERE environment = q.env AND orders.rowid IN (SELECT rowid FROM orders_fts WHERE orders_fts MATCH q.term))
      END AS total`;
  }
  return `SELECT count(*) AS total FROM orders WHERE ${compiled.where}`;
}

/**
 * Whether the search matches every stored order (an app code or a word every
 * order carries): then it narrows nothing, and the page is read as if the
 * box were empty, straight off the sort index, instead of first listing
 * every match. Both counts come from indexes (full-text, maintained counts).
 */
const EVERYTHING_SQL = `SELECT (SELECT count(*) FROM orders_fts WHERE orders_fts MATCH ?) = (SELECT coalesce(sum(n), 0) FROM order_counts) AS everything`;

interface CachedShape {
  generation: string;
  total: number;
  /** Boundary before the page that starts at this offset. */
  boundaries: Map<number, Boundary>;
}

/**
 * Counts and page boundaries per query shape, valid until the next write on
 * this connection (SQLite's total_changes()). Paging through a selection
 * recounts nothing and reads each page from the row after the previous one.
 */
export class HistoryQueries {
  private readonly shapes = new Map<string, CachedShape>();
  /** Per search, valid for one generation: whether it matches every order. */
  private readonly everything = new Map<string, { generation: string; everything: boolean }>();
  private static readonly MAX_SHAPES = 16;
  private static readonly MAX_BOUNDARIES = 256;

  constructor(private readonly db: Database) {}

  page(input: HistoryQuery, environment: Environment): HistoryPage {
    let compiled = compileQuery(input, environment);
    if (compiled.match !== null && this.matchesEverything(compiled.match)) {
      const query = historyQuerySchema.parse(input);
      compiled = compileQuery({ ...query, filter: { ...query.filter, search: undefined } }, environment);
    }
    const shape = this.shape(compiled);
    if (shape.total === 0 || compiled.offset >= shape.total) return { rows: [], total: shape.total };
    const { sql, params } = pagePlan(compiled, shape.total, shape.boundaries.get(compiled.offset));
    const rows = this.db.prepare(sql).all(...params) as (OrderColumns & { id: number } & Record<string, unknown>)[];
    const last = rows.at(-1);
    if (last && rows.length === compiled.limit && shape.boundaries.size < HistoryQueries.MAX_BOUNDARIES) {
      shape.boundaries.set(compiled.offset + rows.length, [...compiled.keys.map((key) => last[key]), last.id]);
    }
    return { rows: rows.map(toHistoryRow), total: shape.total };
  }

  private matchesEverything(match: string): boolean {
    const generation = this.generation();
    const cached = this.everything.get(match);
    if (cached && cached.generation === generation) return cached.everything;
    const { everything } = this.db.prepare(EVERYTHING_SQL).get(match) as { everything: number };
    this.everything.delete(match);
    this.everything.set(match, { generation, everything: everything === 1 });
    if (this.everything.size > HistoryQueries.MAX_SHAPES) this.everything.delete(this.everything.keys().next().value as string);
    return everything === 1;
  }

  /** Writes on this connection, and commits of any other one (the sync's writer thread), move the generation. */
  private generation(): string {
    const { n } = this.db.prepare('SELECT total_changes() AS n').get() as { n: number };
    return `${n}:${this.db.pragma('data_version', { simple: true }) as number}`;
  }

  private shape(compiled: CompiledQuery): CachedShape {
    const generation = this.generation();
    const id = JSON.stringify([compiled.where, compiled.params, compiled.orderBy]);
    const cached = this.shapes.get(id);
    if (cached && cached.generation === generation) return cached;
    const { total } = this.db.prepare(countSql(compiled)).get(...compiled.params) as { total: number };
    const fresh: CachedShape = { generation, total, boundaries: new Map() };
    this.shapes.delete(id);
    this.shapes.set(id, fresh);
    if (this.shapes.size > HistoryQueries.MAX_SHAPES) this.shapes.delete(this.shapes.keys().next().value as string);
    return fresh;
  }
}

const perDatabase = new WeakMap<Database, HistoryQueries>();

export function queryHistory(db: Database, input: HistoryQuery, environment: Environment): HistoryPage {
  let queries = perDatabase.get(db);
  if (!queries) perDatabase.set(db, (queries = new HistoryQueries(db)));
  return queries.page(input, environment);
}

/** Every row of the selection, in its sort order, one at a time (the export streams them). */
export function iterateHistory(db: Database, input: HistoryQuery, environment: Environment): IterableIterator<OrderColumns> {
  const compiled = compileQuery(input, environment);
  return db.prepare(`SELECT * FROM orders WHERE ${compiled.where} ORDER BY ${compiled.orderBy}`).iterate(...compiled.params) as IterableIterator<OrderColumns>;
}
