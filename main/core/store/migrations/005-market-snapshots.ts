import type { Migration } from '../migrate';

/**
 * The user's own history of the yield service: every load of pools and of the
 * average APR by project is kept as a snapshot, for the small trends of the
 * explorer and to keep it working offline. Times are epoch milliseconds.
 * Rows go with their snapshot (ON DELETE CASCADE), so pruning old snapshots
 * is one DELETE.
 */
export const marketSnapshotsMigration: Migration = {
  version: 5,
  name: 'market-snapshots',
  up(db) {
    db.exec(`
      CREATE TABLE market_pool_snapshots (
        id INTEGER PRIMARY KEY,
        chain_id INTEGER NOT NULL,
        scope TEXT NOT NULL CHECK (scope IN ('top', 'addresses')),
        fetched_at INTEGER NOT NULL,
        pool_count INTEGER NOT NULL CHECK (pool_count >= 0)
      ) STRICT;
      CREATE INDEX market_pool_snapshots_chain ON market_pool_snapshots (chain_id, scope, fetched_at);

      CREATE TABLE market_pool_rows (
        snapshot_id INTEGER NOT NULL REFERENCES market_pool_snapshots (id) ON DELETE CASCADE,
        address TEXT NOT NULL CHECK (address GLOB '0x[0-9a-fA-F]*' AND length(address) = 42),
        project TEXT NOT NULL,
        apr REAL,
        fee REAL,
        tvl REAL,
        volume REAL,
        PRIMARY KEY (snapshot_id, address)
      ) STRICT, WITHOUT ROWID;
      CREATE INDEX market_pool_rows_address ON market_pool_rows (address, snapshot_id);

      CREATE TABLE market_apr_snapshots (
        id INTEGER PRIMARY KEY,
        chain_id INTEGER NOT NULL,
        fetched_at INTEGER NOT NULL,
        UNIQUE (chain_id, fetched_at)
      ) STRICT;

      CREATE TABLE market_apr_rows (
        snapshot_id INTEGER NOT NULL REFERENCES market_apr_snapshots (id) ON DELETE CASCADE,
        project TEXT NOT NULL,
        apr REAL NOT NULL,
        PRIMARY KEY (snapshot_id, project)
      ) STRICT, WITHOUT ROWID;
    `);
  },
};
