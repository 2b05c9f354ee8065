import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { Database } from 'better-sqlite3';
import { WAL_CHECKPOINT_PAGES } from './wal';
import { TOO_DEEP, type PageAsk, type PageCheck } from '../history/sync-pages';
import type { WriterData, WriterReply, WriterRequest } from './writer-messages';

/** Where the writer thread's code is: built next to the main bundle (electron.vite.config.ts), or the source beside this file. */
function threadEntry(): string {
  const candidates = [join(import.meta.dirname, 'writer-thread.js'), join(import.meta.dirname, 'writer-thread.ts')];
  const found = candidates.find((path) => existsSync(path));
  if (!found) throw new Error(`The store's writer thread is missing (looked for ${candidates.join(', ')}).`);
  return found;
}

/** Each file store's writer thread, once started (one that ended is replaced on the next use). */
const writers = new WeakMap<Database, StoreWriter>();
/** Stores whose writer thread is ending before their own connection closes: no new thread starts for them. */
const closing = new WeakSet<Database>();
/**
 * Sync passes holding each store's writer thread (hold/release), counted per store: a pass's hold outlives a thread
 * that failed, so the next thread builds nothing between writes, nor at another pass's release, while it holds on.
 */
const holders = new WeakMap<Database, number>();

/**
 * A thread no sync pass has held for this long ends (a pass that comes later
 * starts a new one). The scopes of one pass, and the passes a user's action
 * sets off, come close together and share one thread; the regular pass comes
 * every few minutes, and a thread kept idle between them held its heap (tens
 * of MB after a big sync) for nothing.
 */
const IDLE_END_MS = 15_000;

/**
 * The writer thread's young generation, MB. A page decodes into about ten
 * times its 1.6 MB in short-lived objects, and by default V8 grows the young
 * generation to tens of MB for such a rate, then keeps it until the thread
 * ends: the largest part of the thread's heap during a long sync. Capped, a
 * 100k-order sync peaked about 20 MB lower (measured in a process of its own,
 * as the sync-memory bench runs the app; issue 35), at some of the thread's
 * time in collections.
 */
const YOUNG_GENERATION_MB = 4;

/**
 * The writer thread's old generation cap, MB. V8 lets a heap grow to 4x what
 * it keeps live once its cap is as high as the machine allows (Node's default
 * on a desktop), but to 1.3-1.5x under a cap of this size (V8 scales the
 * factor with the cap): the rows of the pages waiting to be written are
 * collected before the heap doubles, not after. With it (and index builds sorting in a file, put-off-indexes.ts) a
 * 100k-order sync's process peaked at 210 MB against 241-250 MB without (a
 * probe of the app in a process of its own, as the sync-memory bench runs
 * it; issue 35).
 * The worst real page the client takes (16 MB, RESPONSE_LIMITS.accountOrders)
 * decodes into some 40 MB, and at most three wait here: far below the cap.
 * A hostile page of 16 MB of empty items could parse into a few hundred MB:
 * past the cap the thread ends and the pass fails (the next pass starts a new
 * thread), where without it the process would have grown by as much.
 */
const OLD_GENERATION_MB = 512;

export class StoreWriteError extends Error {
  constructor(
    message: string,
    readonly code: string | undefined,
  ) {
    super(message);
    this.name = 'StoreWriteError';
  }
}

/**
 * Big writes of the store, off the main thread: a worker thread with its own
 * connection to the same file (writer-thread.ts) runs each batch all or
 * nothing, in the order they were sent, and answers once it is committed.
 * The main thread only builds the rows and posts them; the SQL, the index and
 * full-text updates and the WAL checkpoints run there, so the IPC stays
 * responsive during a sync.
 * An in-memory store has no file to share: forDatabase() answers null.
 */
export class StoreWriter {
  private readonly worker: Worker;
  private readonly pending = new Map<
    number,
    { resolve: (reply: { changes: number; ms: number }) => void; reject: (error: Error) => void; decoded?: { resolve: (summary: PageCheck) => void; reject: (error: Error) => void } }
  >();
  private next = 0;
  private failure: Error | undefined;
  private closed: Promise<void> | undefined;
  /** The timer that ends the thread once no pass has held it for IDLE_END_MS. */
  private idleEnd: NodeJS.Timeout | undefined;

