import { SOLVER, UNCONVERTIBLE_UID } from '../account-fixtures';
import { json, jsonList, parseJson, text } from '../http/reply';
import { toApiOrder } from '../order-view';
import type { OrderRecord } from '../records';
import { apiError, invalidPathParameter } from './answers';
import type { OrderbookContext, OrderbookRoute } from './context';
import { readAddress, readPage, readUid } from './fields';
import { listingsPerSandbox, OwnerListings } from './owner-listing';

const MAX_BY_UIDS = 128;
const UNCONVERTIBLE = UNCONVERTIBLE_UID.toLowerCase();

function findOrder(uid: string, { chainId, state }: OrderbookContext): OrderRecord | undefined {
  const order = state.orders.get(uid);
  return order?.chainId === chainId ? order : undefined;
}

const orderNotFound = () => apiError(404, 'NotFound', 'Order was not found.');

export const getOrderRoute: OrderbookRoute = {
  method: 'GET',
  pattern: ['v1', 'orders', ':uid'],
  handle: (_request, params, context) => {
    const uid = readUid(params.uid);
    if (!uid) return invalidPathParameter('UID');
    // The live service fails the whole request when one stored order cannot be converted.
    if (uid === UNCONVERTIBLE) return apiError(500, 'InternalServerError', 'The order could not be converted.');
    const order = findOrder(uid, context);
    return order ? json(200, toApiOrder(order, context.state)) : orderNotFound();
  },
};

/** Live execution state: open, then traded once anything filled; cancelled covers expired too. */
export const orderStatusRoute: OrderbookRoute = {
  method: 'GET',
  pattern: ['v1', 'orders', ':uid', 'status'],
  handle: (_request, params, context) => {
    const uid = readUid(params.uid);
    if (!uid) return invalidPathParameter('UID');
    const order = findOrder(uid, context);
    if (!order) return orderNotFound();
    if (order.phase === 'cancelled' || order.phase === 'expired') return json(200, { type: 'cancelled' });
    if (order.executedSell === 0n) return json(200, { type: 'open' });
    const executedAmounts = { sell: order.executedSell.toString(), buy: order.executedBuy.toString() };
    return json(200, { type: 'traded', value: [{ solver: SOLVER, executedAmounts }] });
  },
};

/**
 * Up to 128 UIDs; more is a plain-text 400. Unknown UIDs are simply absent, the
 * result order is shuffled (it is not guaranteed live either), and the seeded
 * unconvertible UID comes back as an `{error}` element.
 */
export const byUidsRoute: OrderbookRoute = {
  method: 'POST',
  pattern: ['v1', 'orders', 'by_uids'],
  handle: (request, _params, context) => {
    const parsed = parseJson(request.rawBody);
    if (!parsed.ok || !Array.isArray(parsed.value)) return text(400, 'Failed to parse the request body as a JSON array of order UIDs');
    if (parsed.value.length > MAX_BY_UIDS) return text(400, `Too many order UIDs: at most ${MAX_BY_UIDS} per request`);
    const uids = parsed.value.map(readUid);
    if (uids.some((uid) => uid === undefined)) return text(422, 'Failed to deserialize the JSON body: invalid order UID');
    const elements: unknown[] = [];
    for (const uid of new Set(uids as string[])) {
      if (uid === UNCONVERTIBLE) elements.push({ error: { uid, description: 'the stored order could not be converted' } });
      const order = findOrder(uid, context);
      if (order) elements.push({ order: toApiOrder(order, context.state) });
    }
    return json(200, context.state.prng.shuffle(elements));
  },
};

const ordersOf = listingsPerSandbox(
  (state) =>
    new OwnerListings(
      () => state.orders.size,
      (chainId, owner) =>
        [...state.orders.values()]
          .filter((order) => order.chainId === chainId && (order.owner === owner || order.ethflow?.sender === owner))
          .sort((a, b) => b.createdAt - a.createdAt || b.sequence - a.sequence),
    ),
);

/** Newest first by creationDate; EthFlow orders are listed for the user who placed them. */
export const accountOrdersRoute: OrderbookRoute = {
  method: 'GET',
  pattern: ['v1', 'account', ':owner', 'orders'],
  handle: (request, params, context) => {
    const owner = readAddress(params.owner);
    if (!owner) return invalidPathParameter('owner');
    const page = readPage(request.query);
    if (!page.ok) {
      return page.invalidLimit ? apiError(400, 'InvalidLimit', 'limit must be between 1 and 1000.') : text(400, `Invalid query string: ${page.field}`);
    }
    const orders = ordersOf(context.state).of(context.chainId, owner).slice(page.offset, page.offset + page.limit);
    return jsonList(200, orders.map((order) => toApiOrder(order, context.state)));
  },
};
