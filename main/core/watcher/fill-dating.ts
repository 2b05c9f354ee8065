import { fixedSideExecuted, fixedSideTotal, tradeReaching, type ExecutedTotal } from '../../common/orders/fill';
import type { ApiOrder } from '../../common/protocol/api';
import type { Notification, NotificationType } from '../../common/protocol/api/notifications';
import { MAX_TRADES_PAGE } from '../../common/protocol/api/trades';
import type { OrderbookClient } from '../api/orderbook-client';
import type { Logger } from '../log';

/** The chain's clock, through the wallet's JSON-RPC node of each chain. */
export interface ChainClock {
  /** Whether a node is set for the chain; without one, fills keep the time they were read. */
  available(chainId: number): boolean;
  /** When the block was mined, epoch ms. */
  blockTime(chainId: number, blockNumber: number): Promise<number>;
}

/** A stored fill event, to be dated by the block of the trade that made it. */
export interface FillToDate {
  id: string;
  chainId: number;
  orderUid: string;
  /** How far the order had executed with this fill: its trade is the one that brought the order there. */
  reached: ExecutedTotal;
}

/** The events a trade makes, so the trade's block dates them. */
export const FILL_TYPES: ReadonlySet<NotificationType> = new Set(['order_filled', 'order_partially_filled', 'price_improvement']);

export interface FillDatingDeps {
  orderbook: OrderbookClient;
  chainClock: ChainClock;
  log: Logger;
}

/**
 * When a fill happened by the chain's clock: the block of the trade that
 * brought the order to the amount it showed (the orderbook's answers carry no
 * time). One trades request and one block read, only where the chain has a
 * node; null without one, before the service lists the trade, or on any
 * failure, and then the time the fill was read stands.
 */
export async function fillTime({ orderbook, chainClock, log }: FillDatingDeps, fill: FillToDate): Promise<number | null> {
  if (!chainClock.available(fill.chainId)) return null;
  try {
    const trades = await orderbook.trades(fill.chainId, { orderUid: fill.orderUid }, { offset: 0, limit: MAX_TRADES_PAGE });
    const trade = tradeReaching(trades, fill.reached);
    return trade ? await chainClock.blockTime(fill.chainId, trade.blockNumber) : null;
  } catch (error) {
    log.warn('watcher: dating a fill by its block failed; it keeps the time it was read', { uid: fill.orderUid, error: String(error) });
    return null;
  }
}

/** Tries to date one fill by its block in a session. */
const MAX_DATING_TRIES = 5;

/**
 * The watcher's fill dating: one try at a time per fill, however often the
 * service's list names it. A try that could not date it (the node down or
 * busy, the trade not listed yet) is tried again in later rounds, with how
 * far the order had executed when the fill was seen (the order may have filled
 * further since, and then the stored order no longer finds its trade),
 * up to MAX_DATING_TRIES a session, so a fill whose trade never shows costs a
 * request a round for a few rounds only. Without a node nothing is asked and
 * no try is spent: a node set later dates it, when the list names it again.
 */
export class FillDater {
  private readonly dating = new Set<string>();
  private readonly tries = new Map<string, number>();
  /** Fills whose last try could not date them, by event id, to try again. */
  private readonly undated = new Map<string, FillToDate>();

  constructor(private readonly deps: () => FillDatingDeps) {}

  mayDate(id: string): boolean {
    return !this.dating.has(id) && (this.tries.get(id) ?? 0) < MAX_DATING_TRIES;
  }

  /** The fill's block time, or null when it cannot be told now. */
  async date(fill: FillToDate): Promise<number | null> {
    const deps = this.deps();
    if (!deps.chainClock.available(fill.chainId) || !this.mayDate(fill.id)) return null;
    const tries = (this.tries.get(fill.id) ?? 0) + 1;
    this.dating.add(fill.id);
    this.tries.set(fill.id, tries);
    try {
      const at = await fillTime(deps, fill);
      // Kept for a later round only while it has tries left.
      if (at === null && tries < MAX_DATING_TRIES) this.undated.set(fill.id, fill);
      else this.undated.delete(fill.id);
      return at;
    } finally {
      this.dating.delete(fill.id);
    }
  }

  /** The fills to try again this round: their last try failed, tries are left, and none is running. */
  retries(): FillToDate[] {
    return [...this.undated.values()].filter((fill) => !this.dating.has(fill.id));
  }
}

/**
 * Whether the stored order is already in the state the service's fill item
 * speaks of, so its bought total finds the trade that made it: filled for a
 * fill or a price improvement, the item's executed amount (of the order's own
 * side) for a partial fill.
 */
export function storedOrderShows(order: ApiOrder, item: Notification): boolean {
  if (item.type !== 'order_partially_filled') return order.status === 'fulfilled';
  return item.executedAmount !== null && fixedSideExecuted(order) === BigInt(item.executedAmount);
}

/**
 * The stored fill event `id` a service item speaks of, to date by its block:
 * by what the stored order had bought once it shows that fill; else by the
 * item's own executed amount, of the order's fixed side, where it names one.
 * The order may never show the fill: when the rest of it fills before the app
 * reads it again, the History goes from before this fill to after the next.
 */
export function fillOfItem(id: string, item: Notification, stored: { order: ApiOrder; chainId: number } | undefined): FillToDate | null {
  if (item.type === 'announcement' || !FILL_TYPES.has(item.type) || !stored) return null;
  const fill = { id, chainId: stored.chainId, orderUid: item.orderUid!.toLowerCase() };
  if (storedOrderShows(stored.order, item)) return { ...fill, reached: { side: 'buy', amount: stored.order.executedBuyAmount ?? '0', exact: false } };
  return item.executedAmount === null ? null : { ...fill, reached: fixedSideTotal(stored.order.kind, item.executedAmount) };
}
