import type { RateLimiter } from '../http/rate-limiter';
import type { Route } from '../http/reply';
import type { SandboxState } from '../state';

/** What every orderbook route gets: the chain of the URL segment and the shared state. */
export interface OrderbookContext {
  chainId: number;
  state: SandboxState;
  /** Shared across chains: the live limits are per client, not per network. */
  limits: { quote: RateLimiter; orders: RateLimiter };
}

export type OrderbookRoute = Route<OrderbookContext>;

/** Validity bounds the orderbook enforces on quotes and orders (seconds). */
export const MIN_VALIDITY_SECONDS = 60;
export const MAX_VALIDITY_SECONDS = 365 * 24 * 3600;
/** Quotes are market orders to the live service: at most its default 3 h (max_order_validity_period). */
export const MAX_QUOTE_VALIDITY_SECONDS = 3 * 3600;
