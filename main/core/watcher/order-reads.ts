import type { ApiOrder } from '../../common/protocol/api';
import type { Environment } from '../../common/protocol/environments';
import type { OrderbookClient } from '../api/orderbook-client';

/** An account's newest orders read each round: more than a trader places elsewhere within one. */
export const NEWEST_ORDERS = 10;

/** What the watcher needs of the history, through its service. */
export interface WatcherHistory {
  storeOrders(chainId: number, orders: readonly ApiOrder[], options?: { placedSinceLastLook?: boolean }): void;
  liveUids(account: string, chainId: number, environment: Environment): string[];
  orderOf(uid: string): { order: ApiOrder; chainId: number } | undefined;
}

/**
 * What a watcher round reads of one account's orders on one chain, stored
 * through the history: a stored change records its transition there (the one
 * stream), and the watcher tells it from the stream. `stopped` says the
 * watcher stopped while a read was out: the database may be closed by then.
 */
export class OrderReads {
  /** Scopes whose newest orders were read this session: at the next look, an order not held yet was placed since. */
  private readonly looked = new Set<string>();

  constructor(private readonly options: { history: WatcherHistory; orderbook: () => OrderbookClient; stopped: () => boolean }) {}

  /**
   * The scope's newest orders, so an order placed elsewhere (another wallet,
   * the web app) is followed from the round after it appears and, already
   * filled or cancelled by then, told like any change: the service's list,
   * cached 300 s, would tell it up to 5 minutes late. The session's first
   * look only stores them: old history is not news.
   */
  async newest(account: string, chainId: number, environment: Environment): Promise<void> {
    const scope = `${environment}:${account.toLowerCase()}:${chainId}`;
    const orders = await this.options.orderbook().accountOrders(chainId, account, { offset: 0, limit: NEWEST_ORDERS });
    if (this.options.stopped()) return;
    this.options.history.storeOrders(chainId, orders, { placedSinceLastLook: this.looked.has(scope) });
    this.looked.add(scope);
  }

  /** The scope's orders that can still change, read again. */
  async open(account: string, chainId: number, environment: Environment): Promise<void> {
    const uids = this.options.history.liveUids(account, chainId, environment);
    if (uids.length === 0) return;
    const { orders } = await this.options.orderbook().ordersByUids(chainId, uids);
    if (this.options.stopped()) return;
    this.options.history.storeOrders(chainId, orders);
  }
}
