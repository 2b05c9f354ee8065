import type { OrderProgress } from '../../common/ipc/commands/trade';
import type { NotificationType } from '../../common/protocol/api/notifications';
import { sameProgress } from '../../common/trade/order-progress';
import type { OrderSnapshot } from './watch-store';

export interface DetectedEvent {
  type: NotificationType;
  /** Stable identity: the same event read again (after a restart, or from the service) gets the same key. */
  key: string;
  surplusBps: number | null;
}

/** The executed amount of the order's own side: what the service's executedAmount also counts. */
export const fixedSideExecuted = (order: Pick<OrderProgress, 'kind' | 'executedSellAmount' | 'executedBuyAmount'>) =>
  order.kind === 'sell' ? order.executedSellAmount : order.executedBuyAmount;

/**
 * Keys shared by both sources. A fill, expiry or cancellation happens once per
 * order; a partial fill once per executed amount; a price improvement is told
 * once per order. Insufficient balance only comes from the service and is
 * keyed by its item id there.
 */
export function eventKey(type: NotificationType, uid: string, executed: string | null): string {
  const order = uid.toLowerCase();
  return type === 'order_partially_filled' ? `${type}:${order}:${executed ?? '?'}` : `${type}:${order}`;
}

/**
 * Surplus of what was executed over the limit price, in basis points: executed
 * buy per sell against limit buy per sell (the same ratio for buy orders, whose
 * limit caps the sell side). Null before any fill.
 */
export function surplusBps(order: Pick<OrderProgress, 'sellAmount' | 'buyAmount' | 'executedSellAmount' | 'executedBuyAmount'>): number | null {
  const executedSell = BigInt(order.executedSellAmount);
  const limitBuy = BigInt(order.buyAmount);
  if (executedSell === 0n || limitBuy === 0n) return null;
  const ratio = (BigInt(order.executedBuyAmount) * BigInt(order.sellAmount) * 10_000n) / (executedSell * limitBuy);
  return Number(ratio - 10_000n);
}

/**
 * What changed between the watcher's last sighting of an order and the order
 * as the service has it now. Reuses the composer's notion of "changed"
 * (sameProgress) so both screens agree on what counts as a change.
 */
export function detectTransitions(before: OrderSnapshot, now: OrderProgress, thresholdBps: number): DetectedEvent[] {
  const previous: OrderProgress = { ...now, status: before.status, executedSellAmount: before.executedSell, executedBuyAmount: before.executedBuy };
  if (sameProgress(previous, now)) return [];
  const found: DetectedEvent[] = [];
  const add = (type: NotificationType, surplus: number | null = null) =>
    found.push({ type, key: eventKey(type, now.uid, fixedSideExecuted(now)), surplusBps: surplus });
  const filledMore = BigInt(fixedSideExecuted(now)) > BigInt(fixedSideExecuted(previous));
  if (now.status !== previous.status) {
    if (now.status === 'fulfilled') add('order_filled');
    else if (now.status === 'expired') add('order_expired');
    else if (now.status === 'cancelled') add('order_cancelled');
  }
  if (filledMore && now.status !== 'fulfilled') add('order_partially_filled');
  const surplus = surplusBps(now);
  if (filledMore && surplus !== null && surplus > thresholdBps) add('price_improvement', surplus);
  return found;
}

export const snapshotOf = (order: OrderProgress): OrderSnapshot => ({
  uid: order.uid.toLowerCase(),
  status: order.status,
  executedSell: order.executedSellAmount,
  executedBuy: order.executedBuyAmount,
});
