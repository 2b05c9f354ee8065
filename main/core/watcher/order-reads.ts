import { isFinalStatus } from '../../common/orders/status';
import { placedSinceIsNews } from '../../common/orders/transitions';
import type { ApiOrder } from '../../common/protocol/api';
import type { Notification } from '../../common/protocol/api/notifications';
import type { Environment } from '../../common/protocol/environments';
import { MAX_UIDS_PER_REQUEST } from '../../common/protocol/api/by-uids';
import { chunk } from '../api/batching';
import { BY_UIDS_CONCURRENCY, type OrderbookClient } from '../api/orderbook-client';

/** An account's newest orders read each round: more than a trader places elsewhere within one. */
export const NEWEST_ORDERS = 10;

/**
 * Open orders read again and stored this many at a time (two requests, as the
 * client sends them side by side): an account with thousands of open orders
 * holds one slice in memory, not all of them (25,000 parsed orders are over
 * 100 MB the main thread then collects), each store is a short write, and a
 * read that fails midway keeps the slices stored before it.
 */
export const OPEN_SLICE = BY_UIDS_CONCURRENCY * MAX_UIDS_PER_REQUEST;

/**
 * Open orders a round reads again, per account and chain: all of them for
 * nearly every trader (eight requests at most). Beyond that the round takes
 * the next ones in turn, so an account with 25,000 open orders costs about
 * nine requests a minute, not 196 (40 s of the service's 5 a second), and
 * each is read within ceil(open / OPEN_PER_ROUND) rounds. Those with news are
 * read in the same round, out of turn (withNews()): a fill or an expiry is
 * told as promptly as before; a cancellation made elsewhere (another app)
 * waits for the order's turn, or the history sync's own rotation.
 */
export const OPEN_PER_ROUND = 4 * OPEN_SLICE;

/** An account's newest fills read in a round that cannot read all its open orders: more than it gets within a round. */
export const NEWEST_TRADES = 100;

/** What the watcher needs of the history, through its service. */
export interface WatcherHistory {
  storeInTurn(chainId: number, orders: readonly ApiOrder[], options?: { placedSinceLastLook?: boolean }): Promise<void>;
  /** The round's transition-stream transaction on the main connection, in its turn with a sync's writer thread (HistoryModule.inTurn). */
  inTurn<T>(write: () => T): Promise<T>;
  liveUids(account: string, chainId: number, environment: Environment, window?: { after?: string | null; limit?: number }): string[];
  liveCount(account: string, chainId: number, environment: Environment): number;
  /** Up to `limit` of the scope's orders that can still change whose validity ran out by `by` (epoch seconds). */
  liveExpired(account: string, chainId: number, environment: Environment, by: number, limit: number): string[];
  orderOf(uid: string): { order: ApiOrder; chainId: number } | undefined;
}

/**
 * What a watcher round reads of one account's orders on one chain, stored
 * through the history: a stored change records its transition there (the one
 * stream), and the watcher tells it from the stream. A read whose answer comes
 * after the watcher stopped (the database may be closed) or the environment
 * changed (the answer is not what is watched any more) stores nothing.
 */
export class OrderReads {
  /** When each watched scope's newest orders were last read: at the next look, an order not held yet was placed since. */
  private readonly lastLook = new Map<string, number>();
  /** Where each watched scope's reading of its open orders goes on from (the last UID read), when the last round did not read them all. */
  private readonly openAfter = new Map<string, string>();
  /** Orders the service's list named that were looked up on the watched chains this session, found or not: once each. */
  private readonly lookedUp = new Set<string>();

  constructor(
    private readonly options: {
      history: Omit<WatcherHistory, 'liveCount'>;
      orderbook: () => OrderbookClient;
      environment: () => Environment;
      now: () => number;
      stopped: () => boolean;
    },
  ) {}

  /** Forgets the looks at scopes not watched now: watched again (an account added back, the environment switched back), their first look is not news. */
  watching(scopes: readonly (readonly [account: string, chainId: number])[], environment: Environment): void {
    const watched = new Set(scopes.map(([account, chainId]) => scopeKey(account, chainId, environment)));
    for (const looks of [this.lastLook, this.openAfter]) for (const scope of looks.keys()) if (!watched.has(scope)) looks.delete(scope);
  }

  /**
   * The scope's newest orders, so an order placed elsewhere (another wallet,
   * the web app) is followed from the round after it appears and, already
   * filled or cancelled by then, told like any change: the service's list,
   * cached 300 s, would tell it up to 5 minutes late. Only when the last look
   * was recent (placedSinceIsNews): a session's first look, or one after a
   * long gap (asleep, offline), only stores: old history is not news.
   */
  async newest(account: string, chainId: number, environment: Environment): Promise<void> {
    const scope = scopeKey(account, chainId, environment);
    const lookedAt = this.options.now();
    const orders = await this.options.orderbook().accountOrders(chainId, account, { offset: 0, limit: NEWEST_ORDERS });
    if (!(await this.store(chainId, orders, environment, { placedSinceLastLook: placedSinceIsNews(this.lastLook.get(scope), lookedAt) }))) return;
    this.lastLook.set(scope, lookedAt);
  }

