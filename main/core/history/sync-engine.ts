import { setImmediate } from 'node:timers/promises';
import type { SyncProgress } from '../../common/history/history-schema';
import { placedSinceIsNews } from '../../common/orders/transitions';
import type { ApiOrder } from '../../common/protocol/api';
import { chunk } from '../api/batching';
import type { OrderbookClient } from '../api/orderbook-client';
import { toOrderParams } from './order-row';
import type { Logger } from '../log';
import type { OrdersRepo, SyncScope } from './orders-repo';
import { SlicedWrites } from './sliced-writes';
import { pageCommits, walk, type WalkCommits } from './page-walk';
import { openSyncWriter, type SyncWriter } from './sync-writer';

/**
 * Largest page asked for: the service's own maximum. A page goes as bytes to
 * the store's writer thread, which parses, checks and stores it, so a big page
 * costs the main thread no block and no garbage, and fewer pages cost fewer
 * requests of the 5 a second budget.
 */
export const ORDERS_PAGE = 1000;
export const TRADES_PAGE = 1000;
/** A resync first asks for this many, then 4x more a page: a quiet account costs one small request per list. */
export const FIRST_PAGE = 16;
export const BY_UIDS_CHUNK = 128;
/** Open orders read at a time when looking for ones whose validity ran out: short steps of the main thread however many an account has open. */
const EXPIRY_WINDOW = 250;
/** Open orders refreshed per pass besides those with news (new fills, validity run out): catches cancellations made elsewhere. */
export const REFRESH_ROTATION = 48;

export interface SyncEngineDeps {
  repo: OrdersRepo;
  orderbook: Pick<OrderbookClient, 'accountOrdersBody' | 'ordersByUids' | 'tradesBody'>;
  now: () => number;
  onProgress?: (progress: Omit<SyncProgress, 'account' | 'chainId'>) => void;
  /** After each committed write, with the rows it changed. */
  onCommit?: (what: 'orders' | 'trades', changed: number) => void;
  /** What went wrong without failing the pass. */
  log?: Pick<Logger, 'warn'>;
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
  const writer = openSyncWriter(deps.repo, signal);
  const writes = new SlicedWrites(signal);
  let counts: PassCounts;
  try {
    counts = await syncWith(deps, writer, writes, scope, signal);
  } finally {
    // A failed or cut pass still waits for what it handed over, so nothing is written after it returns.
    await writes.settle();
    await writer.close();
  }
  // Every write of the pass has answered, and the close's (a put-off's build among them): the writer's time is complete.
  return { ...counts, writeMs: writer.busyMs() };
}

