/** Statuses after which an order never changes again (the one list: history, tracker, watcher, cancellation). */
export const FINAL_STATUSES = ['fulfilled', 'expired', 'cancelled'] as const;

/** Statuses in which an order can still be cancelled (on or off chain). */
export const CANCELLABLE_STATUSES = ['open', 'presignaturePending'] as const;

export const isFinalStatus = (status: string): boolean => (FINAL_STATUSES as readonly string[]).includes(status);

export const isCancellableStatus = (status: string): boolean => (CANCELLABLE_STATUSES as readonly string[]).includes(status);

/** How an order is cancelled, decided from the order alone (who may sign is the caller's concern). */
export type CancelRoute = 'offChain' | 'onChainSettlement' | 'ethFlow' | 'none';

export interface CancelFacts {
  status: string;
  /** A local state of the journal (submitting, unsent, failed): not an order the service holds as live. */
  localState?: string | null;
  ethflow: boolean;
  onchain: boolean;
  signingScheme?: string | null;
}

/**
 * The one eligibility rule both cancellation flows use. An EthFlow order is
 * cancelled through the EthFlow contract; an order placed on-chain, or a
 * presign order (its owner is a contract that cannot sign an off-chain
 * cancellation, and the live service refuses a whole batch holding one with
 * OnChainOrder), through invalidateOrder on the settlement contract.
 */
export function cancelRoute(order: CancelFacts): CancelRoute {
  if (order.localState || !isCancellableStatus(order.status)) return 'none';
  if (order.ethflow) return 'ethFlow';
  if (order.onchain || order.signingScheme === 'presign') return 'onChainSettlement';
  return 'offChain';
}
