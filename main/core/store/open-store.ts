import { dirname } from 'node:path';
import BetterSqlite3, { type Database } from 'better-sqlite3';
import { migrate, type Migration } from './migrate';
import { MIGRATIONS } from './migrations';
import { defineSqlFunctions } from './sql-functions';
import { privateDir, privateFile, privateIfExists } from '../private-files';

export interface Store {
  readonly db: Database;
  readonly path: string;
  readonly schemaVersion: number;
  close(): void;
}

/**
 * WAL pages after which a commit copies the log back into the file (SQLite's
 * default is 1000). A sync touches a page of every index per order: checkpoints
 * at 4 MB copied the same pages over and over and cost the writer half its time
 * (issue 17); at 64 MB a page is copied once for many commits. Every connection
 * uses it, so a small write of the main thread never finds a log over its own
 * threshold and checkpoints a sync's pages on the main thread.
 */
export const WAL_CHECKPOINT_PAGES = 16_000;

/**
 * Opens (creating if needed) the app's SQLite file and migrates it.
 * WAL lets the UI read while sync writes; synchronous=FULL makes each commit
 * durable even across a power cut, because an order the user submitted must
 * never vanish; foreign keys are off by default in SQLite and we want them.
 */
export function openStore(path: string, migrations: readonly Migration[] = MIGRATIONS): Store {
  if (path !== ':memory:') {
    // Owner-only before SQLite opens it; its -wal and -shm files take the database file's mode.
    privateDir(dirname(path));
    privateFile(path);
    for (const suffix of ['-wal', '-shm', '-journal']) privateIfExists(`${path}${suffix}`);
  }
  const db = new BetterSqlite3(path);
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    db.pragma('foreign_keys = ON');
    db.pragma('busy_timeout = 5000');
    db.pragma(`wal_autocheckpoint = ${WAL_CHECKPOINT_PAGES}`);
    defineSqlFunctions(db);
    const schemaVersion = migrate(db, migrations);
    return { db, path, schemaVersion, close: () => db.close() };
  } catch (error) {
    db.close();
    throw error;
  }
}
