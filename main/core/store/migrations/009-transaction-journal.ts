import type { Migration } from '../migrate';

/**
 * Issue 14: the wallet's transaction journal. A transaction is written here,
 * signed and raw, before it is broadcast, so after a crash or a lost answer
 * the same bytes are sent again and nothing is signed twice for one intent
 * (one click, `intent_id`). A replacement (speed up / cancel, same nonce) is
 * another row of the same intent; at most one row of an intent is live.
 * Times are epoch milliseconds.
 */
export const transactionJournalMigration: Migration = {
  version: 9,
  name: 'transaction-journal',
  up(db) {
    db.exec(`
      CREATE TABLE wallet_transactions (
        hash TEXT PRIMARY KEY,
        intent_id TEXT NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN ('approve', 'wrap', 'unwrap', 'presign', 'invalidate')),
        subject TEXT NOT NULL,
        account TEXT NOT NULL,
        chain_id INTEGER NOT NULL,
        nonce INTEGER NOT NULL,
        raw TEXT NOT NULL,
        summary TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('signed', 'broadcast', 'confirmed', 'failed', 'replaced')),
        block_number INTEGER,
        error TEXT,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      ) STRICT;
      CREATE INDEX wallet_transactions_intent ON wallet_transactions (intent_id);
      CREATE INDEX wallet_transactions_pending ON wallet_transactions (status) WHERE status IN ('signed', 'broadcast');
    `);
  },
};
