import { performance } from 'node:perf_hooks';
import type { SyncProgress } from '../../common/history/history-schema';
import type { ApiOrder, Trade } from '../../common/protocol/api';
import { chunk } from '../api/batching';
import type { OrderbookClient } from '../api/orderbook-client';
import { toOrderColumns } from './order-row';
import { tradeAtOrBefore, tradeKey, type OrdersRepo, type SyncScope } from './orders-repo';

/**
 * Largest page asked for. The service allows 1000, but the client parses and
 * validates a page in one go on the main thread: 500 keeps that well under
 * the 50 ms budget and a 10k account still well within its request budget.
 */
export const ORDERS_PAGE = 500;
export const TRADES_PAGE = 500;
/** A resync first asks for this many, then 4x more a page: a quiet account costs one small request per list. */
export const FIRST_PAGE = 16;
const PAGE_GROWTH = 4;
export const BY_UIDS_CHUNK = 128;
/** Open orders refreshed per pass besides those with news (new fills, validity run out): catches cancellations made elsewhere. */
export const REFRESH_ROTATION = 48;
/**
 * Each write slice aims at this much main-thread time: the event loop runs
 * between slices, so IPC never waits long behind a sync. The slice size
 * follows the measured cost a row (a busy machine writes fewer rows a slice).
 */
export const SLICE_BUDGET_MS = 8;
const MAX_SLICE = 200;

export interface SyncEngineDeps {
  repo: OrdersRepo;
  orderbook: Pick<OrderbookClient, 'accountOrders' | 'ordersByUids' | 'trades'>;
  now: () => number;
  onProgress?: (progress: Omit<SyncProgress, 'account' | 'chainId'>) => void;
  /** After each committed write, with the UIDs of the orders (or fills) it stored; the crash test prints them. */
  onCommit?: (uids: readonly string[], what: 'orders' | 'trades', changed: number) => void;
}

export interface SyncCounts {
  pages: number;
  byUidsCalls: number;
  tradeCalls: number;
  /** Orders received. */
  orders: number;
  /** Order and fill rows that changed in the store. */
  ordersWritten: number;
  tradesWritten: number;
}

const nextTick = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Runs `write` over `items` in slices sized to SLICE_BUDGET_MS, yielding to the event loop after each. */
async function writeInSlices<T>(items: readonly T[], write: (slice: readonly T[]) => void, signal?: AbortSignal): Promise<void> {
  let size = 16;
  for (let start = 0; start < items.length; ) {
    signal?.throwIfAborted();
    const slice = items.slice(start, start + size);
    const began = performance.now();
    write(slice);
    const perRow = (performance.now() - began) / slice.length;
    start += slice.length;
    size = Math.max(1, Math.min(MAX_SLICE, Math.floor(SLICE_BUDGET_MS / Math.max(perRow, 0.001))));
    await nextTick();
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
 * Only rows that changed are written, in slices that yield to the event loop.
 * Each slice commits on its own, so an interruption keeps what was stored; the
 * cursors move only when the pass completes, so the next pass redoes what was cut.
 */
export async function syncScope(deps: SyncEngineDeps, scope: SyncScope, signal?: AbortSignal): Promise<SyncCounts> {
  const { repo, orderbook } = deps;
  const counts: SyncCounts = { pages: 0, byUidsCalls: 0, tradeCalls: 0, orders: 0, ordersWritten: 0, tradesWritten: 0 };
  const cursor = repo.cursor(scope);
  const fetched = new Set<string>();

  const writeOrders = async (orders: readonly ApiOrder[]) => {
    await writeInSlices(
      orders,
      (slice) => {
        const now = deps.now();
        const changed = repo.writeOrders(slice.map((order) => toOrderColumns(order, scope.account, scope.chainId, scope.environment, now)), { refetchable: true });
        counts.ordersWritten += changed;
        deps.onCommit?.(slice.map((order) => order.uid), 'orders', changed);
      },
      signal,
    );
    for (const order of orders) fetched.add(order.uid.toLowerCase());
  };

  let head = cursor.headUid;
  await walk(cursor.headUid === null ? ORDERS_PAGE : FIRST_PAGE, ORDERS_PAGE, async (offset, limit) => {
    const page = await orderbook.accountOrders(scope.chainId, scope.account, { offset, limit }, signal);
    counts.pages += 1;
    if (offset === 0) head = page[0]?.uid ?? cursor.headUid;
    await writeOrders(page);
    counts.orders += page.length;
    deps.onProgress?.({ phase: 'orders', done: counts.orders, total: null });
    return { length: page.length, reachedKnown: cursor.headUid !== null && page.some((order) => order.uid === cursor.headUid) };
  });

  const { tradesHead, filled } = await syncTrades(deps, scope, cursor.tradesHead ?? null, counts, signal);

  // Expired ones turn "expired" on the service; ones with new fills moved; the rotation catches the rest in time.
  const expired = repo.liveUids(scope, { expiredBy: Math.floor(deps.now() / 1000) }).filter((uid) => !fetched.has(uid));
  const rotation = cursor.headUid === null ? [] : repo.liveUids(scope, { after: cursor.refreshAfter ?? null, limit: REFRESH_ROTATION });
  const stale = [...new Set([...repo.stillLive(filled), ...expired, ...rotation.filter((uid) => !fetched.has(uid))])];
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

/** Newest-first paging that starts at `first` a page and grows to `max`, until a short page or the known head. */
async function walk(first: number, max: number, fetchPage: (offset: number, limit: number) => Promise<{ length: number; reachedKnown: boolean }>): Promise<void> {
  for (let offset = 0, limit = first; ; offset += limit, limit = Math.min(limit * PAGE_GROWTH, max)) {
    const { length, reachedKnown } = await fetchPage(offset, limit);
    if (length < limit || reachedKnown) return;
  }
}

/** The owner's fills newer than the known head; answers the new head and the orders that got new fills. */
async function syncTrades(
  deps: SyncEngineDeps,
  scope: SyncScope,
  known: string | null,
  counts: SyncCounts,
  signal?: AbortSignal,
): Promise<{ tradesHead: string | null; filled: string[] }> {
  const { repo, orderbook } = deps;
  let tradesHead = known;
  const filled = new Set<string>();
  let seen = 0;
  await walk(known === null ? TRADES_PAGE : FIRST_PAGE, TRADES_PAGE, async (offset, limit) => {
    const page = await orderbook.trades(scope.chainId, { owner: scope.account }, { offset, limit }, signal);
    counts.tradeCalls += 1;
    if (offset === 0 && page[0]) tradesHead = tradeKey(page[0]);
    const fresh: Trade[] = known === null ? page : page.filter((trade) => !tradeAtOrBefore(trade, known));
    await writeInSlices(
      fresh,
      (slice) => {
        const changed = repo.writeTrades(slice, { refetchable: true });
        counts.tradesWritten += changed;
        deps.onCommit?.(slice.map((trade) => trade.orderUid), 'trades', changed);
      },
      signal,
    );
    for (const trade of fresh) filled.add(trade.orderUid.toLowerCase());
    seen += page.length;
    deps.onProgress?.({ phase: 'trades', done: seen, total: null });
    return { length: page.length, reachedKnown: fresh.length < page.length };
  });
  return { tradesHead, filled: [...filled] };
}
