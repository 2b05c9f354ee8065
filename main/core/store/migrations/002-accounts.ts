import type { Migration } from '../migrate';

/**
 * Account metadata only: the key itself lives in the OS keychain (or the
 * passphrase vault file) and never in this database.
 */
export const accountsMigration: Migration = {
  version: 2,
  name: 'accounts',
  up(db) {
    db.exec(`
      CREATE TABLE accounts (
        address TEXT PRIMARY KEY NOT NULL CHECK (address GLOB '0x[0-9a-fA-F]*' AND length(address) = 42),
        label TEXT NOT NULL CHECK (length(label) BETWEEN 1 AND 64),
        kind TEXT NOT NULL CHECK (kind IN ('keychain', 'passphrase', 'watch')),
        created_at TEXT NOT NULL
      ) STRICT;
      CREATE UNIQUE INDEX accounts_address_nocase ON accounts (lower(address));
    `);
  },
};
