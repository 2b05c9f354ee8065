import type { SandboxClock } from './clock';
import { isoMicros } from './clock';
import type { OrderRecord } from './records';

/** The six order events of interface.md's Events table. */
export type OrderEventType =
  | 'order_filled'
  | 'order_partially_filled'
  | 'order_expired'
  | 'order_cancelled'
  | 'insufficient_balance'
  | 'price_improvement';

/**
 * Notifications per account. Order events are stored in interface.md's shape
 * ({id, account, type, message, timestamp, metadata:{orderId, executedAmount}});
 * add() takes anything, so tests can also store the live CMS shape
 * ({id, account, title, description, url, createdAt, dueDate, location}).
 * `enabled` is the CMS_ENABLED switch: off, the route does not exist.
 */
export interface NotificationCenter {
  enabled(): boolean;
  setEnabled(enabled: boolean): void;
  add(account: string, item: unknown): void;
  list(account: string): unknown[];
  /** Records an order event for the order's owner (the EthFlow user for EthFlow orders), dated `at` (unix seconds; default now). */
  emit(type: OrderEventType, order: OrderRecord, extra?: Record<string, string>, at?: number): void;
}

const MESSAGES: Record<OrderEventType, string> = {
  order_filled: 'Your order was filled.',
  order_partially_filled: 'Your order was partially filled.',
  order_expired: 'Your order expired without a complete fill.',
  order_cancelled: 'Your order was cancelled.',
  insufficient_balance: 'Your order cannot be filled: the balance of the sell token is too low.',
  price_improvement: 'Your order was filled at a better price than your limit.',
};

export function createNotificationCenter(clock: SandboxClock): NotificationCenter {
  const items = new Map<string, unknown[]>();
  let enabled = true;
  let nextId = 1;
  const listFor = (account: string) => {
    const key = account.toLowerCase();
    const existing = items.get(key);
    if (existing) return existing;
    const created: unknown[] = [];
    items.set(key, created);
    return created;
  };
  return {
    enabled: () => enabled,
    setEnabled: (value) => {
      enabled = value;
    },
    add: (account, item) => void listFor(account).push(item),
    list: (account) => [...listFor(account)],
    emit: (type, order, extra = {}, at = clock.now()) => {
      const account = order.ethflow?.sender ?? order.owner;
      // The "executed amount" is the order's fixed side: sold for sell orders, bought for buy orders.
      const executedAmount = order.struct.kind === 'sell' ? order.executedSell : order.executedBuy;
      listFor(account).push({
        id: `sandbox-${nextId++}`,
        account,
        type,
        message: MESSAGES[type],
        timestamp: isoMicros(Math.max(at, clock.now())),
        metadata: { orderId: order.uid, executedAmount: executedAmount.toString(), ...extra },
      });
    },
  };
}
