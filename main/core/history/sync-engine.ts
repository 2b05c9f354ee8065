import { performance } from 'node:perf_hooks';
import type { SyncProgress } from '../../common/history/history-schema';
import type { ApiOrder, Trade } from '../../common/protocol/api';
import { chunk } from '../api/batching';
import type { OrderbookClient } from '../api/orderbook-client';
import { toOrderColumns } from './order-row';
import { tradeAtOrBefore, tradeKey, type OrdersRepo, type SyncScope } from './orders-repo';
import { openSyncWriter, type SyncWriter } from './sync-writer';

/**
 * Largest page asked for: the service's own maximum. The API client checks a
 * page in slices that yield to the event loop and the rows are written on the
 * store's writer thread, so a big page costs the main thread no long block,
 * and fewer pages cost fewer requests of the 5 a second budget.
 */
export const ORDERS_PAGE = 1000;
export const TRADES_PAGE = 1000;
/** A resync first asks for this many, then 4x more a page: a quiet account costs one small request per list. */
export const FIRST_PAGE = 16;
const PAGE_GROWTH = 4;
export const BY_UIDS_CHUNK = 128;
/** Open orders read at a time when looking for ones whose validity ran out. */
const EXPIRY_WINDOW = 1000;
/** Open orders refreshed per pass besides those with news (new fills, validity run out): catches cancellations made elsewhere. */
export const REFRESH_ROTATION = 48;
/**
 * Main-thread time a slice of rows may take to build (and, for an in-memory
 * store, to write): the event loop runs between slices, so IPC never waits
 * long behind a sync. The slice size follows the measured cost a row.
 */
export const SLICE_BUDGET_MS = 5;
/** Rows a slice at most; each slice is written all or nothing (slices that reach the writer together share a transaction). */
const MAX_SLICE = 250;

export interface SyncEngineDeps {
  repo: OrdersRepo;
  orderbook: Pick<OrderbookClient, 'accountOrders' | 'ordersByUids' | 'trades'>;
  now: () => number;
  onProgress?: (progress: Omit<SyncProgress, 'account' | 'chainId'>) => void;
  /** After each committed write, with the UIDs of the orders (or fills) it stored; the crash test prints them. */
  onCommit?: (uids: readonly string[], what: 'orders' | 'trades', changed: number) => void;
}

/** What a pass counts as it goes. */
interface PassCounts {
  pages: number;
  byUidsCalls: number;
  tradeCalls: number;
  /** Orders received. */
  orders: number;
  /** Order and fill rows that changed in the store. */
  ordersWritten: number;
  tradesWritten: number;
}

export interface SyncCounts extends PassCounts {
  /** Time the store spent writing, ms (the writer thread's own, for a file), known once every write answered. */
  writeMs: number;
}

const nextTick = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Slices handed to the writer and not yet committed, at most: when it is the slower side, it gets them together. */
const MAX_IN_FLIGHT = 6;

/**
 * Writes `items` in slices: `write` builds a slice's rows on this thread and
 * hands them over (to the writer thread, or writes them in place for an
 * in-memory store); its synchronous part is what is timed and kept under
 * SLICE_BUDGET_MS. The next slices are built while the writer commits the
 * earlier ones (at most MAX_IN_FLIGHT outstanding); they commit in order.
 */
async function writeInSlices<T>(items: readonly T[], write: (slice: readonly T[]) => Promise<void>, signal?: AbortSignal): Promise<void> {
  let size = 32;
  const inFlight: Promise<void>[] = [];
  try {
    for (let start = 0; start < items.length; ) {
      signal?.throwIfAborted();
      const slice = items.slice(start, start + size);
      const began = performance.now();
      const written = write(slice);
      // Its failure is taken up when it is awaited below, not reported as unhandled meanwhile.
      written.catch(() => undefined);
      inFlight.push(written);
      const perRow = (performance.now() - began) / slice.length;
      start += slice.length;
      size = Math.max(1, Math.min(MAX_SLICE, Math.floor(SLICE_BUDGET_MS / Math.max(perRow, 0.001))));
      if (inFlight.length >= MAX_IN_FLIGHT) await inFlight.shift();
      await nextTick();
    }
    while (inFlight.length > 0) await inFlight.shift();
  } finally {
    // A failed or aborted walk still waits for what it sent, so nothing is written after the pass returns.
    await Promise.allSettled(inFlight);
  }
}

