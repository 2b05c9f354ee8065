import { dirname } from 'node:path';
import BetterSqlite3, { type Database } from 'better-sqlite3';
import { AppError } from '../../common/errors';
import { migrate, schemaVersion as storedVersion, type Migration } from './migrate';
import { MIGRATIONS } from './migrations';
import { defineSqlFunctions } from './sql-functions';
import { buildPutOffIndexes } from './put-off-indexes';
import { privateDir, privateFile, privateIfExists } from '../private-files';
import { StoreWriter } from './store-writer';
import { WAL_CHECKPOINT_PAGES } from './wal';

export interface Store {
  readonly db: Database;
  readonly path: string;
  readonly schemaVersion: number;
  /**
   * Closes the store: at once when it never started a writer thread
   * (store-writer.ts, its own connection); otherwise once the thread has
   * written what it was sent and let go of the file, and only then this
   * connection, which answers. Asked again, the same close.
   */
  close(): Promise<void>;
}

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
    // A sync pass a crash cut may have left History indexes put off: built before anything reads or migrates the
    // store, unless a newer CoW Desk wrote it (migrate refuses it with words; nothing of it is written here).
    if (storedVersion(db) <= migrations.length) buildPutOffIndexes(db);
    const schemaVersion = migrate(db, migrations);
    checkStore(db, path, migrations);
    /** The close under way, once asked: asked again, it is the same close (never the main connection first). */
    let closed: Promise<void> | undefined;
    return {
      db,
      path,
      schemaVersion,
      close: () => {
        if (closed) return closed;
        const writer = StoreWriter.closeFor(db);
        if (!writer) {
          db.close();
          return (closed = Promise.resolve());
        }
        // One after the other: two connections closing at the same moment each see the other still open, and
        // neither copies the log into the file and removes it (CI saw the -wal left after a quit mid-sync).
        // A writer that failed told its writes so: closing it has nothing more to say.
        return (closed = writer.catch(() => undefined).then(() => {
          db.close();
        }));
      },
    };
  } catch (error) {
    db.close();
    throw error;
  }
}

/**
 * A store that opens is not yet a store to trust: damaged pages surface only
 * when a query reaches them (a watcher round, minutes later), and a table
 * dropped by hand fails the statements prepared at start. quick_check reads
 * every page once (without the costlier index cross-checks of
 * integrity_check); the schema is compared with what the migrations create.
 */
function checkStore(db: Database, path: string, migrations: readonly Migration[]): void {
  // One finding is enough to know, and keeps the message readable.
  const quick = db.pragma('quick_check(1)', { simple: true });
  if (quick !== 'ok') throw damaged(path, `SQLite's check says: ${String(quick).replace(/\*\*\* in database \w+ \*\*\*/, '').replace(/\s+/g, ' ').trim()}`);
  const present = new Set(schemaNames(db));
  const missing = expectedSchema(migrations).filter((name) => !present.has(name));
  if (missing.length > 0) throw damaged(path, `missing ${missing.slice(0, 3).join(', ')}${missing.length > 3 ? ` and ${missing.length - 3} more` : ''}`);
}

export const STORE_DAMAGED = 'STORE_DAMAGED';

function damaged(path: string, detail: string): AppError {
  return new AppError(STORE_DAMAGED, `The local database at ${path} is damaged (${detail}). Rebuild it: your orders come back from the service, your accounts are kept where they can be read.`);
}

const schemaNames = (db: Database) =>
  (db.prepare("SELECT type || ' ' || name AS name FROM sqlite_master WHERE name NOT LIKE 'sqlite_%'").all() as { name: string }[]).map((row) => row.name);

/** What the migrations create, from an empty in-memory store, once per list of migrations. */
const expected = new WeakMap<readonly Migration[], string[]>();
function expectedSchema(migrations: readonly Migration[]): string[] {
  let names = expected.get(migrations);
  if (!names) {
    const db = new BetterSqlite3(':memory:');
    defineSqlFunctions(db);
    migrate(db, migrations);
    names = schemaNames(db);
    db.close();
    expected.set(migrations, names);
  }
  return names;
}