  private constructor(private readonly db: Database) {
    const entry = threadEntry();
    // From source (tests, the bench) the entry is TypeScript that imports the schemas (main/common), which only a
    // loader resolves: tsx's, as the tests and the bench themselves run; the built entry is one bundle.
    this.worker = new Worker(entry, {
      workerData: { path: db.name, checkpointPages: WAL_CHECKPOINT_PAGES } satisfies WriterData,
      resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB, maxOldGenerationSizeMb: OLD_GENERATION_MB },
      ...(entry.endsWith('.ts') ? { execArgv: ['--import', 'tsx'] } : {}),
    });
    // A writer left open must not keep the process alive; close() is the normal end.
    this.worker.unref();
    this.worker.on('message', (reply: WriterReply) => {
      const waiter = this.pending.get(reply.id);
      if ('decoded' in reply) {
        waiter?.decoded?.resolve(reply.decoded);
        // A page refused is not written: nothing more comes for it.
        if (reply.decoded === null || reply.decoded === TOO_DEEP) {
          this.pending.delete(reply.id);
          waiter?.resolve({ changes: 0, ms: 0 });
        }
        return;
      }
      this.pending.delete(reply.id);
      if ('error' in reply) {
        const error = new StoreWriteError(reply.error.message, reply.error.code);
        waiter?.decoded?.reject(error);
        waiter?.reject(error);
      } else waiter?.resolve(reply);
    });
    const fail = (error: Error) => {
      this.failure = error;
      for (const waiter of this.pending.values()) {
        waiter.decoded?.reject(error);
        waiter.reject(error);
      }
      this.pending.clear();
    };
    this.worker.on('error', fail);
    this.worker.on('exit', () => fail(new Error('The store writer thread stopped.')));
  }

  /**
   * The store's writer thread: started on first use and shared by the sync
   * passes that come close together (a thread and its connection cost a pass
   * more than a quiet resync's writes), ended once idle (IDLE_END_MS) or with
   * the store (closeFor). Null for an in-memory store, which has no file to share,
   * and for a closed or closing one.
   */
  static forDatabase(db: Database): StoreWriter | null {
    if (db.memory || db.name === '' || !db.open || closing.has(db)) return null;
    let writer = writers.get(db);
    if (!writer || writer.failure || writer.closed) writers.set(db, (writer = new StoreWriter(db)));
    return writer;
  }

  /**
   * The store is closing: its writer thread ends once what was sent to it is
   * written; null when it has none. No thread starts for the store from now on.
   */
  static closeFor(db: Database): Promise<void> | null {
    closing.add(db);
    const writer = writers.get(db);
    writers.delete(db);
    return writer?.close() ?? null;
  }

  /**
   * Runs the statements in turn for each row on the writer thread, all or
   * nothing; answers, once committed, the rows changed (each once) and the
   * thread's time.
   */
  run(statements: readonly string[], rows: readonly Record<string, unknown>[]): Promise<{ changes: number; ms: number }> {
    return this.send({ statements, rows });
  }

  /**
   * A sync pass's pages. page(): `bytes` as the service sent them move to the
   * writer thread (this side's buffer is emptied), which decodes them
   * (sync-pages.ts) and writes the rows, all or nothing; `decoded` answers as
   * soon as the page is checked (null when its schema refuses it, TOO_DEEP when
   * it is nested too deep: then nothing is written), `written` once its rows
   * are committed. drop(): no page of the pass is written from then on, not even those handed over already; a page
   * being written stops at its next slice (the slices before stay committed)
   * and each page not written fails `written` (SYNC_CANCELLED). The flag is
   * shared memory the thread reads before each slice, so a cancel takes hold
   * at once, not after the pages queued before it.
   */
  pages(): { page(bytes: ArrayBuffer, ask: PageAsk): { decoded: Promise<PageCheck>; written: Promise<{ changes: number; ms: number }> }; drop(): void } {
    const dropped = new Int32Array(new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT));
    return {
      page: (bytes, ask) => {
        let decoded!: { resolve: (summary: PageCheck) => void; reject: (error: Error) => void };
        const summary = new Promise<PageCheck>((resolve, reject) => (decoded = { resolve, reject }));
        return { decoded: summary, written: this.send({ page: { bytes, ask, dropped } }, decoded, [bytes]) };
      },
      drop: () => Atomics.store(dropped, 0, 1),
    };
  }

  /**
   * A first sync of a long history: the History indexes are dropped while the
   * passes holding the thread write their orders, and built again once the
   * last of them has them in (ordersIn, release; put-off-indexes.ts). Answers
   * how many were put off, and the thread's time.
   */
  putOffIndexes(): Promise<{ changes: number; ms: number }> {
    return this.send({ putOff: true });
  }

  /**
   * A sync pass has handed over its last page of orders (its fills come next). Held by that pass alone, the thread
   * builds the indexes put off from now on, one at a time between the pass's other writes, not all at its end
   * (idle, a 10k-order sync took 3.23-3.26 s against 3.51 s in a probe, issue 35). Held by more (a pass over
   * several scopes), they wait for the release.
   */
  ordersIn(): void {
    if (this.holders() === 1) this.send({ buildBetween: true }).catch(() => undefined);
  }

  /** A sync pass starts using the thread: it stays while any pass holds it. */
  hold(): void {
    holders.set(this.db, this.holders() + 1);
    clearTimeout(this.idleEnd);
    // This pass may write orders: a pass before it that had its orders in builds no more between writes.
    if (this.holders() > 1) this.send({ buildBetween: false }).catch(() => undefined);
  }

  /**
   * A sync pass is done with the thread: answers, with the thread's time for
   * it, once what it sent is committed, the indexes put off are built if no
   * other pass holds the thread, and the log copied into the file (at the
   * pass's end, not at a later small write of the main thread). The thread
   * ends once no pass has held it for IDLE_END_MS. Without `build`, the
   * indexes are left to the pass that holds the thread next (the last scope of
   * a pass over several, sync-service.ts), or to the thread's close.
   */
  async release(build = true): Promise<number> {
    try {
      return (await this.send({ flush: true, ...(build && this.holders() === 1 ? { build: true as const } : {}) })).ms;
    } finally {
      holders.set(this.db, this.holders() - 1);
      if (this.holders() === 0) writers.get(this.db)?.endWhenIdle(); // this thread, or the one started after it failed
    }
  }

  /** Ends the thread once no pass has held it for IDLE_END_MS (a hold before then keeps it). */
  private endWhenIdle(): void {
    clearTimeout(this.idleEnd);
    // A writer that failed told its writes so: ending it has nothing more to say.
    this.idleEnd = setTimeout(() => void this.close().catch(() => undefined), IDLE_END_MS).unref();
  }

  /** The sync passes holding the store's writer thread, whichever thread that is. */
  private holders = (): number => holders.get(this.db) ?? 0;

  /**
   * The store's writer thread if one is running (a sync pass is writing, or just did), without starting one.
   */
  static liveFor(db: Database): StoreWriter | null {
    const writer = writers.get(db);
    return writer && !writer.failure && !writer.closed ? writer : null;
  }

  /**
   * Runs `write` on the main thread's own connection once this thread has committed what it holds and writes
   * nothing more until `write` is done: waiting here lets the event loop run, where the main connection waiting
   * for this thread's lock (a page's slices, the put-off indexes built at a first sync's end) blocked it for as
   * long, 50-250 ms in the main-thread bench. A thread that failed holds no lock: `write` runs at once.
   * `write` is synchronous: the thread writes again as soon as it returns.
   */
  async inTurn<T>(write: () => T): Promise<T> {
    const paused = await this.send({ pause: true }).then(
      () => true,
      () => false,
    );
    try {
      return write();
    } finally {
      if (paused) void this.send({ resume: true }).catch(() => undefined);
    }
  }

  /** Waits for the batches already sent, then closes the writer's connection and thread; once, however often it is called. */
  close(): Promise<void> {
    clearTimeout(this.idleEnd);
    this.closed ??= this.failure ? Promise.resolve() : this.send({ close: true }).then(() => undefined);
    return this.closed;
  }

  private send(
    request: Omit<WriterRequest, 'id'>,
    decoded?: { resolve: (summary: PageCheck) => void; reject: (error: Error) => void },
    transfer: ArrayBuffer[] = [],
  ): Promise<{ changes: number; ms: number }> {
    if (this.failure) {
      decoded?.reject(this.failure);
      return Promise.reject(this.failure);
    }
    const id = (this.next += 1);
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, ...(decoded ? { decoded } : {}) });
      this.worker.postMessage({ ...request, id } satisfies WriterRequest, transfer);
    });
  }
}