/**
 * One pass over one (account, chain, environment):
 * 1. account orders, newest first, until a short page or the newest order of
 *    the last complete pass; a first pass asks 1000 a page, a resync starts
 *    small and grows, so a quiet account costs one small request;
 * 2. the owner's fills (EthFlow ones included: the service files them under
 *    the user who placed them), newest first, until the newest fill of the
 *    last complete pass, the same way;
 * 3. by UID, 128 a request: stored orders that can still change and have news
 *    (a new fill, validity run out) plus a rotating slice of the other open ones.
 * Each walk asks for its next page while it stores the current one, so the
 * rate limiter, not the round trips, paces a long walk. Only rows that changed
 * are written, on the store's writer thread, in slices, each all or nothing;
 * what was committed stays when a pass is cut short, and the cursors move
 * only when the pass completes, so the next pass redoes what was cut.
 */
export async function syncScope(deps: SyncEngineDeps, scope: SyncScope, signal?: AbortSignal): Promise<SyncCounts> {
  const writer = openSyncWriter(deps.repo);
  try {
    const counts = await syncWith(deps, writer, scope, signal);
    // Every write of the pass has answered: the writer's time is complete.
    return { ...counts, writeMs: writer.busyMs() };
  } finally {
    await writer.close();
  }
}

async function syncWith(deps: SyncEngineDeps, writer: SyncWriter, scope: SyncScope, signal?: AbortSignal): Promise<PassCounts> {
  const { repo, orderbook } = deps;
  const counts: PassCounts = { pages: 0, byUidsCalls: 0, tradeCalls: 0, orders: 0, ordersWritten: 0, tradesWritten: 0 };
  const cursor = repo.cursor(scope);
  const fetched = new Set<string>();

  const writeOrders = async (orders: readonly ApiOrder[]) => {
    await writeInSlices(
      orders,
      (slice) => {
        const now = deps.now();
        const rows = slice.map((order) => toOrderColumns(order, scope.account, scope.chainId, scope.environment, now));
        return writer.orders(rows).then((changed) => {
          counts.ordersWritten += changed;
          deps.onCommit?.(slice.map((order) => order.uid), 'orders', changed);
        });
      },
      signal,
    );
    for (const order of orders) fetched.add(order.uid.toLowerCase());
  };

  let head = cursor.headUid;
  await walk(
    cursor.headUid === null ? ORDERS_PAGE : FIRST_PAGE,
    ORDERS_PAGE,
    (offset, limit) => orderbook.accountOrders(scope.chainId, scope.account, { offset, limit }, signal),
    async (page, offset) => {
      counts.pages += 1;
      if (offset === 0) head = page[0]?.uid ?? cursor.headUid;
      await writeOrders(page);
      counts.orders += page.length;
      deps.onProgress?.({ phase: 'orders', done: counts.orders, total: null });
    },
    (page) => cursor.headUid !== null && page.some((order) => order.uid === cursor.headUid),
  );

  const { tradesHead, filled } = await syncTrades(deps, writer, scope, cursor.tradesHead ?? null, counts, signal);

  // Expired ones turn "expired" on the service; ones with new fills moved; the rotation catches the rest in time.
  const expired: string[] = [];
  const by = Math.floor(deps.now() / 1000);
  for (let after: string | null = null; ; await nextTick()) {
    const window = repo.expiredWindow(scope, by, after, EXPIRY_WINDOW);
    expired.push(...window.expired.filter((uid) => !fetched.has(uid)));
    if ((after = window.next) === null) break;
  }
  const rotation = cursor.headUid === null ? [] : repo.liveUids(scope, { after: cursor.refreshAfter ?? null, limit: REFRESH_ROTATION });
  // Orders the walk just brought are current: only the others with new fills can be stale.
  const refilled: string[] = [];
  for (const uids of chunk(filled.filter((uid) => !fetched.has(uid)), BY_UIDS_CHUNK * 4)) {
    refilled.push(...repo.stillLive(uids));
    await nextTick();
  }
  const stale = [...new Set([...refilled, ...expired, ...rotation.filter((uid) => !fetched.has(uid))])];
  let refreshed = 0;
  for (const uids of chunk(stale, BY_UIDS_CHUNK)) {
    const { orders } = await orderbook.ordersByUids(scope.chainId, uids, signal);
    counts.byUidsCalls += 1;
    await writeOrders(orders);
    refreshed += uids.length;
    deps.onProgress?.({ phase: 'refresh', done: refreshed, total: stale.length });
  }

  repo.saveCursor(scope, {
    headUid: head,
    lastSyncedAt: deps.now(),
    lastError: null,
    tradesHead,
    // A short rotation reached the end of the open orders: the next one starts over.
    refreshAfter: rotation.length < REFRESH_ROTATION ? null : (rotation.at(-1) ?? null),
  });
  deps.onProgress?.({ phase: 'done', done: counts.orders, total: counts.orders });
  return counts;
}

