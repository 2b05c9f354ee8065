import type { Migration } from '../migrate';

/**
 * Issue 16: a fill is dated by its trade's block, read after it is told. A
 * dating cut short (the app quit, the wallet's node did not answer) left the
 * time the fill was read, and nothing said the block had not dated it yet:
 * this mark lets a later read of the service's list finish the job once.
 */
export const notificationsBlockDatedMigration: Migration = {
  version: 11,
  name: 'notifications-block-dated',
  up(db) {
    db.exec('ALTER TABLE notifications ADD COLUMN dated_by_block INTEGER NOT NULL DEFAULT 0');
  },
};
