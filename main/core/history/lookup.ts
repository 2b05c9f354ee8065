import type { LookupResult } from '../../common/history/history-schema';
import type { ApiOrder } from '../../common/protocol/api';
import type { Environment } from '../../common/protocol/environments';
import { isOrderUid } from '../../common/protocol/order-uid';
import { AppError } from '../../common/errors';
import { chunk } from '../api/batching';
import type { ByUidsResult } from '../api/orderbook-client';
import { toHistoryRow, toOrderParams } from './order-row';
import type { OrdersRepo } from './orders-repo';
import { BY_UIDS_CHUNK } from './sync-engine';

export interface LookupDeps {
  repo: OrdersRepo;
  ordersByUids: (chainId: number, uids: readonly string[]) => Promise<ByUidsResult>;
  /** The account an order belongs to in CoW Desk, if any (owner, or the EthFlow user). */
  accountFor: (order: ApiOrder) => string;
  environment: Environment;
  now: () => number;
}

/**
 * Fetches pasted UIDs, 128 a request, and caches what was found. Results keep
 * the pasted order (the service's does not) and say per UID what happened: not
 * a UID, found, not found (the service leaves unknown UIDs out), or an error
 * the service reported for that one order. A request that fails answers from
 * the local copy where it has the order.
 */
export async function lookupUids(deps: LookupDeps, chainId: number, inputs: readonly string[]): Promise<LookupResult[]> {
  const pasted = inputs.map((input) => input.trim()).filter((input) => input.length > 0);
  const valid = [...new Set(pasted.filter(isOrderUid).map((uid) => uid.toLowerCase()))];
  const outcome = new Map<string, Omit<LookupResult, 'input'>>();
  for (const uids of chunk(valid, BY_UIDS_CHUNK)) {
    try {
      const { orders, errors } = await deps.ordersByUids(chainId, uids);
      const now = deps.now();
      deps.repo.writeOrders(orders.map((order) => toOrderParams(order, deps.accountFor(order), chainId, deps.environment, now)));
      for (const error of errors) outcome.set(error.uid.toLowerCase(), { state: 'error', message: `The orderbook could not return this order: ${error.description}`, row: null });
    } catch (error) {
      const message = error instanceof AppError ? error.message : 'The lookup failed.';
      for (const uid of uids) outcome.set(uid, { state: 'error', message, row: null });
    }
  }
  const stored = deps.repo.getMany(valid);
  return pasted.map((input) => {
    if (!isOrderUid(input)) {
      return { input, state: 'invalid', message: 'Not an order UID: expected 0x followed by 112 hex digits (56 bytes).', row: null };
    }
    const uid = input.toLowerCase();
    const row = stored.get(uid);
    const reported = outcome.get(uid);
    if (reported?.state === 'error' && row) return { input, state: 'found', message: `Shown from the local copy: ${reported.message ?? ''}`.trim(), row: toHistoryRow(row) };
    if (reported) return { input, ...reported };
    if (row && row.chain_id === chainId) return { input, state: 'found', message: null, row: toHistoryRow(row) };
    return { input, state: 'notFound', message: `No order with this UID on chain ${chainId}.`, row: null };
  });
}
