import type { HistorySortColumn } from '../../common/history/history-schema';
import type { CompiledQuery } from './history-query';
import { rowCheckable, SEARCHED_COLUMNS } from './search-rows';

/** What a History row needs (the rest of the order stays on disk). */
const ROW_COLUMNS =
  'orders.rowid AS id, uid, account, chain_id, environment, owner, kind, status, local_state, sell_token, buy_token, sell_symbol, buy_symbol, ' +
  'sell_amount, buy_amount, executed_sell_amount, executed_buy_amount, partially_fillable, filled_pct, valid_to, expires_at, created_at, app_code, invalidated';

/**
 * At most this many matches: the page reads them through the filter's own
 * index and sorts them (a bounded sort: each match is one row read, a few
 * microseconds on a cold cache). More: it walks the sort column's index.
 */
export const CANDIDATE_LIMIT = 2000;

/**
 * A token in at most this share of the environment's orders is read with the
 * probe: its set (from the token indexes alone) costs less than looking up
 * the rows between its matches. A token in more of them has a match every
 * few rows: the plain walk finds a page after a few hundred.
 */
export const PROBE_SHARE = 1 / 5;

/**
 * A search is checked on each row the page's walk reads (search_row), not
 * listed whole off the full-text index first, when the walk reads at most
 * this many rows for the page (as many as it takes, or past its offset, over
 * the selection's share of the environment's orders). A row checked costs
 * about 3 µs, a match listed 0.17 (100k orders): for a search alone, the two
 * cost the same about here. At 100k, "usdc" (half of them) read its page in
 * 0.5-1.0 ms against 7-13 ms listing them. "cancelled" (15%, a walk of about
 * 670 rows for a page of 100) is past this and listed: checked with the line
 * at 900 it read 4.6 ms against 3.5 listed, newest first (issue 35).
 */
export const ROW_CHECK_ROWS = 500;

/**
 * The most rows a page checks the search on: where the matches bunch further
 * on in the sort (an old token's symbol, newest first), the check stops here
 * and the page is read off the listed matches instead (HistoryQueries.page),
 * at a cost of about 3 ms more, not of checking the whole history.
 */
export const ROW_CHECK_BUDGET = 2 * ROW_CHECK_ROWS;

/** A search's term of the WHERE clause: the rowids the full-text index lists for the query. */
export const SEARCH_CLAUSE = 'orders.rowid IN (SELECT rowid FROM orders_fts WHERE orders_fts MATCH ?)';

/**
 * The search checked on a row of the walk (search_row), in the outer query of
 * a `check` page (the walk inside it reads without the search): the full-text
 * index answers only for a row search_row leaves to it (a column not ASCII).
 * The query is the named parameter `search`, read twice (pagePlan).
 */
const ROW_CHECK_CLAUSE = `coalesce(search_row(@search, ${SEARCHED_COLUMNS.join(', ')}), orders.rowid IN (SELECT rowid FROM orders_fts WHERE orders_fts MATCH @search))`;

/**
 * Sorts with an index per token side (migrations 015, 018): the sorts a
 * token's orders cluster in by their nature (an old token's orders are old,
 * and went unfilled; a 6-decimal token's amounts are the shortest; one side
 * of a token's orders is one block of a token sort), where a walk would pass
 * over most of the history before its first match.
 */
const ARM_COLUMNS: ReadonlySet<HistorySortColumn> = new Set(['createdAt', 'sellAmount', 'buyAmount', 'sellToken', 'buyToken', 'filledPct']);

/** A token filter's terms: the sort keys an order with it has on its side, and, given by address, the address. */
export interface TokenTerms {
  keys: readonly string[];
  address: string | null;
}

/** Row values of a page boundary: the sort keys and the rowid of the row just before the page. */
export type Boundary = unknown[];

/**
 * How a page is read.
 * - `walk`: along the sort index, the filter checked on the way (no sort step).
 * - `probe`: the same walk, passing over the orders outside the token's set
 *   (read from the token indexes) without reading their rows.
 * - `arms`: a token with a sort that has token indexes: each side's first
 *   rows, in order, from its own index, merged.
 * - `check`: the walk's first rows without the search (ROW_CHECK_BUDGET), the
 *   search checked on each (ROW_CHECK_ROWS).
 * - `candidate`: the filter's matches, read through its own index and sorted.
 */
export type PageMode = 'walk' | 'probe' | 'arms' | 'check' | 'candidate';

