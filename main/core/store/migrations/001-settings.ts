import type { Migration } from '../migrate';

/** Key/value settings; values are JSON and validated by their owners on read. */
export const settingsMigration: Migration = {
  version: 1,
  name: 'settings',
  up(db) {
    db.exec(`
      CREATE TABLE settings (
        key TEXT PRIMARY KEY NOT NULL,
        value TEXT NOT NULL CHECK (json_valid(value)),
        updated_at INTEGER NOT NULL
      ) STRICT;
    `);
  },
};
