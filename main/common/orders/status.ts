import { LOCAL_ORDER_STATES } from '../history/history-schema';
import { ORDER_STATUSES } from '../protocol/api/order';

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

/**
 * Every status a stored order can show, in the order the filters list them:
 * the service's, then the journal's for submissions not confirmed.
 */
export const SHOWN_STATUSES = [...ORDER_STATUSES, ...LOCAL_ORDER_STATES] as const;

/** The one wording of each status: badges, filters, the order detail and the export's words column. No raw id reaches a screen. */
const STATUS_TEXT: Record<(typeof SHOWN_STATUSES)[number], string> = {
  presignaturePending: 'Awaiting pre-signature',
  open: 'Open',
  fulfilled: 'Filled',
  expired: 'Expired',
  cancelled: 'Cancelled',
  submitting: 'Submitting',
  unsent: 'Not sent',
  failed: 'Failed to send',
};

/** A status in words; one the service added since (an open string) is spelled out from its camelCase. */
export function orderStatusText(status: string): string {
  const known = (STATUS_TEXT as Record<string, string>)[status];
  if (known) return known;
  const words = status.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[_-]+/g, ' ').trim().toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * The statuses a word of the search box names, as the screens word them
 * ("filled" finds fulfilled orders, "awaiting" presignaturePending ones): any
 * word of the status's text starting with it, from 3 letters, case aside.
 */
export function statusesNamed(typed: string): string[] {
  const wanted = typed.toLowerCase();
  if (wanted.length < 3) return [];
  return SHOWN_STATUSES.filter((status) => orderStatusText(status).toLowerCase().split(/[\s-]+/).some((word) => word.startsWith(wanted)));
}
