import type { Migration } from '../migrate';

/**
 * Where the History indexes a first sync puts off are kept until they are
 * built again (store/put-off-indexes.ts): each one's name and its CREATE
 * statement as SQLite stored it, so a pass cut by a crash leaves the next
 * start what it needs to build them.
 */
export const putOffIndexesMigration: Migration = {
  version: 17,
  name: 'put-off-indexes',
  up(db) {
    db.exec('CREATE TABLE put_off_indexes (name TEXT PRIMARY KEY, sql TEXT NOT NULL) STRICT;');
  },
};