/**
 * Newest-first paging that starts at `first` a page and grows to `max`, until
 * a short page or one that reaches what is already known. A full page that
 * does not reach it means another page: that one is asked for before this
 * one is stored, so its request waits only on the rate limiter.
 */
async function walk<T>(
  first: number,
  max: number,
  fetchPage: (offset: number, limit: number) => Promise<T[]>,
  store: (page: T[], offset: number) => Promise<void>,
  reachesKnown: (page: T[]) => boolean,
): Promise<void> {
  let offset = 0;
  let limit = first;
  let next: Promise<T[]> | undefined = fetchPage(offset, limit);
  while (next) {
    const page: T[] = await next;
    const more: boolean = page.length === limit && !reachesKnown(page);
    const nextOffset = offset + limit;
    const nextLimit = Math.min(limit * PAGE_GROWTH, max);
    next = more ? fetchPage(nextOffset, nextLimit) : undefined;
    // Settled below when it is awaited; an error of this page's store must not leave it unhandled meanwhile.
    next?.catch(() => undefined);
    await store(page, offset);
    offset = nextOffset;
    limit = nextLimit;
  }
}

/** The owner's fills newer than the known head; answers the new head and the orders that got new fills. */
async function syncTrades(
  deps: SyncEngineDeps,
  writer: SyncWriter,
  scope: SyncScope,
  known: string | null,
  counts: PassCounts,
  signal?: AbortSignal,
): Promise<{ tradesHead: string | null; filled: string[] }> {
  const { orderbook } = deps;
  let tradesHead = known;
  const filled = new Set<string>();
  let seen = 0;
  const fresh = (page: Trade[]) => (known === null ? page : page.filter((trade) => !tradeAtOrBefore(trade, known)));
  await walk(
    known === null ? TRADES_PAGE : FIRST_PAGE,
    TRADES_PAGE,
    (offset, limit) => orderbook.trades(scope.chainId, { owner: scope.account }, { offset, limit }, signal),
    async (page, offset) => {
      counts.tradeCalls += 1;
      if (offset === 0 && page[0]) tradesHead = tradeKey(page[0]);
      const news = fresh(page);
      await writeInSlices(
        news,
        (slice) =>
          writer.trades(slice).then((changed) => {
            counts.tradesWritten += changed;
            deps.onCommit?.(slice.map((trade) => trade.orderUid), 'trades', changed);
          }),
        signal,
      );
      for (const trade of news) filled.add(trade.orderUid.toLowerCase());
      seen += page.length;
      deps.onProgress?.({ phase: 'trades', done: seen, total: null });
    },
    (page) => fresh(page).length < page.length,
  );
  return { tradesHead, filled: [...filled] };
}