async function syncWith(deps: SyncEngineDeps, writer: SyncWriter, writes: SlicedWrites, scope: SyncScope, signal?: AbortSignal): Promise<PassCounts> {
  const { repo, orderbook } = deps;
  const counts: PassCounts = { pages: 0, byUidsCalls: 0, tradeCalls: 0, orders: 0, ordersWritten: 0, tradesWritten: 0 };
  const cursor = repo.cursor(scope);
  /** Orders this pass brought that the service still calls live (lower case): current, so the refresh skips them. Only those: the refresh looks at live orders only. */
  const fetched = new Set<string>();

  /** The refresh's orders: answers once they are handed over, with the promise of their commit. */
  const writeOrders = async (orders: readonly ApiOrder[]) => {
    const handedOver = await writes.add(orders, (slice) => {
      const now = deps.now();
      const rows = slice.map((order) => toOrderParams(order, scope.account, scope.chainId, scope.environment, now));
      return writer.orders(rows).then((changed) => {
        counts.ordersWritten += changed;
        deps.onCommit?.('orders', changed);
      });
    });
    for (const order of orders) fetched.add(order.uid.toLowerCase());
    return handedOver;
  };

  let head = cursor.headUid;
  const orderWalk = await walk(
    writer,
    cursor.headUid === null ? ORDERS_PAGE : FIRST_PAGE,
    ORDERS_PAGE,
    (offset, limit, pageSignal) => orderbook.accountOrdersBody(scope.chainId, scope.account, { offset, limit }, pageSignal),
    // On a resync, the orders newer than the last pass's head were placed since it looked: one not held yet is news, if that look was recent.
    () => ({ kind: 'orders', scope, now: deps.now(), headUid: cursor.headUid, placedAreNews: placedSinceIsNews(cursor.lastSyncedAt, deps.now()) }),
    (page, offset, written) => {
      counts.pages += 1;
      if (offset === 0) head = page.first ?? cursor.headUid;
      // The first page came full (only a first pass asks ORDERS_PAGE at first): a long history follows, written
      // faster without most History indexes.
      if (offset === 0 && page.count === ORDERS_PAGE) {
        writer.putOffIndexes().catch((error: unknown) => deps.log?.warn('history sync: the History indexes could not be put off; it writes with them, slower', { error: String(error) }));
      }
      counts.orders += page.count;
      const done = counts.orders;
      for (const uid of page.followUp) fetched.add(uid);
      const committed = written.then((changed) => {
        counts.ordersWritten += changed;
        deps.onCommit?.('orders', changed);
      });
      // Pages commit in order: once this one is in, so are the pages before.
      writes.afterCommit({ committed }, () => deps.onProgress?.({ phase: 'orders', done, total: null }));
    },
    { itemKey: '"uid"', firstPass: cursor.headUid === null, signal },
  );
  // The fills are asked for while the last order pages are still storing (they are written after them, in order);
  // the indexes put off are built between them.
  writer.ordersIn();
  const ordersCommitted = pageCommits(orderWalk);
  ordersCommitted.catch(() => undefined);
  let trades: Awaited<ReturnType<typeof syncTrades>>;
  try {
    trades = await syncTrades(deps, writer, writes, scope, cursor.tradesHead ?? null, counts, orderWalk, signal);
  } catch (error) {
    // A store that failed the last order pages is the pass's failure, not what the fills' walk met after it.
    await ordersCommitted;
    throw error;
  }
  const { tradesHead, filled } = trades;
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
  // Orders the walk just brought are current: only the others with new fills can be stale. Those were live in the
  // store when their fills' page was read; a page of the pass then still waiting may have closed them: checked again.
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

/** The owner's fills newer than the known head; answers the new head and the orders that got new fills while the store held them live. */
async function syncTrades(
  deps: SyncEngineDeps,
  writer: SyncWriter,
  writes: SlicedWrites,
  scope: SyncScope,
  known: string | null,
  counts: PassCounts,
  orderCommits: WalkCommits,
  signal?: AbortSignal,
): Promise<{ tradesHead: string | null; filled: string[] }> {
  const { orderbook } = deps;
  let tradesHead = known;
  const filled = new Set<string>();
  let seen = 0;
  const tradeWalk = await walk(
    writer,
    known === null ? TRADES_PAGE : FIRST_PAGE,
    TRADES_PAGE,
    (offset, limit, pageSignal) => orderbook.tradesBody(scope.chainId, { owner: scope.account }, { offset, limit }, pageSignal),
    () => ({ kind: 'trades', known }),
    (page, offset, written) => {
      counts.tradeCalls += 1;
      if (offset === 0 && page.first !== null) tradesHead = page.first;
      for (const uid of page.followUp) filled.add(uid);
      seen += page.count;
      const done = seen;
      const committed = written.then((changed) => {
        counts.tradesWritten += changed;
        deps.onCommit?.('trades', changed);
      });
      writes.afterCommit({ committed }, () => deps.onProgress?.({ phase: 'trades', done, total: null }));
    },
    { itemKey: '"orderUid"', firstPass: known === null, before: orderCommits, signal },
  );
  await pageCommits(tradeWalk);
  return { tradesHead, filled: [...filled] };
}
