import type { Database } from 'better-sqlite3';
import { AppError } from '../../common/errors';
import { writeTransaction } from './write-transaction';

export interface Migration {
  readonly version: number;
  readonly name: string;
  up(db: Database): void;
}

/**
 * Brings the schema up to the newest migration. The schema version lives in
 * `PRAGMA user_version`, and each migration commits together with its version
 * bump, so a crash mid-way leaves the file at the last complete version.
 */
export function migrate(db: Database, migrations: readonly Migration[]): number {
  migrations.forEach((migration, index) => {
    if (migration.version !== index + 1) {
      throw new Error(`Migration "${migration.name}" is numbered ${migration.version}, expected ${index + 1}.`);
    }
  });
  const latest = migrations.length;
  const current = schemaVersion(db);
  if (current > latest) {
    throw new AppError(
      'STORE_TOO_NEW',
      `This database was written by a newer CoW Desk (schema ${current}; this version knows ${latest}). Update CoW Desk to open it.`,
    );
  }
  for (const migration of migrations.slice(current)) {
    writeTransaction(db, () => {
      migration.up(db);
      db.pragma(`user_version = ${migration.version}`);
    });
  }
  return schemaVersion(db);
}

export function schemaVersion(db: Database): number {
  return db.pragma('user_version', { simple: true }) as number;
}
