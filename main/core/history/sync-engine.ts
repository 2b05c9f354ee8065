import { setImmediate } from 'node:timers/promises';
import type { SyncProgress } from '../../common/history/history-schema';
import { placedSinceIsNews } from '../../common/orders/transitions';
import type { ApiOrder, Trade } from '../../common/protocol/api';
import { chunk } from '../api/batching';
import type { OrderbookClient } from '../api/orderbook-client';
import { toOrderParams } from './order-row';
import { tradeAtOrBefore, tradeKey, type OrdersRepo, type SyncScope } from './orders-repo';
import { SlicedWrites } from './sliced-writes';
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
/** Open orders read at a time when looking for ones whose validity ran out: each is looked up in the table, and 1000 of them took 16 ms of the main thread at 100k. */
const EXPIRY_WINDOW = 250;
/** Open orders refreshed per pass besides those with news (new fills, validity run out): catches cancellations made elsewhere. */
export const REFRESH_ROTATION = 48;

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
  const writes = new SlicedWrites(signal);
  try {
    const counts = await syncWith(deps, writer, writes, scope, signal);
    // Every write of the pass has answered: the writer's time is complete.
    return { ...counts, writeMs: writer.busyMs() };
  } finally {
    // A failed or cut pass still waits for what it handed over, so nothing is written after it returns.
    await writes.settle();
    await writer.close();
  }
}

async function syncWith(deps: SyncEngineDeps, writer: SyncWriter, writes: SlicedWrites, scope: SyncScope, signal?: AbortSignal): Promise<PassCounts> {
  const { repo, orderbook } = deps;
  const counts: PassCounts = { pages: 0, byUidsCalls: 0, tradeCalls: 0, orders: 0, ordersWritten: 0, tradesWritten: 0 };
  const cursor = repo.cursor(scope);
  const fetched = new Set<string>();

  /** Answers once the orders are handed over, with the promise of their commit. */
  const writeOrders = async (orders: readonly ApiOrder[], placedSinceLastLook = false) => {
    const handedOver = await writes.add(orders, (slice) => {
      const now = deps.now();
      const rows = slice.map((order) => toOrderParams(order, scope.account, scope.chainId, scope.environment, now));
      return writer.orders(rows, placedSinceLastLook).then((changed) => {
        counts.ordersWritten += changed;
        deps.onCommit?.(slice.map((order) => order.uid), 'orders', changed);
      });
    });
    for (const order of orders) fetched.add(order.uid.toLowerCase());
    return handedOver;
  };

  let head = cursor.headUid;
  await walk(
    cursor.headUid === null ? ORDERS_PAGE : FIRST_PAGE,
    ORDERS_PAGE,
    (offset, limit) => orderbook.accountOrders(scope.chainId, scope.account, { offset, limit }, signal),
    async (page, offset) => {
      counts.pages += 1;
      if (offset === 0) head = page[0]?.uid ?? cursor.headUid;
      counts.orders += page.length;
      const done = counts.orders;
      // On a resync, the orders newer than the last pass's head were placed since it looked: one not held yet is news, if that look was recent.
      const recent = placedSinceIsNews(cursor.lastSyncedAt, deps.now());
      const known = recent ? page.findIndex((order) => order.uid === cursor.headUid) : 0;
      const placed = known === -1 ? page.length : known;
      const news = await writeOrders(page.slice(0, placed), true);
      const rest = await writeOrders(page.slice(placed));
      // Slices commit in order: once these are in, so are the pages before. Either half may be empty.
      writes.afterCommit({ committed: Promise.all([news.committed, rest.committed]).then(() => undefined) }, () => deps.onProgress?.({ phase: 'orders', done, total: null }));
    },
    (page) => cursor.headUid !== null && page.some((order) => order.uid === cursor.headUid),
  );

  const { tradesHead, filled } = await syncTrades(deps, writer, writes, scope, cursor.tradesHead ?? null, counts, signal);
  // What follows reads the store: the walks' rows first.
  await writes.drain();

  // Expired ones turn "expired" on the service; ones with new fills moved; the rotation catches the rest in time.
  const expired: string[] = [];
  const by = Math.floor(deps.now() / 1000);
  for (let after: string | null = null; ; await setImmediate()) {
    const window = repo.expiredWindow(scope, by, after, EXPIRY_WINDOW);
    expired.push(...window.expired.filter((uid) => !fetched.has(uid)));
    if ((after = window.next) === null) break;
  }
  const rotation = cursor.headUid === null ? [] : repo.liveUids(scope, { after: cursor.refreshAfter ?? null, limit: REFRESH_ROTATION });
  // Orders the walk just brought are current: only the others with new fills can be stale.
  const refilled: string[] = [];
  for (const uids of chunk(filled.filter((uid) => !fetched.has(uid)), BY_UIDS_CHUNK * 4)) {
    refilled.push(...repo.stillLive(uids));
    await setImmediate();
  }
  const stale = [...new Set([...refilled, ...expired, ...rotation.filter((uid) => !fetched.has(uid))])];
  let refreshed = 0;
  for (const uids of chunk(stale, BY_UIDS_CHUNK)) {
    const { orders } = await orderbook.ordersByUids(scope.chainId, uids, signal);
    counts.byUidsCalls += 1;
    refreshed += uids.length;
    const done = refreshed;
    writes.afterCommit(await writeOrders(orders), () => deps.onProgress?.({ phase: 'refresh', done, total: stale.length }));
  }
  await writes.drain();

  await writer.cursor(scope, {
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
 * does not reach it means another page: that one is asked for as soon as
 * this one is in, while the page before may still be storing, so the
 * requests wait on the rate limiter, not on the store. Pages are stored one
 * after the other, in order; the walk runs at most two pages ahead of the
 * stores, so a store slower than the requests holds it back.
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
  /** The stores asked for so far, chained in page order; and the chain without the last one. */
  let stored = Promise.resolve();
  let storedBefore = Promise.resolve();
  while (next) {
    const page: T[] = await next;
    // Throws a store's failure: the walk stops there.
    await storedBefore;
    const more: boolean = page.length === limit && !reachesKnown(page);
    const pageOffset = offset;
    offset += limit;
    limit = Math.min(limit * PAGE_GROWTH, max);
    next = more ? fetchPage(offset, limit) : undefined;
    // Settled when they are awaited; meanwhile their failures must not count as unhandled.
    next?.catch(() => undefined);
    storedBefore = stored;
    stored = stored.then(() => store(page, pageOffset));
    stored.catch(() => undefined);
  }
  await stored;
}

/** The owner's fills newer than the known head; answers the new head and the orders that got new fills. */
async function syncTrades(
  deps: SyncEngineDeps,
  writer: SyncWriter,
  writes: SlicedWrites,
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
      const handedOver = await writes.add(news, (slice) =>
        writer.trades(slice).then((changed) => {
          counts.tradesWritten += changed;
          deps.onCommit?.(slice.map((trade) => trade.orderUid), 'trades', changed);
        }),
      );
      for (const trade of news) filled.add(trade.orderUid.toLowerCase());
      seen += page.length;
      const done = seen;
      writes.afterCommit(handedOver, () => deps.onProgress?.({ phase: 'trades', done, total: null }));
    },
    (page) => fresh(page).length < page.length,
  );
  return { tradesHead, filled: [...filled] };
}
