import type { OrderRecord } from '../records';
import type { SandboxState } from '../state';

/** EthFlow orders carry uint32-max as validTo; the user's own deadline is userValidTo. */
export function effectiveValidTo(order: OrderRecord): number {
  return order.ethflow?.userValidTo ?? order.struct.validTo;
}

/**
 * Orders whose validTo has passed can no longer trade: mark them expired and
 * tell their owners. Runs whenever the sandbox clock moves.
 */
export function expireOrders(state: SandboxState): void {
  const now = state.clock.now();
  for (const order of state.orders.values()) {
    if ((order.phase === 'open' || order.phase === 'presignaturePending') && effectiveValidTo(order) < now) {
      order.phase = 'expired';
      state.notifications.emit('order_expired', order);
    }
  }
}
