import type { EventFacts } from '../../common/notifications/format';
import { userView } from '../../common/orders/ethflow-user';
import { serviceTimeOf, transitionsBetween, type OrderState } from '../../common/orders/transitions';
import type { ApiOrder } from '../../common/protocol/api';
import type { Notification, NotificationType } from '../../common/protocol/api/notifications';
import type { Environment } from '../../common/protocol/environments';
import type { RecordedChange } from '../history/transition-stream';
import { FILL_TYPES, storedOrderShows } from './fill-dating';

/** An event about to be stored (and maybe shown). */
export interface Candidate {
  type: NotificationType;
  key: string;
  environment: Environment;
  account: string;
  chainId: number | null;
  orderUid: string | null;
  source: 'orders' | 'service';
  /** Epoch ms by the service's clock where known (expiry, the service's own item), else when the change was stored (a fill is then dated by its block). */
  occurredAt: number;
  facts: EventFacts;
}

/** A stored event's id: the environment is part of the identity (staging and production orders are different orders). */
export const eventId = (environment: Environment, key: string) => `${environment}:${key}`;

const orderFacts = (order: ApiOrder) => ({
  kind: order.kind,
  ethFlow: userView(order).ethFlow,
  sellToken: order.sellToken,
  buyToken: order.buyToken,
  sellAmount: order.sellAmount,
  buyAmount: order.buyAmount,
});

/**
 * The events one recorded change of an order tells (the common definition of
 * each transition); a price improvement only above the user's threshold. The
 * order gives what does not change (tokens, limit, expiry: the user's own for
 * an EthFlow order); the change gives the state before and after.
 */
export function eventsOfChange(change: RecordedChange, order: ApiOrder, priceImprovementBps: number): Candidate[] {
  const state = (side: RecordedChange['before']): OrderState => ({
    uid: change.uid,
    kind: order.kind,
    sellAmount: order.sellAmount,
    buyAmount: order.buyAmount,
    validTo: order.validTo,
    status: side.status,
    executedSellAmount: side.executedSellAmount ?? '0',
    executedSellAmountBeforeFees: side.executedSellAmountBeforeFees,
    executedBuyAmount: side.executedBuyAmount ?? '0',
  });
  const after = state(change.after);
  const { validTo } = userView(order);
  const orderUid = change.uid.toLowerCase();
  return transitionsBetween(state(change.before), after)
    .filter((transition) => transition.type !== 'price_improvement' || (transition.surplusBps ?? 0) > priceImprovementBps)
    .map((transition) => ({
      type: transition.type,
      key: transition.key,
      environment: change.environment,
      account: change.account,
      chainId: change.chainId,
      orderUid,
      source: 'orders',
      occurredAt: serviceTimeOf(transition.type, { validTo }, change.recordedAt),
      facts: {
        type: transition.type,
        chainId: change.chainId,
        orderUid,
        surplusBps: transition.surplusBps,
        order: { ...orderFacts(order), executedSell: after.executedSellAmount ?? '0', executedBuy: after.executedBuyAmount ?? '0' },
      },
    }));
}

/**
 * The event a service item tells, in terms of the order when the history
 * holds it: its amounts as they stand, once it shows the fill told. An expiry
 * happened at the order's own validTo (the user's, for EthFlow), whenever the
 * list noticed it; anything else at the item's time.
 */
export function eventOfItem(
  item: Notification,
  context: { type: NotificationType; account: string; key: string; environment: Environment; stored: { order: ApiOrder; chainId: number } | undefined; surplusBps: number | null },
): Candidate {
  const { stored, type } = context;
  const order = stored?.order;
  // Executed amounts only from an order that already shows the fill: one the list is ahead of would say "0% filled".
  // Its pair and limit are told either way, with the service's executed amount.
  const shows = order && (!FILL_TYPES.has(type) || storedOrderShows(order, item));
  const facts: EventFacts = {
    type,
    chainId: stored?.chainId ?? null,
    orderUid: item.orderUid,
    message: item.message,
    surplusBps: context.surplusBps,
    executedAmount: item.executedAmount,
    ...(order
      ? { order: { ...orderFacts(order), executedSell: shows ? (order.executedSellAmount ?? '0') : null, executedBuy: shows ? (order.executedBuyAmount ?? '0') : null } }
      : {}),
  };
  const occurredAt = type === 'order_expired' && order ? userView(order).validTo * 1000 : Date.parse(item.createdAt);
  return { type, key: context.key, environment: context.environment, account: context.account, chainId: facts.chainId, orderUid: item.orderUid, source: 'service', occurredAt, facts };
}

/**
 * The partial fills of one read of the list that a later item of the same
 * order overtakes (a larger executed amount, or the order's fill): the items
 * themselves (an id is only the service's, per account). Told apart, they
 * would be one toast per step of what the user learns as one state of the order.
 */
export function overtakenInRead(items: readonly Notification[]): Set<Notification> {
  const furthest = new Map<string, bigint>();
  const filled = new Set<string>();
  for (const item of items) {
    if (!item.orderUid) continue;
    if (item.type === 'order_filled') filled.add(item.orderUid);
    if (item.type !== 'order_partially_filled' || item.executedAmount === null) continue;
    const executed = BigInt(item.executedAmount);
    if (executed > (furthest.get(item.orderUid) ?? -1n)) furthest.set(item.orderUid, executed);
  }
  const overtaken = (item: Notification) =>
    item.type === 'order_partially_filled' &&
    item.orderUid !== null &&
    (filled.has(item.orderUid) || (item.executedAmount !== null && BigInt(item.executedAmount) < (furthest.get(item.orderUid) ?? 0n)));
  return new Set(items.filter(overtaken));
}
