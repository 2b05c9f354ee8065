import BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrate } from '../../../main/core/store/migrate';
import { MIGRATIONS } from '../../../main/core/store/migrations';
import { coreFiles, foreignTableViolations, handlerViolations, tablesNamed } from './module-scan';

// Issue 16, "one definition per fact": modules talk through each other's
// services, never through another module's IPC handlers or tables. Today's
// tree is scanned; probes show that each check fails on a violation.

/** Who owns each table the migrations create: the folder whose repository reads and writes it. */
const OWNERS: Readonly<Record<string, string>> = {
  orders: 'history', // OrdersRepo (history/orders-repo.ts); trading and the watcher read orders through HistoryModule
  trades: 'history', // OrdersRepo stores an order's trades with the order
  submissions: 'history', // SubmissionJournal (history/submission-journal.ts); trading journals through history.journal
  sync_cursors: 'history', // OrdersRepo keeps the sync position per account, chain and environment
  order_counts: 'history', // kept by triggers on orders, read by history/history-query.ts
  order_token_counts: 'history', // kept by triggers on orders (migration 015), read by history/history-page-sql.ts
  orders_fts: 'history', // the search index of orders, read by history/history-query.ts
  orders_fts_terms: 'history', // the search index's terms (migration 019), read by history/search-counts.ts
  order_transitions: 'history', // TransitionStream (history/transition-stream.ts), the one stream of order changes
  order_transition_cursors: 'history', // TransitionStream's per-consumer read positions
  notifications: 'watcher', // NotificationStore (watcher/notification-store.ts)
  market_pool_snapshots: 'market', // SnapshotRepo (market/snapshot-repo.ts)
  market_pool_rows: 'market', // SnapshotRepo
  market_apr_snapshots: 'market', // SnapshotRepo
  market_apr_rows: 'market', // SnapshotRepo
  settings: 'settings', // SettingsRepo sits in store/ (exempt) but only SettingsService and the settings module use it
  accounts: 'signer', // AccountsRepo (signer/accounts-repo.ts)
  wallet_transactions: 'wallet', // the transaction journal (wallet/tx-journal.ts)
  put_off_indexes: 'store', // the History indexes a first sync puts off, until built (store/put-off-indexes.ts)
};

/** Files allowed to name any table, each with why. */
const EXEMPT: Readonly<Record<string, string>> = {
  'main/core/store/': 'the store itself: migrations create and reshape every table; settings-repo predates the settings folder',
  'main/core/settings/data-service.ts': "export and delete-all walk every user table on purpose (the user's own data, all of it)",
};
const exempt = (file: string) => Object.keys(EXEMPT).some((prefix) => file.startsWith(prefix));

/** The tables a fresh database has after every migration (FTS shadow tables are SQLite's own). */
function migratedTables(): string[] {
  const db = new BetterSqlite3(':memory:');
  migrate(db, MIGRATIONS);
  const list = db.prepare('PRAGMA table_list').all() as { schema: string; name: string; type: string }[];
  db.close();
  return list.filter((t) => t.schema === 'main' && (t.type === 'table' || t.type === 'virtual') && !t.name.startsWith('sqlite_')).map((t) => t.name).sort();
}

describe('modules talk through services, not handlers or tables', () => {
  it('gives every table the migrations create an owner, and names no table that does not exist', () => {
    // A new migration's table must be given to a module here, or the table check below could not see it.
    expect(Object.keys(OWNERS).sort()).toEqual(migratedTables());
  });

  it("no module imports or reads another module's IPC handlers", () => {
    expect(coreFiles().flatMap((file) => handlerViolations(file))).toEqual([]);
  });

  it("no module's SQL names another module's table", () => {
    const files = coreFiles().filter((file) => !exempt(file));
    expect(files.length).toBeGreaterThan(50);
    expect(files.flatMap((file) => foreignTableViolations(file, OWNERS))).toEqual([]);
  });

  it("fails a module importing another module's handler file, naming file, import and owner", () => {
    const probe = "import { historyHandlers } from '../history/history-handlers';\nexport const x = historyHandlers;\n";
    expect(handlerViolations('main/core/trading/probe.ts', probe)).toEqual([
      "main/core/trading/probe.ts (module trading) imports ../history/history-handlers, the IPC handlers of module history: call history's service instead",
    ]);
    expect(handlerViolations('main/core/trading/probe.ts', "export const load = () => import('../history/history-handlers');\n")).toHaveLength(1);
    // Its own handler file, and another module's service, are fine.
    expect(handlerViolations('main/core/history/probe.ts', "import { historyHandlers } from './history-handlers';\nexport const x = historyHandlers;\n")).toEqual([]);
    expect(handlerViolations('main/core/trading/probe.ts', "import type { HistoryModule } from '../history/history-module';\nexport type X = HistoryModule;\n")).toEqual([]);
  });

  it("fails a module calling another module's handlers through its service object", () => {
    const probe = "export const f = (history: { handlers: Record<string, () => void> }) => history.handlers['history.list']();\n";
    expect(handlerViolations('main/core/trading/probe.ts', probe)).toEqual([
      "main/core/trading/probe.ts:1 (module trading) reads history.handlers: a module's handlers are wired only by services.ts; call its service",
    ]);
  });

  it("fails SQL in one module that names another module's table, naming file, table and owner", () => {
    const probe = "export const sql = 'SELECT uid, status FROM orders WHERE owner = ?';\n";
    expect(foreignTableViolations('main/core/watcher/probe.ts', OWNERS, probe)).toEqual([
      'main/core/watcher/probe.ts (module watcher) names table orders in SQL, a table of module history: go through history\'s service',
    ]);
    expect(foreignTableViolations('main/core/history/probe.ts', OWNERS, probe)).toEqual([]);
    // Writes, joins, template literals and quoted names count; words in comments and messages do not.
    const writes = [
      'export const a = `UPDATE notifications SET seen = 1 WHERE id = ${1}`;',
      'export const b = "INSERT INTO \\"accounts\\" (address) VALUES (?)";',
      "export const c = 'DELETE FROM market_pool_rows';",
      "// SELECT * FROM settings\nexport const d = 'could not read from settings';",
    ].join('\n');
    expect(foreignTableViolations('main/core/trading/probe.ts', OWNERS, writes).map((line) => line.split(' names table ')[1]!.split(' ')[0])).toEqual([
      'notifications',
      'accounts',
      'market_pool_rows',
    ]);
  });

  it('reads every table of a FROM list and a JOIN', () => {
    expect(tablesNamed('SELECT 1 FROM q, orders o JOIN trades t ON t.uid = o.uid WHERE x')).toEqual(['q', 'orders', 'trades']);
    expect(tablesNamed('SELECT count(*) FROM orders WHERE rowid IN (SELECT rowid FROM orders_fts WHERE orders_fts MATCH ?)')).toEqual(['orders', 'orders_fts']);
  });
});
