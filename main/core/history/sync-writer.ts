import { performance } from 'node:perf_hooks';
import type { Statement } from 'better-sqlite3';
import type { Trade } from '../../common/protocol/api';
import { runForEachRow } from '../store/rows-changed';
import { StoreWriter } from '../store/store-writer';
import { buildPutOffIndexes, putOffIndexes } from '../store/put-off-indexes';
import { writeTransaction } from '../store/write-transaction';
import { decodePage, pageCheck, TOO_DEEP, type PageAsk, type PageCheck } from './sync-pages';
import type { OrderParams } from './order-row';
import { orderStatements, SAVE_CURSOR_SQL, tradeParams, UPSERT_TRADE_SQL, type OrdersRepo, type SyncCursor, type SyncScope } from './orders-repo';

/** Where a sync pass writes: each call one transaction, answering the rows that changed. */
export interface SyncWriter {
  /** `placedSinceLastLook` as OrdersRepo.writeOrders() takes it. */
  orders(rows: readonly OrderParams[], placedSinceLastLook?: boolean): Promise<number>;
  trades(trades: readonly Trade[]): Promise<number>;
  /**
   * A page as the service sent it, decoded (sync-pages.ts) and written where
   * the writes run: `decoded` once it is checked (null: its schema refused it;
   * TOO_DEEP: nested too deep; nothing is written), `written` with the rows
   * that changed once committed, or failed once the pass's signal aborted
   * before it was written.
   * `bytes` are handed over: the caller must not use them again.
   */
  page(bytes: ArrayBuffer, ask: PageAsk): { decoded: Promise<PageCheck>; written: Promise<number> };
  /**
   * Saves the scope's cursor after the writes before it: on the writer thread,
   * because a commit of the main connection (synchronous=FULL) flushes the
   * pass's whole log to disk first, a 20 ms block at the end of a 100k sync.
   */
  cursor(scope: SyncScope, cursor: SyncCursor): Promise<void>;
  /**
   * A long history is coming on a first pass: the History indexes are put off
   * until the pass is over (store/put-off-indexes.ts). After the writes sent
   * before it. Rejects when they could not be put off: they stay, and the pass
   * goes on, slower, not wrong.
   */
  putOffIndexes(): Promise<void>;
  /**
   * The pass has handed over its last page of orders: what it put off is built
   * between its next writes, if it holds the store's writer thread alone.
   */
  ordersIn(): void;
  /** Time spent writing so far, ms: with the request budget, the other bound of a long sync. */
  busyMs(): number;
  /** After the batches already sent are written; the pass is done with the store's writer thread (it ends once idle). */
  close(): Promise<void>;
}

/**
 * The sync's writes, on the store's writer thread when the store is a file:
 * the repository's own statements, so rows land exactly as repo.writeOrders()
 * and writeTrades() would write them. In memory (no file to share), on this
 * thread through the repository; so too for a store already closing, which
 * no pass should meet (the services stop the sync before they close it).
 */
export function openSyncWriter(repo: OrdersRepo, signal?: AbortSignal): SyncWriter {
  const thread = StoreWriter.forDatabase(repo.db);
  let busy = 0;
  if (!thread) {
    const timed = (write: () => number) => {
      const began = performance.now();
      const changed = write();
      busy += performance.now() - began;
      return changed;
    };
    const statements = new Map<string, Statement>();
    const prepare = (sql: string) => statements.get(sql) ?? statements.set(sql, repo.db.prepare(sql)).get(sql)!;
    return {
      orders: async (rows, placedSinceLastLook) => timed(() => repo.writeOrders(rows, { refetchable: true, placedSinceLastLook })),
      page: (bytes, ask) => {
        const decoded = Promise.resolve().then(() => decodePage(bytes, ask, repo.db));
        const written = decoded.then((page) => {
          signal?.throwIfAborted();
          const groups = page && page !== TOO_DEEP ? page.groups : [];
          return timed(() => writeTransaction(repo.db, () => groups.reduce((changes, group) => changes + runForEachRow(group.statements.map(prepare), group.rows), 0)));
        });
        return { decoded: decoded.then(pageCheck), written };
      },
      trades: async (trades) => timed(() => repo.writeTrades(trades, { refetchable: true })),
      cursor: async (scope, cursor) => {
        timed(() => {
          repo.saveCursor(scope, cursor);
          return 0;
        });
      },
      putOffIndexes: async () => {
        timed(() => putOffIndexes(repo.db));
      },
      // No thread to build on between writes: the close builds.
      ordersIn: () => undefined,
      busyMs: () => busy,
      // No thread for passes to share: each pass builds what it put off.
      close: async () => {
        timed(() => buildPutOffIndexes(repo.db));
      },
    };
  }
  thread.hold();
  const pages = thread.pages();
  // A cancelled pass writes no more pages, not even those already handed over (up to two ahead of the commits).
  const drop = () => pages.drop();
  if (signal?.aborted) drop();
  else signal?.addEventListener('abort', drop, { once: true });
  const run = async (statements: readonly string[], rows: readonly Record<string, unknown>[]) => {
    const { changes, ms } = await thread.run(statements, rows);
    busy += ms;
    return changes;
  };
  return {
    // One request: an order stored as placed and then as it is are committed together, never apart.
    orders: (rows, placedSinceLastLook) => run(orderStatements(placedSinceLastLook === true), rows as unknown as Record<string, unknown>[]),
    trades: (trades) => run([UPSERT_TRADE_SQL], trades.map(tradeParams)),
    page: (bytes, ask) => {
      const { decoded, written } = pages.page(bytes, ask);
      return {
        decoded,
        written: written.then(({ changes, ms }) => {
          busy += ms;
          return changes;
        }),
      };
    },
    cursor: async (scope, cursor) => {
      await run([SAVE_CURSOR_SQL], [repo.cursorParams(scope, cursor)]);
    },
    putOffIndexes: async () => {
      busy += (await thread.putOffIndexes()).ms;
    },
    ordersIn: () => thread.ordersIn(),
    busyMs: () => busy,
    close: async () => {
      // The pass's signal serves its other scopes too: one listener a scope would pile up on it.
      signal?.removeEventListener('abort', drop);
      busy += await thread.release();
    },
  };
}

/**
 * Holds the store's writer thread for a pass over several scopes, so what a
 * first pass put off is built once, as the last scope is written, not at each
 * scope's end. Answers the release, which acts once: `build` false as the last
 * scope begins (it builds them between its own writes, holding the thread
 * alone), true once the scopes are over (after their own releases).
 */
export function holdSyncWriter(repo: OrdersRepo): (build: boolean) => Promise<void> {
  const thread = StoreWriter.forDatabase(repo.db);
  thread?.hold();
  let released: Promise<void> | undefined;
  return (build) =>
    (released ??= (async () => {
      await thread?.release(build);
    })());
}
