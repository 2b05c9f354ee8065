// The History search's full-text query read back into its words (ftsQuery writes
// it, history-query.ts), and checked on each row as the History page walks its
// sort index, for a search whose matches are a large share of the orders:
// listing them all off the full-text index first cost 7.4 ms for "usdc" in half
// of 100k orders, against a few hundred rows checked for the page (issue 35).
// Self-contained (erasable TypeScript): store/sql-functions.ts defines it on
// every connection, the writer thread's among them, which imports it from source.

/** The columns the full-text index holds (orders_fts, migration 007), in its order. */
export const SEARCHED_COLUMNS = ['uid', 'owner', 'receiver', 'sell_token', 'buy_token', 'sell_symbol', 'buy_symbol', 'app_code', 'status'] as const;

/** One word of the search: a prefix any column's token may start, or failing that a status's id in the status column. */
interface Clause {
  prefix: string;
  statuses: string[];
}

const WORD = /^"([A-Za-z0-9]+)"\*$/;
const STATUS = /^status : "([A-Za-z0-9]+)"$/;
const parsed = new Map<string, Clause[] | null>();

/**
 * The clauses of a full-text query as history-query.ts ftsQuery() writes it,
 * when each word is ASCII letters and digits (one token); null for any other.
 */
function clausesOf(match: string): Clause[] | null {
  let clauses = parsed.get(match);
  if (clauses !== undefined) return clauses;
  clauses = [];
  for (const part of match.split(' AND ')) {
    const alternatives = part.startsWith('(') && part.endsWith(')') ? part.slice(1, -1).split(' OR ') : [part];
    const prefix = WORD.exec(alternatives[0] ?? '')?.[1];
    const statuses = alternatives.slice(1).map((alternative) => STATUS.exec(alternative)?.[1]);
    if (prefix === undefined || statuses.some((status) => status === undefined)) {
      clauses = null;
      break;
    }
    clauses.push({ prefix: prefix.toLowerCase(), statuses: (statuses as string[]).map((status) => status.toLowerCase()) });
  }
  if (parsed.size > 64) parsed.clear();
  parsed.set(match, clauses);
  return clauses;
}

/** Whether rows can be checked against this full-text query here (its words are ASCII letters and digits). */
export function rowCheckable(match: string): boolean {
  return clausesOf(match) !== null;
}

/** The one word of a full-text query of one ASCII word (naming no status it does not start), in lower case; else null. */
export function loneWord(match: string): string | null {
  const clauses = clausesOf(match);
  return clauses?.length === 1 && clauses[0]!.statuses.length === 0 ? clauses[0]!.prefix : null;
}

const NOT_ASCII = /[^\p{ASCII}]/u;
/** The full-text index's tokens of ASCII text (unicode61: runs of letters and digits, in lower case). */
const tokensOf = (text: string) => text.toLowerCase().split(/[^a-z0-9]+/).filter((token) => token.length > 0);
const isAlnum = (code: number) => (code >= 48 && code <= 57) || (code >= 97 && code <= 122);

/** Whether a token of lower-case ASCII `text` starts with `prefix` (found where no letter or digit comes before it). */
function startsToken(text: string, prefix: string): boolean {
  for (let at = text.indexOf(prefix); at !== -1; at = text.indexOf(prefix, at + 1)) {
    if (at === 0 || !isAlnum(text.charCodeAt(at - 1))) return true;
  }
  return false;
}

/**
 * search_row(match, uid, owner, receiver, sell_token, buy_token, sell_symbol,
 * buy_symbol, app_code, status): 1 when the row matches the full-text query,
 * 0 when not, as the full-text index would answer; null when a column is not
 * ASCII (Unicode case and accent folding are the index's to apply: the caller
 * asks the index for that row).
 */
export function searchRow(match: unknown, ...columns: unknown[]): 0 | 1 | null {
  const clauses = typeof match === 'string' ? clausesOf(match) : null;
  if (!clauses) throw new TypeError(`search_row takes a full-text query of ASCII words, not ${String(match)}`);
  const texts = columns.map((value) => (value === null || value === undefined ? '' : String(value)));
  if (texts.some((text) => NOT_ASCII.test(text))) return null;
  // One text of every column, a space (a separator) between: no token runs from one column into the next.
  const all = texts.join(' ').toLowerCase();
  const status = texts[SEARCHED_COLUMNS.indexOf('status')] ?? '';
  const holds = ({ prefix, statuses }: Clause) => startsToken(all, prefix) || (statuses.length > 0 && tokensOf(status).some((token) => statuses.includes(token)));
  return clauses.every(holds) ? 1 : 0;
}
