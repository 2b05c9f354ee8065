// What the store's writer thread (writer-thread.ts) and the main thread's
// side of it (store-writer.ts) send each other.
import type { PageAsk, PageCheck } from '../history/sync-pages.ts';

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
  /**
   * A sync's page as the service sent it, to decode (sync-pages.ts) and store,
   * all or nothing; `dropped` (shared with main) turns 1 once its pass is
   * cancelled: none of its slices is written after that.
   */
  page?: { bytes: ArrayBuffer; ask: PageAsk; dropped: Int32Array };
  /** A first sync's pass puts off the History indexes (put-off-indexes.ts); answered with how many. */
  putOff?: true;
  /**
   * Answered once what came before is committed and the log copied into the
   * file; with `build`, the last pass holding the thread is over: the indexes
   * put off are built first. A close builds them too.
   */
  flush?: true;
  build?: true;
  /**
   * True: the orders of the pass holding the thread are in (those sent before): the indexes put off are built from
   * now on one at a time whenever no request waits, so a first sync's fills are written between two builds, not
   * after all of them; answered at once. A flush with `build` builds what is left. False: another pass holds the
   * thread too, and may write orders: no more builds between. A put-off or a flush stops them too.
   */
  buildBetween?: boolean;
  close?: true;
  /**
   * The main thread writes on its own connection next: the open transaction is committed and nothing more is
   * written until as many `resume`s came (answered once the lock is free). Pages that arrive meanwhile are still
   * decoded and their summaries sent; only their writing waits.
   */
  pause?: true;
  resume?: true;
}

export type WriterReply =
  | { id: number; changes: number; ms: number }
  | { id: number; error: { message: string; code?: string } }
  /** Before a page is written: what the walk needs of it at once (null or TOO_DEEP: refused, and nothing of it is written). */
  | { id: number; decoded: PageCheck };
