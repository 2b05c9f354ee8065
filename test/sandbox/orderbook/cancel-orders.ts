import type { Address, Hex } from 'viem';
import { MAX_CANCELLATION_BATCH } from '../../../main/common/protocol/cancellations';
import { json, parseJson, text, type Reply } from '../http/reply';
import type { OrderRecord } from '../records';
import type { SandboxState } from '../state';
import { apiError, undeserializableBody } from './answers';
import type { OrderbookContext, OrderbookRoute } from './context';
import { recoverCancellationsSigner } from './cow-judge';
import { isHex, isRecord, readUid } from './fields';

/**
 * DELETE /api/v1/orders: an EIP-712 `OrderCancellations(bytes[] orderUids)`
 * signature by the owner. All-or-nothing like live: every UID is checked before
 * any is cancelled. 200 with the JSON string "Cancelled".
 */
export const cancelOrdersRoute: OrderbookRoute = {
  method: 'DELETE',
  pattern: ['v1', 'orders'],
  handle: async (request, _params, context) => {
    const parsed = parseJson(request.rawBody);
    if (!parsed.ok) return text(400, 'Failed to parse the request body as JSON');
    const body = parsed.value;
    if (!isRecord(body) || !Array.isArray(body.orderUids)) return undeserializableBody('missing field `orderUids`');
    if (body.signingScheme !== 'eip712' && body.signingScheme !== 'ethsign') return undeserializableBody('signingScheme: expected eip712 or ethsign');
    if (!isHex(body.signature)) return undeserializableBody('signature: expected 0x-prefixed hex');
    if (body.orderUids.length > MAX_CANCELLATION_BATCH) return text(400, `Too many order UIDs: at most ${MAX_CANCELLATION_BATCH}`);
    const uids = body.orderUids.map(readUid);
    if (uids.some((uid) => uid === undefined)) return undeserializableBody('orderUids: invalid order UID');
    return cancel(uids as Hex[], body.signingScheme, body.signature, context);
  },
};

/**
 * The live order of checks (orderbook.rs cancel_orders): every order must exist
 * and be cancellable (a presign order, or any order not signed by ECDSA, is
 * OnChainOrder), then the signature is recovered, by @cowprotocol/contracts'
 * hashing, and must be the owner's. One refusal refuses the whole batch.
 */
async function cancel(uids: Hex[], scheme: 'eip712' | 'ethsign', signature: Hex, { chainId, state }: OrderbookContext): Promise<Reply> {
  const orders: OrderRecord[] = [];
  for (const uid of uids) {
    const order = state.orders.get(uid);
    if (!order || order.chainId !== chainId) return apiError(404, 'OrderNotFound', `Order ${uid} was not found; no orders were cancelled.`);
    const refusal = refuse(order);
    if (refusal) return refusal;
    orders.push(order);
  }
  let signer: Address;
  try {
    signer = await recoverCancellationsSigner(chainId, state.environment, uids, scheme, signature);
  } catch {
    return apiError(400, 'InvalidSignature', 'The cancellation signature is malformed.');
  }
  // A wrong signer is indistinguishable from a signature over other UIDs or another domain.
  const foreign = orders.find((order) => order.owner !== signer);
  if (foreign) return apiError(401, 'WrongOwner', `The signature recovers ${signer}, which does not own order ${foreign.uid}.`);
  for (const order of orders) markCancelled(state, order);
  return json(200, 'Cancelled');
}

export function refuse(order: OrderRecord): Reply | undefined {
  const onChain = order.ethflow || order.phase === 'presignaturePending' || (order.phase === 'open' && order.signingScheme !== 'eip712' && order.signingScheme !== 'ethsign');
  if (onChain) return apiError(400, 'OnChainOrder', 'On-chain orders must be cancelled on-chain.');
  if (order.phase === 'fulfilled') return apiError(400, 'OrderFullyExecuted', `Order ${order.uid} is already fully executed.`);
  if (order.phase === 'cancelled') return apiError(400, 'AlreadyCancelled', `Order ${order.uid} is already cancelled.`);
  if (order.phase === 'expired') return apiError(400, 'OrderExpired', `Order ${order.uid} has expired.`);
  return undefined;
}

/**
 * Shared by DELETE and the on-chain invalidation: the order is invalidated and
 * its owner notified. Like live, the record does not say which of the two it
 * was: onchainUser stays what placement set (only orders placed on chain have one).
 */
export function markCancelled(state: SandboxState, order: OrderRecord): void {
  order.phase = 'cancelled';
  order.invalidated = true;
  state.notifications.emit('order_cancelled', order);
}
