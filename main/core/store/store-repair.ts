import { existsSync, renameSync, rmSync } from 'node:fs';
import BetterSqlite3 from 'better-sqlite3';
import { openStore } from './open-store';

/**
 * What a rebuilt store takes over from the damaged one: what the user made here
 * and the service cannot give back (settings, accounts, the journals of
 * submitted orders and signed transactions, alerts already told). Orders,
 * fills and market snapshots come back from the services.
 */
const KEPT_TABLES = ['settings', 'accounts', 'submissions', 'wallet_transactions', 'notifications'] as const;

export interface RepairOutcome {
  /** Where the damaged file now is (kept, never deleted: it may still hold something of value). */
  movedTo: string;
  /** Rows taken over per table; a table that could not be read is absent. */
  kept: Partial<Record<(typeof KEPT_TABLES)[number], number>>;
}

/**
 * Builds a fresh store beside the damaged one holding every row of
 * KEPT_TABLES that can still be read (each table on its own, so a damaged page
 * costs its own table, never the others), and only then moves the damaged file
 * aside (with its -wal, -shm and -journal) and the fresh one into its place: a
 * failure or a crash midway leaves the damaged store where it was, never an
 * empty one that would open as healthy. The caller must hold no connection to `path`.
 */
export function rebuildStore(path: string, now: Date = new Date()): RepairOutcome {
  const movedTo = `${path}.damaged-${now.toISOString().replace(/[:.]/g, '-')}`;
  const building = `${path}.rebuilding`;
  for (const suffix of SIDE_FILES) rmSync(building + suffix, { force: true });
  const fresh = openStore(building);
  const kept: RepairOutcome['kept'] = {};
  try {
    const old = readOnly(path);
    try {
      for (const table of KEPT_TABLES) {
        const count = copyTable(old, fresh.db, table);
        if (count !== null) kept[table] = count;
      }
    } finally {
      old?.close();
    }
  } finally {
    fresh.close();
  }
  for (const suffix of SIDE_FILES) if (existsSync(path + suffix)) renameSync(path + suffix, movedTo + suffix);
  renameSync(building, path);
  return { movedTo, kept };
}

const SIDE_FILES = ['', '-wal', '-shm', '-journal'];

function readOnly(path: string): BetterSqlite3.Database | undefined {
  try {
    return new BetterSqlite3(path, { readonly: true, fileMustExist: true });
  } catch {
    return undefined;
  }
}

/** Copies the columns both stores have; answers how many rows, or null when the old table cannot be read. */
function copyTable(old: BetterSqlite3.Database | undefined, fresh: BetterSqlite3.Database, table: string): number | null {
  if (!old) return null;
  try {
    const columnsOf = (db: BetterSqlite3.Database) => (db.prepare(`SELECT name FROM pragma_table_info(?)`).all(table) as { name: string }[]).map((row) => row.name);
    const had = new Set(columnsOf(old));
    const columns = columnsOf(fresh).filter((name) => had.has(name));
    if (columns.length === 0) return null;
    const rows = old.prepare(`SELECT ${columns.join(', ')} FROM ${table}`).all() as Record<string, unknown>[];
    const insert = fresh.prepare(`INSERT OR REPLACE INTO ${table} (${columns.join(', ')}) VALUES (${columns.map((name) => `@${name}`).join(', ')})`);
    fresh.transaction(() => rows.forEach((row) => insert.run(row)))();
    return rows.length;
  } catch {
    return null;
  }
}
