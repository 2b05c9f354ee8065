// The store's writer thread (a worker_threads entry; store-writer.ts starts it).
// It holds its own connection to the store file and runs batches of prepared
// statements, each batch all or nothing, so the SQL work of a big write
// (indexes, full-text triggers, the WAL checkpoints its commits set off) never
// blocks the main thread, where the IPC handlers run. WAL lets the main
// connection read meanwhile. A sync's pages come here as the bytes the service
// sent (transferred, not copied): they are parsed, checked with their schema
// and turned into rows here too (history/sync-pages.ts), so the main thread
// does only the I/O. Built as its own entry (electron.vite.config.ts); from
// source, store-writer.ts runs it with tsx's loader.
import { parentPort, workerData } from 'node:worker_threads';
import { performance } from 'node:perf_hooks';
import BetterSqlite3, { type Statement } from 'better-sqlite3';
import { decodePage, pageCheck, TOO_DEEP } from '../history/sync-pages.ts';
import { buildPutOffIndexes, putOffIndexes } from './put-off-indexes.ts';
import { runForEachRow } from './rows-changed.ts';
import { defineSqlFunctions } from './sql-functions.ts';
import type { WriterData, WriterReply, WriterRequest } from './writer-messages.ts';

/**
 * Batches that arrive together (the main thread sends faster than they are
 * written) share one transaction, each in a savepoint of its own, up to this
 * long: fewer commits write far less (every index and the full-text segments
 * are flushed once), while a main-thread write never waits longer for the lock.
 */
const TRANSACTION_MS = 50;
/**
 * Rows of a page written in one savepoint: a page's 1000 in one took 4-5x the
 * writer's time of the same rows 50 at a time (measured, 10k orders: 10-14 s
 * against 2.3-4 s); each slice is all or nothing, as the main thread's slices were.
 */
const PAGE_SLICE = 64;
/**
 * This thread's page cache, KiB (the main thread's connection keeps better-sqlite3's 16 MB). A trade (issue 35,
 * sync bench, idle): with 4 MB a 10k-order sync's writing took 1.72-1.80 s of the thread against 2.31-2.44 s (beside
 * two CPU hogs 2.72-2.86 s against 3.95-4.09 s; 2 and 8 MB close to 4, 1 MB slower), but 100k took 21.8-23.9 s
 * against 18.1-23.7 s (beside the hogs 34.7-37.6 s against 33.4-33.5 s). It saves the process at most the 12 MB
 * between the two caches.
 */
