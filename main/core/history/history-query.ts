import type { Database } from 'better-sqlite3';
import { historyQuerySchema, type HistoryFilter, type HistoryPage, type HistoryQuery, type HistorySortColumn } from '../../common/history/history-schema';
import { statusesNamed } from '../../common/orders/status';
import type { Environment } from '../../common/protocol/environments';
import { KNOWN_TOKENS } from '../../common/protocol/tokens';
import { countSql, ENVIRONMENT_TOTAL_SQL, pagePlan, SEARCH_CLAUSE, type Boundary, type SelectionCounts, type TokenTerms } from './history-page-sql';
import { toHistoryRow, type OrderColumns } from './order-row';
import { searchCounts, type SearchCounts } from './search-counts';

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
  /** A token with nothing but account, chain, status and kind besides: the maintained token counts answer it (migration 015). */
  tokenGrouped: boolean;
  /** With a token filter: the token's own terms, for the plans that read it through its indexes (history-page-sql.ts). */
  token: TokenTerms | null;
  /** The walk's terms besides the environment and the token, and their parameters. */
  others: { walk: string; params: unknown[] };
  /** The sort column: whether token side indexes serve it (history-page-sql.ts). */
  column: HistorySortColumn;
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
 * A status id the word starts (a word of letters, "canc") its prefix term finds
 * already: an OR with it read the same 15k matches twice at 100k orders (1.3 ms
 * against 0.8 for "cancelled", issue 35).
 */
