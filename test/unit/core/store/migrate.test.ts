import BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrate, schemaVersion, type Migration } from '../../../../main/core/store/migrate';

const table = (version: number, name: string): Migration => ({
  version,
  name,
  up: (db) => db.exec(`CREATE TABLE ${name} (id INTEGER PRIMARY KEY)`),
});

const tables = (db: BetterSqlite3.Database) =>
  (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as { name: string }[]).map((r) => r.name);

describe('migration runner', () => {
  it('applies migrations in order and records the version', () => {
    const db = new BetterSqlite3(':memory:');
    expect(migrate(db, [table(1, 'a'), table(2, 'b')])).toBe(2);
    expect(tables(db)).toEqual(['a', 'b']);
  });

  it('applies only the new ones on the next start', () => {
    const db = new BetterSqlite3(':memory:');
    migrate(db, [table(1, 'a')]);
    expect(migrate(db, [table(1, 'a'), table(2, 'b')])).toBe(2);
    expect(tables(db)).toEqual(['a', 'b']);
  });

  it('rolls back a failing migration and keeps the last good version', () => {
    const db = new BetterSqlite3(':memory:');
    const broken: Migration = {
      version: 2,
      name: 'broken',
      up: (d) => {
        d.exec('CREATE TABLE half (id INTEGER)');
        d.exec('THIS IS NOT SQL');
      },
    };
    expect(() => migrate(db, [table(1, 'a'), broken])).toThrow();
    expect(schemaVersion(db)).toBe(1);
    expect(tables(db)).toEqual(['a']);
  });

  it('refuses a gap or a duplicate in the numbering', () => {
    const db = new BetterSqlite3(':memory:');
    expect(() => migrate(db, [table(1, 'a'), table(3, 'c')])).toThrow(/numbered 3, expected 2/);
    expect(schemaVersion(db)).toBe(0);
  });

  it('refuses a database written by a newer app, with a message saying so', () => {
    const db = new BetterSqlite3(':memory:');
    db.pragma('user_version = 9');
    expect(() => migrate(db, [table(1, 'a')])).toThrowError(expect.objectContaining({ code: 'STORE_TOO_NEW' }));
    expect(tables(db)).toEqual([]);
  });
});
