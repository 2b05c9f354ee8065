// The store's writer thread (a worker_threads entry; store-writer.ts starts it).
// It holds its own connection to the store file and runs batches of one
// prepared statement, each batch in one transaction, so the SQL work of a big
// write (indexes, full-text triggers, the WAL checkpoints its commits set off)
// never blocks the main thread, where the IPC handlers run. WAL lets the main
// connection read meanwhile. Self-contained (Node built-ins and better-sqlite3
// only, erasable TypeScript): it is built as its own entry and, from source,
// runs on Node's type stripping.
import { parentPort, workerData } from 'node:worker_threads';
import { performance } from 'node:perf_hooks';
import BetterSqlite3, { type Statement } from 'better-sqlite3';

export interface WriterRequest {
  id: number;
  /** One statement, run once per row (named parameters). */
  sql?: string;
  rows?: readonly Record<string, unknown>[];
  close?: true;
}

export type WriterReply = { id: number; changes: number; ms: number } | { id: number; error: { message: string; code?: string } };

const port = parentPort;
if (port) {
  const db = new BetterSqlite3((workerData as { path: string }).path);
  db.pragma('busy_timeout = 5000');
  db.pragma('foreign_keys = ON');
  // Only data the service holds comes through here: a power cut may lose the last commits, which the next sync fetches again.
  db.pragma('synchronous = NORMAL');
  const statements = new Map<string, Statement>();

  port.on('message', (request: WriterRequest) => {
    if (request.close) {
      db.close();
      port.postMessage({ id: request.id, changes: 0, ms: 0 } satisfies WriterReply);
      port.close();
      return;
    }
    const began = performance.now();
    try {
      const sql = request.sql ?? '';
      let statement = statements.get(sql);
      if (!statement) statements.set(sql, (statement = db.prepare(sql)));
      const run = statement;
      const changes = db.transaction((rows: readonly Record<string, unknown>[]) => rows.reduce((sum, row) => sum + run.run(row).changes, 0))(request.rows ?? []);
      port.postMessage({ id: request.id, changes, ms: performance.now() - began } satisfies WriterReply);
    } catch (error) {
      const { message, code } = error as { message?: string; code?: string };
      port.postMessage({ id: request.id, error: { message: message ?? String(error), ...(code ? { code } : {}) } } satisfies WriterReply);
    }
  });
}
