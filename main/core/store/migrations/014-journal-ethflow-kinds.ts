import type { Migration } from '../migrate';

/**
 * Issue 31: the journal records EthFlow transactions too (createOrder, and the
 * refund's invalidateOrder), so selling ETH in one transaction is journalled
 * and crash-safe like every wallet transaction. SQLite cannot widen a CHECK in
 * place: the table is rebuilt with the same columns and rows.
 */
export const journalEthFlowKindsMigration: Migration = {
  version: 14,
  name: 'journal-ethflow-kinds',
  up(db) {
    db.exec(`
      CREATE TABLE wallet_transactions_next (
        hash TEXT PRIMARY KEY,
        intent_id TEXT NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN ('approve', 'wrap', 'unwrap', 'presign', 'invalidate', 'ethflowOrder', 'ethflowRefund')),
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
      INSERT INTO wallet_transactions_next SELECT hash, intent_id, kind, subject, account, chain_id, nonce, raw, summary, status, block_number, error, created_at, updated_at FROM wallet_transactions;
      DROP TABLE wallet_transactions;
      ALTER TABLE wallet_transactions_next RENAME TO wallet_transactions;
      CREATE INDEX wallet_transactions_intent ON wallet_transactions (intent_id);
      CREATE INDEX wallet_transactions_pending ON wallet_transactions (status) WHERE status IN ('signed', 'broadcast');
    `);
  },
};
