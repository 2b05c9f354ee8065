import type { Migration } from '../migrate';

/**
 * Issue 35: how many orders a search of one word matches was counted by
 * listing every match off the full-text index, 2.7 ms for a token symbol in
 * half of 100k orders and 5.8 ms for a word every order carries (an app code),
 * on every first read of History during a sync. The full-text index's own
 * table of terms (fts5vocab, nothing stored) answers, per term, how many rows
 * hold it by reading its entry alone (1.5 and 1.9 ms): history/search-counts.ts.
 */
export const searchTermsMigration: Migration = {
  version: 19,
  name: 'search-terms',
  up(db) {
    db.exec(`CREATE VIRTUAL TABLE orders_fts_terms USING fts5vocab(orders_fts, 'row')`);
  },
};
