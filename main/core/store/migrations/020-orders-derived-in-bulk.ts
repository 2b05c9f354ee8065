import type { Migration } from '../migrate';

/** The triggers that keep the full-text index and the counts in step with the orders (migrations 007 and 015). */
const DERIVING_TRIGGERS = [
  'orders_fts_insert', 'orders_fts_update', 'orders_fts_delete',
  'order_counts_insert', 'order_counts_update', 'order_counts_delete',
  'order_token_counts_insert', 'order_token_counts_update', 'order_token_counts_delete',
];

/**
 * Issue 35: a batch of orders adds their full-text entries and counts in bulk
 * once written (store/derived-in-bulk.ts), so these triggers leave the orders
 * the batch inserted to it: each is made again as SQLite stored it, guarded by
 * derived_later(rowid), which is false outside such a batch.
 */
export const ordersDerivedInBulkMigration: Migration = {
  version: 20,
  name: 'orders-derived-in-bulk',
  up(db) {
    const stored = db.prepare("SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = ?").pluck();
    for (const name of DERIVING_TRIGGERS) {
      const sql = stored.get(name);
      if (typeof sql !== 'string' || sql.split(/\bBEGIN\b/).length !== 2) throw new Error(`trigger ${name} is not as migrations 7 and 15 made it`);
      db.exec(`DROP TRIGGER ${name}`);
      db.exec(sql.replace(/\bBEGIN\b/, `WHEN NOT derived_later(${name.endsWith('_delete') ? 'old' : 'new'}.rowid) BEGIN`));
    }
  },
};
