import type { SyncProgress } from '../../common/history/history-schema';
import type { Trade } from '../../common/protocol/api';
import { chunk } from '../api/batching';
import type { OrderbookClient } from '../api/orderbook-client';
import { toOrderColumns } from './order-row';
import type { OrdersRepo, SyncScope } from './orders-repo';

export const ORDERS_PAGE = 1000;
export const BY_UIDS_CHUNK = 128;
export const TRADES_PAGE = 1000;

export interface SyncEngineDeps {
  repo: OrdersRepo;
  orderbook: Pick<OrderbookClient, 'accountOrders' | 'ordersByUids' | 'trades'>;
  now: () => number;
  onProgress?: (progress: Omit<SyncProgress, 'account' | 'chainId'>) => void;
  /** After each committed write, with the UIDs of the orders (or fills) it stored; the crash test prints them. */
  onCommit?: (uids: readonly string[], what: 'orders' | 'trades') => void;
}

export interface SyncCounts {
  pages: number;
  byUidsCalls: number;
  tradeCalls: number;
  orders: number;
}

/**
 * One pass over one (account, chain, environment):
 * 1. account orders, newest first, 1000 a page, until a short page or the
 *    newest order of the last complete pass (everything older is stored);
 * 2. every stored order that can still change, by UID, 128 a request;
 * 3. fills of orders whose executed amount moved since their fills were fetched.
 * Each page commits on its own, so an interruption keeps what was stored; the
 * cursor moves only when the pass completes, so the next pass redoes what was cut.
 */
export async function syncScope(deps: SyncEngineDeps, scope: SyncScope, signal?: AbortSignal): Promise<SyncCounts> {
  const { repo, orderbook } = deps;
  const counts: SyncCounts = { pages: 0, byUidsCalls: 0, tradeCalls: 0, orders: 0 };
  const cursor = repo.cursor(scope);
  let head: string | null = null;

  for (let offset = 0; ; offset += ORDERS_PAGE) {
    const page = await orderbook.accountOrders(scope.chainId, scope.account, { offset, limit: ORDERS_PAGE }, signal);
    counts.pages += 1;
    if (offset === 0) head = page[0]?.uid ?? cursor.headUid;
    const now = deps.now();
    repo.writeOrders(page.map((order) => toOrderColumns(order, scope.account, scope.chainId, scope.environment, now)));
    deps.onCommit?.(page.map((order) => order.uid), 'orders');
    counts.orders += page.length;
    deps.onProgress?.({ phase: 'orders', done: counts.orders, total: null });
    const reachedKnown = cursor.headUid !== null && page.some((order) => order.uid === cursor.headUid);
    if (page.length < ORDERS_PAGE || reachedKnown) break;
  }

  const live = repo.nonFinalUids(scope);
  let refreshed = 0;
  for (const uids of chunk(live, BY_UIDS_CHUNK)) {
    const { orders } = await orderbook.ordersByUids(scope.chainId, uids, signal);
    counts.byUidsCalls += 1;
    const now = deps.now();
    repo.writeOrders(orders.map((order) => toOrderColumns(order, scope.account, scope.chainId, scope.environment, now)));
    deps.onCommit?.(orders.map((order) => order.uid), 'orders');
    refreshed += uids.length;
    deps.onProgress?.({ phase: 'refresh', done: refreshed, total: live.length });
  }

  counts.tradeCalls = await syncTrades(deps, scope, signal);
  repo.saveCursor(scope, { headUid: head, lastSyncedAt: deps.now(), lastError: null });
  deps.onProgress?.({ phase: 'done', done: counts.orders, total: counts.orders });
  return counts;
}

/**
 * Fills of the account's own orders come from the owner's trade list, newest
 * first, until every order that needs them has shown up and the list reaches a
 * fill stored before. EthFlow orders are owned by the EthFlow contract, whose
 * trade list is everyone's, so their fills are asked for per order.
 */
async function syncTrades(deps: SyncEngineDeps, scope: SyncScope, signal?: AbortSignal): Promise<number> {
  const { repo, orderbook } = deps;
  const needing = repo.ordersNeedingTrades(scope);
  if (needing.length === 0) return 0;
  let calls = 0;
  const own = needing.filter((order) => order.owner.toLowerCase() === scope.account.toLowerCase()).map((order) => order.uid);
  const others = needing.filter((order) => order.owner.toLowerCase() !== scope.account.toLowerCase()).map((order) => order.uid);
  const total = needing.length;
  let done = 0;

  if (own.length > 0) {
    const waiting = new Set(own);
    for (let offset = 0; ; offset += TRADES_PAGE) {
      const page = await orderbook.trades(scope.chainId, { owner: scope.account }, { offset, limit: TRADES_PAGE }, signal);
      calls += 1;
      const reachedKnown = page.some((trade) => repo.hasTrade(scope.chainId, trade.blockNumber, trade.logIndex));
      for (const trade of page) waiting.delete(trade.orderUid);
      const last = page.length < TRADES_PAGE || (waiting.size === 0 && reachedKnown);
      // Orders are marked complete only with the last page: a cut pass leaves them to the next one.
      repo.writeTrades(scope.chainId, page, last ? own : []);
      deps.onCommit?.(page.map((trade) => trade.orderUid), 'trades');
      done = own.length - waiting.size;
      deps.onProgress?.({ phase: 'trades', done, total });
      if (last) break;
    }
  }

  for (const uid of others) {
    const fills: Trade[] = [];
    for (let offset = 0; ; offset += TRADES_PAGE) {
      const page = await orderbook.trades(scope.chainId, { orderUid: uid }, { offset, limit: TRADES_PAGE }, signal);
      calls += 1;
      fills.push(...page);
      if (page.length < TRADES_PAGE) break;
    }
    repo.writeTrades(scope.chainId, fills, [uid]);
    deps.onCommit?.([uid], 'trades');
    done += 1;
    deps.onProgress?.({ phase: 'trades', done, total });
  }
  return calls;
}
