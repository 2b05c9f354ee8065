import type { Address, Hex } from 'viem';
import { json, parseJson, text } from '../http/reply';
import { toApiOrder } from '../order-view';
import { UNSUPPORTED_TOKEN } from '../token-fixtures';
import { apiError, invalidPathParameter, undeserializableBody } from './answers';
import { markCancelled, refuse } from './cancel-orders';
import type { OrderbookRoute } from './context';
import { recoverCancellationSigner } from './cow-judge';
import { isHash32, isHex, isRecord, readAddress, readUid } from './fields';

/**
 * Routes the live orderbook serves beyond the core ones (crates/orderbook/src/api.rs):
 * version, native price, orders of a settlement transaction, a user's total
 * surplus, and the deprecated single-order cancellation.
 */

/** GET /api/v1/version: the service's git version, as plain text. */
export const versionRoute: OrderbookRoute = {
  method: 'GET',
  pattern: ['v1', 'version'],
  handle: () => text(200, 'v2-sandbox'),
};

/** GET /api/v1/token/{token}/native_price: `{price}` in native atoms per token atom. */
export const nativePriceRoute: OrderbookRoute = {
  method: 'GET',
  pattern: ['v1', 'token', ':token', 'native_price'],
  handle: (_request, params, { chainId, state }) => {
    const token = readAddress(params.token);
    if (!token) return invalidPathParameter('token');
    if (token === UNSUPPORTED_TOKEN) return apiError(400, 'UnsupportedToken', `Token ${token} is not supported.`);
    const price = state.prices.sellTokenPrice(chainId, token);
    if (price === null) return apiError(404, 'NoLiquidity', 'no route found');
    return json(200, { price: Number(price) });
  },
};

/** GET /api/v1/transactions/{txHash}/orders: the orders a settlement transaction traded. */
export const ordersByTxRoute: OrderbookRoute = {
  method: 'GET',
  pattern: ['v1', 'transactions', ':hash', 'orders'],
  handle: (_request, params, { chainId, state }) => {
    if (!isHash32(params.hash)) return invalidPathParameter('hash');
    const hash = params.hash.toLowerCase();
    const uids = new Set(state.trades.filter((trade) => trade.chainId === chainId && trade.txHash.toLowerCase() === hash).map((trade) => trade.orderUid));
    return json(200, [...uids].map((uid) => toApiOrder(state.orders.get(uid)!, state)));
  },
};

/**
 * GET /api/v1/users/{owner}/total_surplus: the surplus of all the owner's
 * executions over their limit prices, in native-token atoms, as a decimal string.
 */
export const totalSurplusRoute: OrderbookRoute = {
  method: 'GET',
  pattern: ['v1', 'users', ':owner', 'total_surplus'],
  handle: (_request, params, { chainId, state }) => {
    const owner = readAddress(params.owner);
    if (!owner) return invalidPathParameter('owner');
    let total = 0n;
    for (const order of state.orders.values()) {
      if (order.chainId !== chainId || order.owner !== owner || order.executedSell === 0n) continue;
      const { struct } = order;
      const surplus =
        struct.kind === 'sell'
          ? { token: struct.buyToken, amount: order.executedBuy - (struct.buyAmount * order.executedSell + struct.sellAmount - 1n) / struct.sellAmount }
          : { token: struct.sellToken, amount: (struct.sellAmount * order.executedBuy) / struct.buyAmount - order.executedSell };
      if (surplus.amount > 0n) total += state.prices.convert(chainId, surplus.token, '-', surplus.amount, 'down') ?? 0n;
    }
    return json(200, { totalSurplus: total.toString() });
  },
};

/**
 * DELETE /api/v1/orders/{uid} (deprecated, still served): `{signature, signingScheme}`
 * over EIP-712 `OrderCancellation(bytes orderUid)`; same checks, in the same
 * order, as the batch cancellation.
 */
export const singleCancelRoute: OrderbookRoute = {
  method: 'DELETE',
  pattern: ['v1', 'orders', ':uid'],
  handle: async (request, params, { chainId, state }) => {
    const uid = readUid(params.uid);
    if (!uid) return invalidPathParameter('UID');
    const parsed = parseJson(request.rawBody);
    if (!parsed.ok) return text(400, 'Failed to parse the request body as JSON');
    const body = parsed.value;
    if (!isRecord(body) || !isHex(body.signature)) return undeserializableBody('missing field `signature`');
    if (body.signingScheme !== 'eip712' && body.signingScheme !== 'ethsign') return undeserializableBody('signingScheme: expected eip712 or ethsign');
    const order = state.orders.get(uid);
    if (!order || order.chainId !== chainId) return apiError(404, 'OrderNotFound', `Order ${uid} was not found.`);
    const refusal = refuse(order);
    if (refusal) return refusal;
    let signer: Address;
    try {
      signer = await recoverCancellationSigner(chainId, state.environment, uid as Hex, body.signingScheme, body.signature);
    } catch {
      return apiError(400, 'InvalidSignature', 'The cancellation signature is malformed.');
    }
    if (signer !== order.owner) return apiError(401, 'WrongOwner', `The signature recovers ${signer}, which does not own order ${uid}.`);
    markCancelled(state, order);
    return json(200, 'Cancelled');
  },
};
