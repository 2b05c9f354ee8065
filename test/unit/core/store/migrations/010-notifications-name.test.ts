import BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrate } from '../../../../../main/core/store/migrate';
import { MIGRATIONS } from '../../../../../main/core/store/migrations';
import { notificationsNameMigration } from '../../../../../main/core/store/migrations/010-notifications-name';
import { NotificationStore } from '../../../../../main/core/watcher/notification-store';

describe('migration 010: notifications keep their rows under the one name', () => {
  it('is registered in order, renames the table and its indexes, and keeps every notification and read mark', () => {
    expect(MIGRATIONS.indexOf(notificationsNameMigration) + 1).toBe(notificationsNameMigration.version);
    const db = new BetterSqlite3(':memory:');
    migrate(db, MIGRATIONS.slice(0, MIGRATIONS.indexOf(notificationsNameMigration)));
    const insert = db.prepare(
      `INSERT INTO watch_events (id, type, environment, account, chain_id, order_uid, source, occurred_at, title, body, read, notified)
       VALUES (?, 'order_filled', 'production', '0x00000000000000000000000000000000000000Aa', 1, NULL, 'orders', ?, 'Order filled', 'Sold 1 WETH.', ?, 1)`,
    );
    insert.run('production:order_filled:0x1', 1_000, 1);
    insert.run('production:order_filled:0x2', 2_000, 0);

    migrate(db, MIGRATIONS);
    const names = (db.prepare("SELECT name FROM sqlite_master WHERE name LIKE 'watch_%' OR name LIKE 'notifications%' ORDER BY name").all() as { name: string }[]).map((row) => row.name);
    expect(names).toEqual(['notifications', 'notifications_recent', 'notifications_unread']);
    const store = new NotificationStore(db);
    expect(store.list({ limit: 10 }).events.map((event) => [event.id, event.read])).toEqual([
      ['production:order_filled:0x2', false],
      ['production:order_filled:0x1', true],
    ]);
    expect(store.unread()).toBe(1);
  });
});