const PAGE_CACHE_KIB = 4000;

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
  db.pragma(`cache_size = -${PAGE_CACHE_KIB}`);
  defineSqlFunctions(db);
  const statements = new Map<string, Statement>();
  const prepare = (sql: string) => {
    let statement = statements.get(sql);
    if (!statement) statements.set(sql, (statement = db.prepare(sql)));
    return statement;
  };
  /** Indexes put off are built while nothing waits (buildBetween), and the thread's time on them, counted at the next flush. */
  let buildBetween = false;
  let betweenMs = 0;
  /** The open transaction: when it began, and the answers to send once it commits (an answer means committed). */
  let open: { began: number; replies: WriterReply[] } | null = null;

  /** Commits the open transaction; answers false (its batches told why) if it failed. */
  const commit = (): boolean => {
    if (!open) return true;
    let { replies } = open;
    open = null;
    const began = performance.now();
    let committed = true;
    try {
      db.exec('COMMIT');
      // The commit (and the checkpoint it may set off) is the writer's time too: counted with the last batch.
      const last = replies.at(-1);
      if (last && 'ms' in last) last.ms += performance.now() - began;
    } catch (error) {
      if (db.inTransaction) db.exec('ROLLBACK');
      replies = replies.map((reply) => ({ id: reply.id, error: describe(error) }));
      committed = false;
    }
    for (const reply of replies) port.postMessage(reply);
    return committed;
  };

  /** One slice in a savepoint of the open transaction (begun if none is): all or nothing; answers the rows changed. */
  const write = (sql: readonly string[], rows: readonly Record<string, unknown>[]): number => {
    if (!open) {
      db.exec('BEGIN IMMEDIATE');
      // Committed by the drain (below): once no request waits, or after TRANSACTION_MS.
      open = { began: performance.now(), replies: [] };
    }
    db.exec('SAVEPOINT batch');
    try {
      const changes = runForEachRow(sql.map(prepare), rows);
      db.exec('RELEASE batch');
      return changes;
    } catch (error) {
      db.exec('ROLLBACK TO batch');
      db.exec('RELEASE batch');
      throw error;
    }
  };

  /** A sync's page: decoded, its summary sent at once, its rows written in slices; null when it cannot be decoded (answered already). */
  const pageSlices = (id: number, page: NonNullable<WriterRequest['page']>) => {
    let decoded: ReturnType<typeof decodePage>;
    try {
      decoded = decodePage(page.bytes, page.ask, db);
    } catch (error) {
      port.postMessage({ id, error: describe(error) } satisfies WriterReply);
      return null;
    } finally {
      // The bytes are let go of here, not with the page's job once its rows are written: by then the page's parse
      // has promoted the buffer to the old generation, where it waited for a full collection, and the main thread's
      // malloc heap, where it was allocated, grew by a page for each one waiting (37 MB at a 100k sync's peak).
      page.bytes.transfer(0);
    }
    // The walk goes on (or stops) on this while the rows are written.
    port.postMessage({ id, decoded: pageCheck(decoded) } satisfies WriterReply);
    if (!decoded || decoded === TOO_DEEP) return null;
    return decoded.groups.flatMap(({ statements, rows }) =>
      Array.from({ length: Math.ceil(rows.length / PAGE_SLICE) }, (_, at) => ({ statements, rows: rows.slice(at * PAGE_SLICE, (at + 1) * PAGE_SLICE) })),
    );
  };

  /** A slice of a request's rows, written in one savepoint. */
  type Slice = { statements: readonly string[]; rows: readonly Record<string, unknown>[] };
  /** A request waiting its turn: the slices of its rows left to write (none for a control() one), what it changed and the thread's time on it so far. */
  type Job = { request: WriterRequest; slices: Slice[]; changes: number; ms: number; started: boolean };
  /** Requests in the order they came; the first one is under way. */
  const jobs: Job[] = [];
  let draining = false;
  /** Main-thread writes under way (pause, resume): while any is, nothing is written here. */
  let pauses = 0;

  /** The request's answer: sent once its writes are committed (at once when none is open). */
  const answer = (reply: WriterReply) => {
    jobs.shift();
    if (!open) return port.postMessage(reply);
    open.replies.push(reply);
    if (performance.now() - open.began >= TRANSACTION_MS) commit();
  };

  /** Requests with no rows: they act once what came before is committed (control()). */
  const isControl = (request: WriterRequest) => Boolean(request.putOff || request.flush || request.close || request.buildBetween !== undefined);

  /** A flush, close, put-off or buildBetween: after what came before is committed. Answers false once the thread is closed. */
  const control = (job: Job): boolean => {
    const { request } = job;
    // The commit's time is counted with the batches it commits.
    commit();
    const began = performance.now();
    jobs.shift();
    let reply: WriterReply = { id: request.id, changes: 0, ms: 0 };
    // Builds between writes last until the pass that asked for them ends, or another pass may write orders.
    buildBetween = request.buildBetween ?? false;
    // Counted with the pass's flush (a failed one loses it: its pass has failed).
    const between = request.flush || request.close ? betweenMs : 0;
    if (request.flush || request.close) betweenMs = 0;
    try {
      if (request.putOff) reply.changes = putOffIndexes(db);
      else if (request.buildBetween === undefined) {
        if (request.build || request.close) buildPutOffIndexes(db);
        // What the pass left in the log goes into the file here, not at some later small write of the main thread.
        db.pragma('wal_checkpoint(PASSIVE)');
      }
      reply.ms = performance.now() - began + between;
    } catch (error) {
      reply = { id: request.id, error: describe(error) };
    }
    if (request.close) db.close();
    port.postMessage(reply);
    if (request.close) port.close();
    return !request.close;
  };

  /**
   * Builds the next index put off, while nothing waits (buildBetween): answers whether there may be more (not when
   * another connection built the one it picked: the flush builds the rest).
   */
  const buildOne = (): boolean => {
    const began = performance.now();
    try {
      if (buildPutOffIndexes(db, 1) === 1) return true;
    } catch {
      // Left to the pass's flush, which builds the rest and answers for a failure (or to the next pass's, the
      // thread's close, the next start: open-store.ts).
    } finally {
      betweenMs += performance.now() - began;
    }
    buildBetween = false;
    return false;
  };

  /**
   * One step of the first request, then a turn of the event loop, so a page
   * that arrives meanwhile is decoded (and the walk told to ask for the next)
   * between two slices of the pages before it, not after all of them: beside
   * a busy machine, waiting for those writes held each request of a sync back.
   * The open transaction commits once nothing waits, or after TRANSACTION_MS.
   */
  const drain = () => {
    const job = jobs[0];
    if (pauses > 0) {
      // The resume that ends the last pause drains again.
      draining = false;
      return;
    }
    if (!job) {
      commit();
      // An index at a time: a request that comes meanwhile waits for one build at most.
      if (buildBetween && buildOne()) setImmediate(drain);
      else draining = false;
      return;
    }
    const { request } = job;
    if (isControl(request)) {
      if (!control(job)) return;
      setImmediate(drain);
      return;
    }
    const slice = job.slices.shift();
    const began = performance.now();
    try {
      if (slice) {
        if (request.page && Atomics.load(request.page.dropped, 0) === 1) throw Object.assign(new Error('The sync was cancelled: the page was not written.'), { code: 'SYNC_CANCELLED' });
        job.started = true;
        job.changes += write(slice.statements, slice.rows);
        job.ms += performance.now() - began;
      }
      if (job.slices.length === 0) answer({ id: request.id, changes: job.changes, ms: job.ms });
      // A long page commits on the way, as requests arriving together do.
      else if (open && performance.now() - open.began >= TRANSACTION_MS && !commit()) throw new Error('The store could not commit a write.');
    } catch (error) {
      answer({ id: request.id, error: describe(error) });
    }
    setImmediate(drain);
  };

  port.on('message', (request: WriterRequest) => {
    if (request.pause || request.resume) {
      if (request.pause) {
        pauses += 1;
        // The request under way failed if what it wrote could not be committed.
        if (!commit() && jobs[0]?.started) answer({ id: jobs[0].request.id, error: { message: 'The store could not commit a write.' } });
      } else pauses = Math.max(0, pauses - 1);
      port.postMessage({ id: request.id, changes: 0, ms: 0 } satisfies WriterReply);
      if (pauses === 0 && !draining && (jobs.length > 0 || buildBetween)) {
        draining = true;
        setImmediate(drain);
      }
      return;
    }
    const began = performance.now();
    let slices: Slice[] = [];
    if (request.page) {
      // Decoded as it comes, with the write lock let go first: the main connection's own writes never wait on a parse.
      // The request under way failed if what it wrote could not be committed.
      if (!commit() && jobs[0]?.started) answer({ id: jobs[0].request.id, error: { message: 'The store could not commit a write.' } });
      const decoded = pageSlices(request.id, request.page);
      if (!decoded) return;
      slices = decoded;
    } else if (!isControl(request)) slices = [{ statements: request.statements ?? [], rows: request.rows ?? [] }];
    jobs.push({ request, slices, changes: 0, ms: performance.now() - began, started: false });
    if (!draining) {
      draining = true;
      setImmediate(drain);
    }
  });
}

function describe(error: unknown): { message: string; code?: string } {
  const { message, code } = error as { message?: string; code?: string };
  return { message: message ?? String(error), ...(code ? { code } : {}) };
}
