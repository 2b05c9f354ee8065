import { AppError } from '../../common/errors';
import type { ServiceEndpoints } from '../../common/protocol/endpoints';
import type { Environment } from '../../common/protocol/environments';
import { monotonicClock, type Clock } from '../clock';
import { DEADLINES, type Deadlines } from '../../common/limits';
import type { HttpDeps, RequestOutcome, ServiceState } from './http-client';
import { OrderbookClient } from './orderbook-client';
import { RateLimiter, type RateLimit } from './rate-limiter';
import { ResponseCache } from './response-cache';
import { TokenServiceClient } from './token-service-client';

/**
 * Budgets per bucket. interface.md's 10 quotes/s and 5 submissions/s are upper
 * bounds; the live orderbook allows about 5 requests/s per IP in all, which is
 * the default whole-service budget. Background work (sync, watcher, tracker)
 * may use all 5 while the user is idle; while the user is active it keeps 2
 * of them free (a quote and the submission after it, or two quotes, go at
 * once) and yields every slot to a user asking faster than that, yet still
 * gets about 3 a second beside a user at a trader's pace: the watcher's fill
 * dating and the tracker follow an order the user just placed (at 1 a second
 * they fell behind it).
 */
export const DEFAULT_RATE_LIMITS: Readonly<Record<string, RateLimit>> = {
  orderbook: { perSecond: 5, userReserve: 2 },
  'orderbook:quote': { perSecond: 10 },
  'orderbook:submit': { perSecond: 5 },
  tokenService: { perSecond: 10 },
};

/**
 * One budget per host for everything the app sends (requests, retries, health probes): the
 * orderbook allows about 5 a second in all, so a second limiter beside the app's would send
 * past it and earn 429s the app then waits out.
 */
export function appRateLimiter(clock: Clock = monotonicClock, deadlines: Readonly<Deadlines> = DEADLINES, overrides?: Partial<Record<string, RateLimit>>): RateLimiter {
  return new RateLimiter({ ...DEFAULT_RATE_LIMITS, ...overrides } as Record<string, RateLimit>, clock, deadlines.retryAfterCapMs);
}

export interface ApiClientOptions {
  /** Read on every request, so a settings change applies without restart. */
  endpoints: () => ServiceEndpoints;
  environment: () => Environment;
  clock?: Clock;
  fetch?: typeof fetch;
  random?: () => number;
  rateLimits?: Partial<Record<string, RateLimit>>;
  /** The app's one limiter, shared (appRateLimiter); else one of this client's own. */
  limiter?: RateLimiter;
  timeoutMs?: number;
  /** Attempts per request, the first included (default 6). */
  maxAttempts?: number;
  /** Sees every attempt's outcome (connection health). */
  onOutcome?: (outcome: RequestOutcome) => void;
  /** Deadlines and connection bounds; tests shorten them (common/limits scaleDeadlines). */
  deadlines?: Readonly<Deadlines>;
  /** Connection health per service: user reads fail fast while it says offline. */
  serviceState?: (service: string) => ServiceState;
}

export interface ApiClient {
  readonly orderbook: OrderbookClient;
  readonly tokenService: TokenServiceClient;
  /** The user is composing an order: the orderbook's background work leaves their slots free from now (RateLimiter.expectUser). */
  expectUser(): void;
  /** The app is closing: every request under way, and every one asked for later, ends at once. */
  close(): void;
}

/** One client per app: one rate limiter and one cache shared by every caller. */
export function createApiClient(options: ApiClientOptions): ApiClient {
  // Monotonic: rate limits, holds, backoff and cache ages must not stretch when the wall clock is set back.
  const clock = options.clock ?? monotonicClock;
  const closing = new AbortController();
  const deadlines = options.deadlines ?? DEADLINES;
  const deps: HttpDeps = {
    fetch: options.fetch ?? globalThis.fetch,
    clock,
    random: options.random ?? Math.random,
    limiter: options.limiter ?? appRateLimiter(clock, deadlines, options.rateLimits),
    cache: new ResponseCache(clock),
    ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
    ...(options.maxAttempts ? { maxAttempts: options.maxAttempts } : {}),
    ...(options.onOutcome ? { onOutcome: options.onOutcome } : {}),
    ...(options.serviceState ? { serviceState: options.serviceState } : {}),
    deadlines,
    closed: closing.signal,
  };
  return {
    orderbook: new OrderbookClient(deps, () => options.endpoints().orderbook, options.environment),
    tokenService: new TokenServiceClient(deps, () => options.endpoints().tokenService),
    expectUser: () => deps.limiter.expectUser(['orderbook']),
    close: () => closing.abort(new AppError('APP_CLOSING', 'CoW Desk is closing.')),
  };
}
