import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { AppError } from '../../common/errors';
import type { DataInfo } from '../../common/settings/health-schema';
import type { StoreState } from '../health/health-service';
import { writeTransaction } from '../store/write-transaction';

/**
 * The data section of the settings screen: where the database is, how big it
 * is, a full JSON export and a full wipe. Both walk every table the migrations
 * created, so features added later are exported and deleted without touching
 * this file. Keys are never in the database (see the signer), so neither
 * touches them.
 */
export class DataService {
  constructor(
    private readonly storeState: StoreState,
    private readonly exportDir: string,
    private readonly now: () => Date = () => new Date(),
  ) {}

  info(): DataInfo {
    const path = 'store' in this.storeState ? this.storeState.store.path : this.storeState.path;
    const sizeBytes = ['', '-wal', '-shm'].reduce((sum, suffix) => sum + fileSize(path + suffix), 0);
    return { path, sizeBytes, available: 'store' in this.storeState };
  }

  exportAll(): { path: string; rows: number } {
    const db = this.db();
    let rows = 0;
    const tables: Record<string, unknown[]> = {};
    // One read transaction: the export is a consistent snapshot even while sync writes.
    db.transaction(() => {
      for (const table of userTables(db)) {
        const found = db.prepare(`SELECT * FROM "${table}"`).all().map(toJsonRow);
        tables[table] = found;
        rows += found.length;
      }
    })();
    const stamp = this.now().toISOString().replace(/[:.]/g, '-');
    mkdirSync(this.exportDir, { recursive: true });
    const path = join(this.exportDir, `cow-desk-export-${stamp}.json`);
    const schemaVersion = Number(db.pragma('user_version', { simple: true }));
    writeFileSync(path, JSON.stringify({ exportedAt: this.now().toISOString(), schemaVersion, tables }, null, 2), { mode: 0o600 });
    return { path, rows };
  }

  /** Empties every table in one transaction, then gives the freed pages back to the disk. */
  deleteAll(): DataInfo {
    const db = this.db();
    writeTransaction(db, () => {
      // Rows that point at each other go in any order; the check runs at commit, when all are gone.
      db.pragma('defer_foreign_keys = ON');
      for (const table of userTables(db).filter((name) => !KEPT_TABLES.has(name))) db.prepare(`DELETE FROM "${table}"`).run();
    });
    db.exec('VACUUM');
    db.pragma('wal_checkpoint(TRUNCATE)');
    return this.info();
  }

  private db() {
    if (!('store' in this.storeState)) {
      throw new AppError('STORE_UNAVAILABLE', `CoW Desk's local database is not available: ${this.storeState.error}`);
    }
    return this.storeState.store.db;
  }
}

/**
 * Accounts survive "delete local data": their keys live in the keychain or the
 * vault, and deleting the rows would leave those keys where no screen can reach
 * them. Accounts (and keys) are removed one by one on the Accounts screen.
 */
const KEPT_TABLES = new Set(['accounts']);

type Db = Extract<StoreState, { store: unknown }>['store']['db'];

/**
 * The store's own bookkeeping, not the user's data: the History indexes a
 * first sync put off, still to build (store/put-off-indexes.ts; emptied
 * mid-sync, they would never be built again), and the full-text index's
 * table of its terms (a view of the index: nothing to export, nothing to empty).
 */
const STORE_TABLES = new Set(['put_off_indexes', 'orders_fts_terms']);

/** Ordinary and virtual (FTS) tables; SQLite's own, the FTS shadow tables and the store's bookkeeping are left out. */
function userTables(db: Db): string[] {
  const list = db.prepare('PRAGMA table_list').all() as { schema: string; name: string; type: string }[];
  return list
    .filter((entry) => entry.schema === 'main' && (entry.type === 'table' || entry.type === 'virtual') && !entry.name.startsWith('sqlite_') && !STORE_TABLES.has(entry.name))
    .map((entry) => entry.name)
    .sort();
}

function toJsonRow(row: unknown): unknown {
  return Object.fromEntries(
    Object.entries(row as Record<string, unknown>).map(([key, value]) => [
      key,
      Buffer.isBuffer(value) ? `0x${value.toString('hex')}` : typeof value === 'bigint' ? value.toString() : value,
    ]),
  );
}

function fileSize(path: string): number {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
}
