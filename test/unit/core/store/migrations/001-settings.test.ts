import BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { migrate } from '../../../../../main/core/store/migrate';
import { settingsMigration } from '../../../../../main/core/store/migrations/001-settings';
import { SettingsRepo } from '../../../../../main/core/store/settings-repo';

describe('migration 001: settings', () => {
  const open = () => {
    const db = new BetterSqlite3(':memory:');
    migrate(db, [settingsMigration]);
    return db;
  };

  it('stores JSON values and refuses anything that is not JSON', () => {
    const db = open();
    db.prepare('INSERT INTO settings (key, value, updated_at) VALUES (?, ?, ?)').run('a', '{"x":1}', 1);
    expect(() => db.prepare('INSERT INTO settings (key, value, updated_at) VALUES (?, ?, ?)').run('b', 'not json', 1)).toThrow(
      /CHECK constraint/,
    );
  });

  it('round-trips a validated value and falls back on one that no longer parses', () => {
    const db = open();
    const repo = new SettingsRepo(db);
    const schema = z.enum(['light', 'dark']);
    expect(repo.get('theme', schema, 'light')).toBe('light');
    repo.set('theme', schema, 'dark');
    expect(repo.get('theme', schema, 'light')).toBe('dark');
    db.prepare("UPDATE settings SET value = '\"purple\"' WHERE key = 'theme'").run();
    expect(repo.get('theme', schema, 'light')).toBe('light');
    expect(() => repo.set('theme', schema, 'purple' as 'dark')).toThrow();
  });
});
