import type { Migration } from '../migrate';

/**
 * Issue 16: one name per concept. What the watcher tells the user is a
 * notification everywhere else (the Notifications screen, the notifications.*
 * commands, main/common/notifications); its table and indexes take that name
 * too. Rows, ids and read marks are kept as they are.
 */
export const notificationsNameMigration: Migration = {
  version: 10,
  name: 'notifications-name',
  up(db) {
    db.exec(`
      ALTER TABLE watch_events RENAME TO notifications;
      DROP INDEX watch_events_recent;
      DROP INDEX watch_events_unread;
      CREATE INDEX notifications_recent ON notifications (occurred_at DESC);
      CREATE INDEX notifications_unread ON notifications (read) WHERE read = 0;
    `);
  },
};