/** `reach`: the rows of the selection the page reads from the walk's start (its offset and limit, or its limit after a keyset boundary). */
export function pageMode(compiled: CompiledQuery, total: number, environmentTotal: number, reach: number): PageMode {
  // Without a filter the sort index is the whole answer, whatever the size.
  if (compiled.params.length === 1) return 'walk';
  if (total <= CANDIDATE_LIMIT) return 'candidate';
  if (!compiled.token) {
    const checked = compiled.match !== null && reach * environmentTotal <= total * ROW_CHECK_ROWS && rowCheckable(compiled.match);
    return checked ? 'check' : 'walk';
  }
  if (ARM_COLUMNS.has(compiled.column)) return 'arms';
  return total <= environmentTotal * PROBE_SHARE ? 'probe' : 'walk';
}

const keysetSql = (compiled: CompiledQuery) =>
  ` AND (${[...compiled.keys, 'orders.rowid'].join(', ')}) ${compiled.direction === 'DESC' ? '<' : '>'} (${[...compiled.keys, 'rowid'].map(() => '?').join(', ')})`;
/** The ORDER BY with index use switched off: the rows are found another way, then sorted. */
const sortedAfter = (compiled: CompiledQuery) => compiled.orderBy.replace(/(^|, )(\w)/g, '$1+$2');
const select = (compiled: CompiledQuery) => `SELECT ${ROW_COLUMNS}, ${compiled.keys.join(', ')} FROM orders`;

/** The probe's term: the rowids of the orders whose sell or buy key is one of the token's, from the token indexes alone. */
function tokenSet(compiled: CompiledQuery, token: TokenTerms): { sql: string; params: unknown[] } {
  const marks = token.keys.map(() => '?').join(', ');
  const environment = compiled.params[0];
  return {
    sql: `+orders.rowid IN (SELECT rowid FROM orders WHERE environment = ? AND sell_key IN (${marks}) UNION ALL SELECT rowid FROM orders WHERE environment = ? AND buy_key IN (${marks}))`,
    params: [environment, ...token.keys, environment, ...token.keys],
  };
}

/**
 * The SQL of one page read as `mode` says (arms excepted: armsPlan()).
 * `after`: keyset paging from the row before the page, so a deep page costs
 * what the first does; without it, OFFSET over the index.
 */
export function pageSql(compiled: CompiledQuery, mode: Exclude<PageMode, 'arms'>, after: boolean): string {
  const keyset = after ? keysetSql(compiled) : '';
  const limit = ` LIMIT ?${after ? '' : ' OFFSET ?'}`;
  if (mode === 'candidate') return `${select(compiled)} WHERE ${compiled.where}${keyset} ORDER BY ${sortedAfter(compiled)}${limit}`;
  if (mode === 'check') {
    // The search is the walk's last term (compileQuery): the walk reads its budget of rows without it, in order, with
    // their sort keys. Sorted by those, the page needs no sort of its own: the check stops once the page is full.
    const keys = compiled.keys.map((key, at) => `${key} AS k${at}`).join(', ');
    const walked = `SELECT orders.rowid AS walked, ${keys} FROM orders WHERE ${compiled.walkWhere.replace(` AND ${SEARCH_CLAUSE}`, '')}${keyset} ORDER BY ${compiled.orderBy} LIMIT ?`;
    const order = [...compiled.keys.map((_, at) => `k${at}`), 'walked'].map((key) => `${key} ${compiled.direction}`).join(', ');
    return `SELECT ${ROW_COLUMNS}, ${compiled.keys.join(', ')} FROM (${walked}) CROSS JOIN orders ON orders.rowid = walked WHERE ${ROW_CHECK_CLAUSE} ORDER BY ${order}${limit}`;
  }
  // The set is checked first, on the index entry: the rows it passes over are never read.
  const where = mode === 'probe' && compiled.token ? compiled.walkWhere.replace(/^environment = \?/, `environment = ? AND ${tokenSet(compiled, compiled.token).sql}`) : compiled.walkWhere;
  return `${select(compiled)} WHERE ${where}${keyset} ORDER BY ${compiled.orderBy}${limit}`;
}

/**
 * A token filter's page from its side indexes: per side (and per key, given
 * by address) the first `offset + limit` matches in sort order, read straight
 * off the index for that side and sort (migrations 015, 018), then the page among
 * them. The page's rows are all among those: each side's own first rows.
 */
