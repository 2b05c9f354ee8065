import { CHAINS } from '../../../main/common/protocol/chains';
import { createRateLimiter } from '../http/rate-limiter';
import { empty, matchRoute, text, type Reply, type SandboxRequest } from '../http/reply';
import { orderbookFlavor } from './answers';
import { nativePriceRoute, ordersByTxRoute, singleCancelRoute, totalSurplusRoute, versionRoute } from './more-routes';
import type { SandboxState } from '../state';
import { getAppDataRoute, putAppDataRoute, putAppDataUnhashedRoute } from './app-data';
import { cancelOrdersRoute } from './cancel-orders';
import type { OrderbookContext, OrderbookRoute } from './context';
import { createOrderRoute } from './create-order';
import { indexEthFlow } from './ethflow-index';
import { accountOrdersRoute, byUidsRoute, getOrderRoute, orderStatusRoute } from './order-queries';
import { quoteRoute } from './quote';
import { competitionByIdRoute, competitionByTxRoute, latestCompetitionRoute } from './solver-competition';
import { tradesRoute } from './trades';

// Order matters where patterns overlap: `latest` before `{auction_id}`.
const ROUTES: readonly OrderbookRoute[] = [
  quoteRoute,
  createOrderRoute,
  cancelOrdersRoute,
  byUidsRoute,
  getOrderRoute,
  orderStatusRoute,
  singleCancelRoute,
  accountOrdersRoute,
  putAppDataRoute,
  putAppDataUnhashedRoute,
  getAppDataRoute,
  tradesRoute,
  latestCompetitionRoute,
  competitionByTxRoute,
  competitionByIdRoute,
  versionRoute,
  nativePriceRoute,
  ordersByTxRoute,
  totalSurplusRoute,
];

export interface RateLimits {
  /** Every request to the orderbook, whatever the route (live: about 5 per second per client). */
  orderbookPerSecond?: number;
  quotesPerSecond?: number;
  ordersPerSecond?: number;
}

/**
 * Live limits: about 5 requests per second to the orderbook as a whole
 * (protocol-notes.md); interface.md's 10 quotes and 5 submissions per second
 * are upper bounds within it.
 */
const ORDERBOOK_PER_SECOND = 5;
const QUOTES_PER_SECOND = 10;
const ORDERS_PER_SECOND = 5;

/** `/{segment}/api/{v1|v2}/...`: the orderbook of one chain per path segment, as api.cow.fi. */
export function createOrderbookHandler(state: SandboxState, rateLimits: RateLimits = {}): (request: SandboxRequest) => Promise<Reply> {
  const whole = createRateLimiter(rateLimits.orderbookPerSecond ?? ORDERBOOK_PER_SECOND);
  const limits = {
    quote: createRateLimiter(rateLimits.quotesPerSecond ?? QUOTES_PER_SECOND),
    orders: createRateLimiter(rateLimits.ordersPerSecond ?? ORDERS_PER_SECOND),
  };
  return async (request) => {
    const [segment, api, ...rest] = request.parts;
    const chain = CHAINS.find((candidate) => candidate.orderbookSegment === segment);
    if (!chain) return text(404, 'Not Found');
    if (api !== 'api') return empty(404);
    const match = matchRoute(ROUTES, request.method, rest);
    if (match.kind === 'none') return empty(404);
    if (match.kind === 'wrong-method') return empty(405);
    const admitted = whole.admit();
    if (!admitted.ok) return orderbookFlavor.rateLimited(admitted.retryAfterSeconds);
    const context: OrderbookContext = { chainId: chain.id, state, limits };
    // Orders placed on chain (EthFlow) are in the orderbook as soon as their block is.
    await indexEthFlow(state, [chain.id]);
    return match.route.handle(request, match.params, context);
  };
}
