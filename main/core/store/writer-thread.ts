// The store's writer thread (a worker_threads entry; store-writer.ts starts it).
// It holds its own connection to the store file and runs batches of prepared
// statements, each batch all or nothing, so the SQL work of a big write
// (indexes, full-text triggers, the WAL checkpoints its commits set off) never
// blocks the main thread, where the IPC handlers run. WAL lets the main
// connection read meanwhile. Self-contained (Node built-ins, better-sqlite3,
// the store's SQL functions and row runner; erasable TypeScript, relative
// imports with their extension): it is built as its own entry and, from
// source, runs on Node's type stripping.
import { parentPort, workerData } from 'node:worker_threads';
import { performance } from 'node:perf_hooks';
import BetterSqlite3, { type Statement } from 'better-sqlite3';
import { runForEachRow } from './rows-changed.ts';
import { defineSqlFunctions } from './sql-functions.ts';

export interface WriterData {
  path: string;
  /** The store's wal_autocheckpoint (open-store.ts). */
  checkpointPages: number;
}

export interface WriterRequest {
  id: number;
  /**
   * Statements run in turn for each row (named parameters), the batch all or
   * nothing: a row and what follows from it (an order stored as placed, then
   * as it is) are never committed apart.
   */
  statements?: readonly string[];
  rows?: readonly Record<string, unknown>[];
  close?: true;
}

export type WriterReply = { id: number; changes: number; ms: number } | { id: number; error: { message: string; code?: string } };

/**
 * Batches that arrive together (the main thread sends faster than they are
 * written) share one transaction, each in a savepoint of its own, up to this
 * long: fewer commits write far less (every index and the full-text segments
 * are flushed once), while a main-thread write never waits longer for the lock.
 */
const TRANSACTION_MS = 50;

const port = parentPort;
if (port) {
  const { path, checkpointPages } = workerData as WriterData;
  const db = new BetterSqlite3(path);
  db.pragma('busy_timeout = 5000');
  db.pragma(`wal_autocheckpoint = ${checkpointPages}`);
  // Each batch's savepoint keeps the pages it first changes, to roll the batch back alone: in memory, not a temp
  // file written (and its kernel time paid) for every page of every index a batch touches (issue 17: a third of the writer).
  db.pragma('temp_store = MEMORY');
  db.pragma('foreign_keys = ON');
  // Only data the service holds comes through here: a power cut may lose the last commits, which the next sync fetches again.
  db.pragma('synchronous = NORMAL');
  defineSqlFunctions(db);
  const statements = new Map<string, Statement>();
  /** The open transaction: when it began, and the answers to send once it commits (an answer means committed). */
  let open: { began: number; replies: WriterReply[] } | null = null;

  const commit = () => {
    if (!open) return;
    let { replies } = open;
    open = null;
    const began = performance.now();
    try {
      db.exec('COMMIT');
      // The commit (and the checkpoint it may set off) is the writer's time too: counted with the last batch.
      const last = replies.at(-1);
      if (last && 'ms' in last) last.ms += performance.now() - began;
    } catch (error) {
      if (db.inTransaction) db.exec('ROLLBACK');
      replies = replies.map((reply) => ({ id: reply.id, error: describe(error) }));
    }
    for (const reply of replies) port.postMessage(reply);
  };

  port.on('message', (request: WriterRequest) => {
    if (request.close) {
      commit();
      // What the pass left in the log goes into the file here, not at some later small write of the main thread.
      db.pragma('wal_checkpoint(PASSIVE)');
      db.close();
      port.postMessage({ id: request.id, changes: 0, ms: 0 } satisfies WriterReply);
      port.close();
      return;
    }
    const began = performance.now();
    if (!open) {
      db.exec('BEGIN IMMEDIATE');
      open = { began, replies: [] };
      // After the batches that arrived with this one.
      setImmediate(commit);
    }
    db.exec('SAVEPOINT batch');
    try {
      const prepared = (request.statements ?? []).map((sql) => {
        let statement = statements.get(sql);
        if (!statement) statements.set(sql, (statement = db.prepare(sql)));
        return statement;
      });
      const changes = runForEachRow(prepared, request.rows ?? []);
      db.exec('RELEASE batch');
      open.replies.push({ id: request.id, changes, ms: performance.now() - began });
    } catch (error) {
      db.exec('ROLLBACK TO batch');
      db.exec('RELEASE batch');
      open.replies.push({ id: request.id, error: describe(error) });
    }
    if (performance.now() - open.began >= TRANSACTION_MS) commit();
  });
}

function describe(error: unknown): { message: string; code?: string } {
  const { message, code } = error as { message?: string; code?: string };
  return { message: message ?? String(error), ...(code ? { code } : {}) };
}