function armsPlan(compiled: CompiledQuery & { offset: number; limit: number }, token: TokenTerms, boundary: Boundary | undefined): { sql: string; params: unknown[] } {
  const environment = compiled.params[0];
  const take = boundary ? compiled.limit : compiled.offset + compiled.limit;
  const arms: string[] = [];
  const params: unknown[] = [];
  for (const side of ['sell', 'buy'] as const) {
    for (const key of token.keys) {
      const address = token.address === null ? '' : ` AND +${side}_token = ?`;
      arms.push(`SELECT rowid FROM (SELECT orders.rowid FROM orders WHERE environment = ? AND ${side}_key = ?${address}${compiled.others.walk}${boundary ? keysetSql(compiled) : ''} ORDER BY ${compiled.orderBy} LIMIT ?)`);
      params.push(environment, key, ...(token.address === null ? [] : [token.address]), ...compiled.others.params, ...(boundary ?? []), take);
    }
  }
  const sql = `${select(compiled)} WHERE orders.rowid IN (${arms.join(' UNION ALL ')}) ORDER BY ${sortedAfter(compiled)} LIMIT ? OFFSET ?`;
  return { sql, params: [...params, compiled.limit, boundary ? 0 : compiled.offset] };
}

/** What the page's plan depends on: the selection's count, and the environment's (a token's share of it). */
export interface SelectionCounts {
  total: number;
  environmentTotal: number;
}

/**
 * The page's SQL and its parameters; `boundary`: the row before the page
 * (keyset). `checked`: the page checks its search on the walk's first rows
 * (`check`), so fewer rows than asked may mean the matches lie further on: read
 * it again with `check` false.
 */
export function pagePlan(
  compiled: CompiledQuery & { offset: number; limit: number },
  counts: SelectionCounts,
  boundary: Boundary | undefined,
  check = true,
): { sql: string; params: unknown[]; checked: boolean } {
  const reach = boundary && compiled.offset > 0 ? compiled.limit : compiled.offset + compiled.limit;
  const chosen = pageMode(compiled, counts.total, counts.environmentTotal, reach);
  const mode = chosen === 'check' && !check ? 'walk' : chosen;
  // Keyset only off an index: a few thousand matches sort in a few milliseconds with OFFSET.
  const keyset = mode !== 'candidate' && compiled.offset > 0 ? boundary : undefined;
  if (mode === 'arms' && compiled.token) return { ...armsPlan(compiled, compiled.token, keyset), checked: false };
  const walk = mode === 'arms' ? 'walk' : mode;
  const tail = keyset ? [...keyset, compiled.limit] : [compiled.limit, compiled.offset];
  if (walk === 'check') {
    // The walk's terms but the search's, its keyset and budget; then the search as a named parameter, read twice.
    const walked = [...compiled.params.slice(0, -1), ...(keyset ?? []), ROW_CHECK_BUDGET];
    return { sql: pageSql(compiled, 'check', keyset !== undefined), params: [...walked, { search: compiled.match }, ...tail.slice(keyset ? -1 : 0)], checked: true };
  }
  const params = walk === 'probe' && compiled.token ? [compiled.params[0], ...tokenSet(compiled, compiled.token).params, ...compiled.params.slice(1)] : compiled.params;
  return { sql: pageSql(compiled, walk, keyset !== undefined), params: [...params, ...tail], checked: false };
}

/** How many orders the environment holds, from the maintained counts. */
export const ENVIRONMENT_TOTAL_SQL = 'SELECT coalesce(sum(n), 0) AS total FROM order_counts WHERE environment = ?';

/**
 * The count of a selection. Account, chain, status and kind: from the
 * maintained counts; a token with those: from the maintained token counts,
 * which the same WHERE clause reads (migration 015). The search alone: from
 * the full-text index alone, which holds every order (a broad term matches
 * tens of thousands, and looking each up in the orders table for its
 * environment cost 30-70 ms at 100k), unless orders of another environment
 * are stored; the parameters are the environment and the match, as
 * compileQuery() lists them.
 */
export function countSql(compiled: CompiledQuery): string {
  if (compiled.grouped) return `SELECT coalesce(sum(n), 0) AS total FROM order_counts WHERE ${compiled.where}`;
  if (compiled.tokenGrouped) return `SELECT coalesce(sum(n), 0) AS total FROM order_token_counts WHERE ${compiled.where}`;
  if (compiled.searchOnly) {
    return `WITH q (env, term) AS (SELECT ?, ?)
      SELECT CASE WHEN (SELECT coalesce(sum(n), 0) FROM order_counts, q WHERE environment <> q.env) = 0
        THEN (SELECT count(*) FROM q, orders_fts WHERE orders_fts MATCH q.term)
        ELSE (SELECT count(*) FROM q, orders WHERE environment = q.env AND orders.rowid IN (SELECT rowid FROM orders_fts WHERE orders_fts MATCH q.term))
      END AS total`;
  }
  return `SELECT count(*) AS total FROM orders WHERE ${compiled.where}`;
}
