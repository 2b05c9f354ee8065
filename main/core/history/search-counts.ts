import type { Database } from 'better-sqlite3';
import type { Environment } from '../../common/protocol/environments';
import { loneWord } from './search-rows';

/**
 * What a search matches, from indexes alone (full-text, maintained counts):
 * its matches, every stored order and the environment's (history-query.ts).
 */
export interface SearchCounts {
  matches: number;
  stored: number;
  inEnvironment: number;
}

const STORED_SQL = `SELECT (SELECT coalesce(sum(n), 0) FROM order_counts) AS stored,
  (SELECT coalesce(sum(n), 0) FROM order_counts WHERE environment = ?) AS inEnvironment`;
const MATCHES_SQL = 'SELECT count(*) FROM orders_fts WHERE orders_fts MATCH ?';
/** The rows holding each of the first two full-text terms in a range (migration 019): the table reads each term's entry whole. */
const TERMS_SQL = 'SELECT doc FROM orders_fts_terms WHERE term >= ? AND term < ? LIMIT 2';

/**
 * A search's counts. Its matches are listed off the full-text index and
 * counted, but for the commonest search, one word of ASCII letters and
 * digits: one prefix term, which the index holds in lower case. When the word
 * starts no term, or one, the index's table of terms counts that term's rows
 * without listing them: 1.5 ms for a token symbol in half of 100k orders and
 * 1.9 ms for a word every order carries, against 2.7 and 5.8 listing them
 * (issue 35). A word that starts more terms (a row may hold two of them, as
 * the first letters of addresses do) is listed, after two terms read at most.
 */
export function searchCounts(db: Database, match: string, environment: Environment): SearchCounts {
  const { stored, inEnvironment } = db.prepare(STORED_SQL).get(environment) as Omit<SearchCounts, 'matches'>;
  const word = loneWord(match);
  if (word !== null) {
    // Every term the word starts sorts from the word itself to the word and the last code point.
    const docs = db.prepare(TERMS_SQL).pluck().all(word, `${word}\u{10FFFF}`) as number[];
    if (docs.length < 2) return { matches: docs[0] ?? 0, stored, inEnvironment };
  }
  return { matches: db.prepare(MATCHES_SQL).pluck().get(match) as number, stored, inEnvironment };
}
