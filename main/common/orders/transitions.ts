import type { NotificationType } from '../protocol/api/notifications';
import { fixedSideExecuted, type FillFacts } from './fill';
import { surplusBps } from './surplus';

/**
 * How recent a reader's last look at an account must be for an order it now
 * finds for the first time to be news (placed since, and what happened to it
 * told): three sync intervals. After longer (the app closed, the machine
 * asleep, the service out of reach) such orders are history, stored without
 * alerts; the service's list tells the latest of them.
 */
export const NEWS_WINDOW_MS = 15 * 60_000;

/** Whether an order first found now, by a reader that last looked at `lastLookAt` (never: null), is news. */
export function placedSinceIsNews(lastLookAt: number | null | undefined, now: number): boolean {
  return lastLookAt !== null && lastLookAt !== undefined && now - lastLookAt <= NEWS_WINDOW_MS;
}

/**
 * Whether a partial fill the service's list tells, at `executed` (the order's
 * own side, as its executedAmount counts), is an earlier step of an order that
 * has filled further since: what the user is told of the order's state covers
 * it, so it is merged into that, not told again.
 */
export function partialFillOvertaken(executed: string, order: FillFacts): boolean {
  return fixedSideExecuted(order) > BigInt(executed);
}

/** The state of an order a transition is read between. */
export interface OrderState extends FillFacts {
  uid: string;
  status: string;
  validTo: number;
}

/** The order events; insufficient balance only comes from the service's list. */
export type TransitionType = Exclude<NotificationType, 'insufficient_balance'>;

export interface Transition {
  type: TransitionType;
  /** Stable identity: the same event learned again (another reader, the service's list, a restart) has the same key. */
  key: string;
  /** The executed amount of the order's own side after the change. */
  executed: string;
  surplusBps: number | null;
}

/**
 * Keys shared by every source. A fill, expiry or cancellation happens once per
 * order; a partial fill once per executed amount of the order's own side (the
 * amount the service's executedAmount counts); a price improvement once per order.
 */
export function transitionKey(type: NotificationType, uid: string, executed: string | null): string {
  const order = uid.toLowerCase();
  return type === 'order_partially_filled' ? `${type}:${order}:${executed ?? '?'}` : `${type}:${order}`;
}

/**
 * What changed between two states of one order, in the order a user would
 * tell it. Nothing is told of an order first seen already settled (old
 * history): `before` undefined gives no transitions. A local journal state
 * (submitting) counts as open.
 */
export function transitionsBetween(before: OrderState | undefined, after: OrderState): Transition[] {
  if (!before) return [];
  const found: Transition[] = [];
  const executed = fixedSideExecuted(after);
  const add = (type: TransitionType, surplus: number | null = null) =>
    found.push({ type, key: transitionKey(type, after.uid, executed.toString()), executed: executed.toString(), surplusBps: surplus });
  const filledMore = executed > fixedSideExecuted(before);
  if (after.status !== before.status) {
    if (after.status === 'fulfilled') add('order_filled');
    else if (after.status === 'expired') add('order_expired');
    else if (after.status === 'cancelled') add('order_cancelled');
  }
  if (filledMore && after.status !== 'fulfilled') add('order_partially_filled');
  const surplus = surplusBps(after);
  // Any improvement is recorded; whether it is worth a notification is the user's threshold, applied when told.
  if (filledMore && surplus !== null && surplus > 0) add('price_improvement', surplus);
  return found;
}

/**
 * When the event happened by the service's clock, in epoch ms, where the order
 * itself says: an expiry at its validTo. Fills and cancellations carry no time
 * in the orderbook's answers; the caller stamps them with the time the change
 * was read (within one tracking interval) until a dated source tells an
 * earlier one: a fill's block on chain, the service's notification.
 */
export function serviceTimeOf(type: TransitionType, order: Pick<OrderState, 'validTo'>, readAt: number): number {
  return type === 'order_expired' ? order.validTo * 1000 : readAt;
}