export function ftsQuery(search: string): string | null {
  const words = search.split(/[\s,;]+/).filter((word) => word.length > 0).slice(0, 12);
  if (words.length === 0) return null;
  const quote = (text: string) => `"${text.replace(/"/g, '""')}"`;
  return words
    .map((word) => {
      const statuses = statusesNamed(word).filter((status) => !status.toLowerCase().startsWith(word.toLowerCase()));
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
  const others: CompiledQuery['others'] = { walk: '', params: [] };
  const add = (sql: string, walk: string, ...values: unknown[]) => {
    clauses.push([sql, walk]);
    params.push(...values);
  };
  const addOther = (sql: string, walk: string, ...values: unknown[]) => {
    add(sql, walk, ...values);
    others.walk += ` AND ${walk}`;
    others.params.push(...values);
  };
  const list = (column: string, values: readonly unknown[] | undefined) => {
    if (!values || values.length === 0) return;
    const marks = values.map(() => '?').join(', ');
    addOther(`${column} IN (${marks})`, `+${column} IN (${marks})`, ...values);
  };
  list('account', filter.accounts);
  list('chain_id', filter.chainIds);
  list('status', filter.statuses);
  if (filter.kind) addOther('kind = ?', '+kind = ?', filter.kind);
  const extra = tokenClause(filter, environment) ?? null;
  if (extra) {
    add(extra.sql, extra.walk, ...extra.params);
    // The token sides carry the environment; here it would tempt the planner into sorting all of it.
    clauses[0] = ['+environment = ?', 'environment = ?'];
  }
  if (filter.from !== undefined) addOther('created_at >= ?', '+created_at >= ?', filter.from);
  if (filter.to !== undefined) addOther('created_at <= ?', '+created_at <= ?', filter.to);
  const match = filter.search ? ftsQuery(filter.search) : null;
  if (match) {
    // Last of the terms: a page that checks it on each row takes its parameter as a named one (history-page-sql.ts).
    addOther(SEARCH_CLAUSE, SEARCH_CLAUSE, match);
    // The matches are found by rowid; `environment = ?` would tempt the planner into checking
    // every entry of a sort index against them (a pasted UID: 15-20 ms at 100k instead of a lookup).
    clauses[0] = ['+environment = ?', 'environment = ?'];
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
    tokenGrouped: extra !== null && filter.from === undefined && filter.to === undefined && !match,
    token: extra?.terms ?? null,
    others,
    column: sort.column,
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
function tokenClause(filter: HistoryFilter, environment: Environment): { sql: string; walk: string; params: unknown[]; terms: TokenTerms } | undefined {
  const token = filter.token;
  if (!token) return undefined;
  if (!isAddress(token)) {
    return {
      sql: '((environment = ? AND sell_key = ?) OR (environment = ? AND buy_key = ?))',
      walk: '((+environment = ? AND +sell_key = ?) OR (+environment = ? AND +buy_key = ?))',
      params: [environment, token, environment, token],
      terms: { keys: [token], address: null },
    };
  }
  // By address: the keys (sell_key, buy_key) an order with it can have, which the token indexes hold, and the address itself.
  const keys = [token, ...new Set(KNOWN_TOKENS.filter((known) => known.address.toLowerCase() === token.toLowerCase()).map((known) => known.symbol))];
  const marks = keys.map(() => '?').join(', ');
  return {
    sql: `((environment = ? AND sell_key IN (${marks}) AND sell_token = ?) OR (environment = ? AND buy_key IN (${marks}) AND buy_token = ?))`,
    walk: `((+environment = ? AND +sell_key IN (${marks}) AND +sell_token = ?) OR (+environment = ? AND +buy_key IN (${marks}) AND +buy_token = ?))`,
    params: [environment, ...keys, token, environment, ...keys, token],
    terms: { keys, address: token },
  };
}

interface CachedShape extends SelectionCounts {
  generation: string;
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
  /** Per search and environment, valid for one generation: its SearchCounts. */
  private readonly searches = new Map<string, { generation: string; counts: SearchCounts }>();
  private static readonly MAX_SHAPES = 16;
  private static readonly MAX_BOUNDARIES = 256;

  constructor(private readonly db: Database) {}

  page(input: HistoryQuery, environment: Environment): HistoryPage {
    let compiled = compileQuery(input, environment);
    /** The selection's count, when the search's own counts give it. */
    let counted: number | undefined;
    if (compiled.match !== null) {
      // A search that matches every stored order (an app code, a word every order carries) narrows nothing: the page
      // is read as if the box were empty, straight off the sort index, instead of first listing every match. One that
      // is the whole filter, with no other environment's orders stored, counts its selection with its matches: the
      // full-text index is not read a second time for the count (at 100k, 1.4 ms each).
      const search = this.searchCounts(compiled.match, environment);
      if (search.matches === search.stored) {
        const query = historyQuerySchema.parse(input);
        compiled = compileQuery({ ...query, filter: { ...query.filter, search: undefined } }, environment);
      } else if (compiled.searchOnly && search.stored === search.inEnvironment) counted = search.matches;
    }
    const shape = this.shape(compiled, counted);
    if (shape.total === 0 || compiled.offset >= shape.total) return { rows: [], total: shape.total };
    const boundary = shape.boundaries.get(compiled.offset);
    const read = (check: boolean) => {
      const plan = pagePlan(compiled, shape, boundary, check);
      return { rows: this.db.prepare(plan.sql).all(...plan.params) as (OrderColumns & { id: number } & Record<string, unknown>)[], checked: plan.checked };
    };
    const first = read(true);
    // A search checked on the walk's first rows found less than the page, though more follow: they lie further on.
    const short = first.checked && first.rows.length < compiled.limit && compiled.offset + first.rows.length < shape.total;
    const { rows } = short ? read(false) : first;
    const last = rows.at(-1);
    if (last && rows.length === compiled.limit && shape.boundaries.size < HistoryQueries.MAX_BOUNDARIES) {
      shape.boundaries.set(compiled.offset + rows.length, [...compiled.keys.map((key) => last[key]), last.id]);
    }
    return { rows: rows.map(toHistoryRow), total: shape.total };
  }

  private searchCounts(match: string, environment: Environment): SearchCounts {
    const generation = this.generation();
    const id = JSON.stringify([match, environment]);
    const cached = this.searches.get(id);
    if (cached && cached.generation === generation) return cached.counts;
    const counts = searchCounts(this.db, match, environment);
    this.searches.delete(id);
    this.searches.set(id, { generation, counts });
    if (this.searches.size > HistoryQueries.MAX_SHAPES) this.searches.delete(this.searches.keys().next().value as string);
    return counts;
  }

  /** Writes on this connection, and commits of any other one (the sync's writer thread), move the generation. */
  private generation(): string {
    const { n } = this.db.prepare('SELECT total_changes() AS n').get() as { n: number };
    return `${n}:${this.db.pragma('data_version', { simple: true }) as number}`;
  }

  /** The shape's counts and boundaries; `counted`: the selection's count, known already (no count is read). */
  private shape(compiled: CompiledQuery, counted?: number): CachedShape {
    const generation = this.generation();
    const id = JSON.stringify([compiled.where, compiled.params, compiled.orderBy]);
    const cached = this.shapes.get(id);
    if (cached && cached.generation === generation) return cached;
    const total = counted ?? (this.db.prepare(countSql(compiled)).get(...compiled.params) as { total: number }).total;
    // Only a token's plan, and a search's, weigh their share of the environment.
    const weighed = compiled.token !== null || compiled.match !== null;
    const environmentTotal = weighed ? (this.db.prepare(ENVIRONMENT_TOTAL_SQL).get(compiled.params[0]) as { total: number }).total : total;
    const fresh: CachedShape = { generation, total, environmentTotal, boundaries: new Map() };
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
