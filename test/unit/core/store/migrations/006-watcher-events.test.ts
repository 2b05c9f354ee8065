import BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrate } from '../../../../../main/core/store/migrate';
import { MIGRATIONS } from '../../../../../main/core/store/migrations';
import { watcherEventsMigration } from '../../../../../main/core/store/migrations/006-watcher-events';
import { NotificationStore } from '../../../../../main/core/watcher/notification-store';

const event = (id: string, occurredAt: number) => ({
  id,
  type: 'order_filled' as const,
  environment: 'production' as const,
  account: '0x00000000000000000000000000000000000000Aa',
  chainId: 1,
  orderUid: null,
  source: 'orders' as const,
  occurredAt,
  title: 'Order filled',
  body: 'Sold 1 WETH.',
  notified: true,
});

describe('migration: watcher events', () => {
  const open = () => {
    const db = new BetterSqlite3(':memory:');
    db.pragma('foreign_keys = ON');
    migrate(db, MIGRATIONS.slice(0, MIGRATIONS.indexOf(watcherEventsMigration) + 1));
    return db;
  };

  it('is registered in order and creates its two tables', () => {
    expect(MIGRATIONS.indexOf(watcherEventsMigration) + 1).toBe(watcherEventsMigration.version);
    const tables = (open().prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'watch_%' ORDER BY name").all() as { name: string }[]).map((t) => t.name);
    expect(tables).toEqual(['watch_events', 'watch_orders']);
  });

  it('stores an event once per id and refuses unknown types (through today\'s store, after the rename of 010)', () => {
    const db = new BetterSqlite3(':memory:');
    migrate(db, MIGRATIONS);
    const store = new NotificationStore(db);
    expect(store.record(event('production:order_filled:0x1', 1))).toBe(true);
    expect(store.record(event('production:order_filled:0x1', 2))).toBe(false);
    expect(store.list({ limit: 10 }).total).toBe(1);
    expect(() => store.record({ ...event('x', 3), type: 'announcement' as never })).toThrow(/CHECK/);
  });
});