  /**
   * The scope's orders that can still change, read again: OPEN_PER_ROUND of
   * them in UID order from where the last round stopped, going on from the
   * first past the last (a new order takes its place in the turn). A read
   * that fails keeps the slices stored before it, and the next round goes on
   * after them.
   */
  async open(account: string, chainId: number, environment: Environment): Promise<void> {
    const scope = scopeKey(account, chainId, environment);
    const after = this.openAfter.get(scope) ?? null;
    const live = (from: string | null, limit: number) => this.options.history.liveUids(account, chainId, environment, { after: from, limit });
    const onward = live(after, OPEN_PER_ROUND);
    const wrapped = after !== null && onward.length < OPEN_PER_ROUND ? live(null, OPEN_PER_ROUND - onward.length).filter((uid) => uid <= after) : [];
    const uids = [...onward, ...wrapped];
    // Fewer than a round's worth: this round reads every open order, and so does the next.
    const all = uids.length < OPEN_PER_ROUND;
    if (all) this.openAfter.delete(scope);
    else if (!(await this.readAgain(chainId, await this.withNews(account, chainId, environment, new Set(uids)), environment))) return;
    await this.readAgain(chainId, uids, environment, all ? undefined : (slice) => this.openAfter.set(scope, slice.at(-1)!));
  }

  /** The orders read again and stored a slice at a time, each slice told to `stored`; false once what is watched changed (nothing more is stored). */
  private async readAgain(chainId: number, uids: readonly string[], environment: Environment, stored?: (slice: readonly string[]) => void): Promise<boolean> {
    for (const slice of chunk(uids, OPEN_SLICE)) {
      const { orders } = await this.options.orderbook().ordersByUids(chainId, slice);
      if (!(await this.store(chainId, orders, environment))) return false;
      stored?.(slice);
    }
    return true;
  }

  /**
   * Open orders outside this round's turn that have news: those named by the
   * account's newest fills (one request) and those whose validity ran out, at
   * most a slice of each (the rest come in the next rounds).
   */
  private async withNews(account: string, chainId: number, environment: Environment, inTurn: ReadonlySet<string>): Promise<string[]> {
    const trades = await this.options.orderbook().trades(chainId, { owner: account }, { offset: 0, limit: NEWEST_TRADES });
    const traded = trades.map((trade) => trade.orderUid.toLowerCase()).filter((uid) => {
      const stored = this.options.history.orderOf(uid);
      return stored !== undefined && !isFinalStatus(stored.order.status);
    });
    const expired = this.options.history.liveExpired(account, chainId, environment, Math.floor(this.options.now() / 1000), OPEN_SLICE);
    return [...new Set([...traded, ...expired])].filter((uid) => !inTurn.has(uid));
  }

  /**
   * Orders the service's notifications name that the history does not hold
   * (placed elsewhere, older than the sync reached), read from the watched
   * chains (a UID does not name its chain) and stored, not as news: the
   * notification then names their pair and amounts.
   */
  async named(items: readonly Notification[], chains: readonly number[], environment: Environment): Promise<void> {
    if (!this.current(environment)) return;
    const uids = items.flatMap((item) => (item.type !== 'announcement' && item.orderUid ? [item.orderUid.toLowerCase()] : []));
    const missing = [...new Set(uids)].filter((uid) => !this.lookedUp.has(uid) && !this.options.history.orderOf(uid));
    if (missing.length === 0) return;
    for (const uid of missing) this.lookedUp.add(uid);
    for (const chainId of chains) {
      const { orders } = await this.options.orderbook().ordersByUids(chainId, missing);
      if (!(await this.store(chainId, orders, environment))) return;
    }
  }

  /**
   * Stores orders read in their turn with a sync's writer thread (HistoryModule.storeInTurn), unless what is watched
   * changed while they were read (a switched environment's orders would be stored as the new one's): whether stored.
   * The rows take the environment in effect when they are sent, this one, however long they wait for the thread.
   */
  private async store(chainId: number, orders: readonly ApiOrder[], environment: Environment, options?: { placedSinceLastLook: boolean }): Promise<boolean> {
    if (!this.current(environment)) return false;
    await this.options.history.storeInTurn(chainId, orders, options);
    return true;
  }

  private current(environment: Environment): boolean {
    return !this.options.stopped() && this.options.environment() === environment;
  }
}

const scopeKey = (account: string, chainId: number, environment: Environment) => `${environment}:${account.toLowerCase()}:${chainId}`;
