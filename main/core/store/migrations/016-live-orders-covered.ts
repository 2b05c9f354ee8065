import type { Migration } from '../migrate';

/**
 * The open orders of an account (what the watcher counts and reads in turn,
 * what the sync looks through for expired ones) are read off their index
 * alone. It now leaves out the orders only this app knows (local_state: being
 * submitted, never sent, refused), as every reader of it does, and holds
 * their validity and the columns its condition reads (SQLite reads a column a
 * query names from the index only if the index holds it). Before, each order
 * was looked up in the table to check them: counting an account's 25,000 open
 * orders took 40-50 ms of the main thread, at every status the watcher gave.
 */
export const liveOrdersCoveredMigration: Migration = {
  version: 16,
  name: 'live-orders-covered',
  up(db) {
    db.exec(`
      DROP INDEX orders_live;
      CREATE INDEX orders_live ON orders (account, chain_id, environment, uid, expires_at, status, local_state)
        WHERE status NOT IN ('fulfilled', 'expired', 'cancelled') AND local_state IS NULL;
    `);
  },
};
