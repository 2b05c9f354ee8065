import type { z } from 'zod';
import { DEADLINES, type Deadlines } from '../../common/limits';
import type { Clock } from '../clock';
import type { ApiError } from './api-error';
import { attemptOnce, retryable, tooDeep, type Answered, type Outcome, type SentRequest } from './http-attempt';
import type { Grant, Lane, RateLimiter } from './rate-limiter';
import type { ResponseCache } from './response-cache';
import { DEFAULT_MAX_ATTEMPTS, parseRetryAfter, retryDelay } from './retry-policy';
import { badResponseError, deadlineError, offlineError, OutcomeUnclearError, unavailableNow } from './request-errors';
import { validate } from './response-validation';
import { currentUserAction, handoffMs } from './user-action';
import { decodeBody, parseResponseBody } from './response-body';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface HttpRequest<T> {
  method: HttpMethod;
  url: string;
  /** How messages name it: "POST /api/v1/quote" (path template, no ids). */
  endpoint: string;
  /** Largest decompressed answer accepted (common/limits RESPONSE_LIMITS). */
  maxBytes: number;
  /** Rate-limit buckets this request counts against. */
  buckets: readonly string[];
  schema: z.ZodType<T>;
  body?: unknown;
  /** Serve from and fill the Cache-Control cache. */
  cache?: boolean;
  signal?: AbortSignal;
  /** Facts the error messages can use (the vault relayer to approve, for example). */
  context?: { vaultRelayer?: string; sellToken?: { symbol: string; decimals: number } };
  /**
   * A request that changes state at the service: when it may have landed but
   * no answer says so by the deadline, the error is an OutcomeUnclearError,
   * for the caller to resolve by UID (never by signing again).
   */
  changes?: 'order' | 'cancellation';
}

/** What one attempt came to, for the connection-health indicator. */
export interface RequestOutcome {
  /** The service's main rate-limit bucket: `orderbook` or `tokenService`. */
  service: string;
  /** HTTP status, or 0 when the service could not be reached. */
  status: number;
  durationMs: number;
  /** The wait the service asked for with a 429. */
  retryAfterMs?: number;
  /** The human message of a failed attempt. */
  error?: string;
  /** The answer broke a bound (too large, nested too deep, a refused redirect): the service is unhealthy even with a 200. */
  oversize?: boolean;
}

export { badResponseError, OutcomeUnclearError } from './request-errors';

export type ServiceState = 'checking' | 'ok' | 'slow' | 'offline' | 'failing' | 'rate-limited';

export interface HttpDeps {
  fetch: typeof fetch;
  clock: Clock;
  random: () => number;
  limiter: RateLimiter;
  cache: ResponseCache;
  /** Deadlines and connection bounds (common/limits; tests shorten them). */
  deadlines?: Readonly<Deadlines>;
  /** Caps one attempt (the probes' short fuse); the deadlines still apply. */
  timeoutMs?: number;
  maxAttempts?: number;
  onOutcome?: (outcome: RequestOutcome) => void;
  /** What connection health knows of a service: offline makes user reads fail fast. */
  serviceState?: (service: string) => ServiceState;
  /** Aborted when the app closes: no request, retry or backoff outlives it. */
  closed?: AbortSignal;
}

/**
 * One request, done the way every call to a CoW service must be: rate-limited
 * (user actions on their own lane), retried by the retry policy within one
 * deadline for the whole request (a user action's, or the background one),
 * read through boundedFetch (size, header, idle and attempt bounds), body read
 * as text first (some error bodies are plain text or empty), parsed with the
 * response's zod schema, and every failure turned into an ApiError whose
 * message says what happened. Deadlines run on real monotonic time
 * (performance.now), like the timers that enforce them; the injected clock
 * (monotonic in the app) paces backoff and rate limits.
 */
export async function request<T>(deps: HttpDeps, asked: HttpRequest<T>): Promise<T> {
  return exchange(deps, asked, async (outcome, req) => {
    const parsed = await validate(req.schema, await parseResponseBody(decodeBody(outcome.bytes)), req.signal);
    if (!parsed.success) throw badResponseError(req.endpoint, outcome.status);
    return parsed.data;
  });
}

/** A successful answer's body as it came, for a reader elsewhere (the store's writer thread parses and checks a sync's pages). */
export interface AnswerBody {
  /** The decompressed bytes: a buffer of their own, to transfer to another thread rather than copy. */
  bytes: ArrayBuffer;
  status: number;
  /** How messages name the request (the path template). */
  endpoint: string;
  /**
   * The reader found the body nested deeper than any answer may be (it came unscanned): the attempt is reported
   * as the service's failure, as a body refused on the way in is (health marks the service), and the error to
   * throw is answered.
   */
  tooDeep(): ApiError;
}

/**
 * request() without reading the answer here: everything else alike (limits,
 * retries, bounds, errors of failed answers), but a successful answer's body
 * is handed back as bytes. Whoever reads it checks it with the request's
 * schema and answers a bad one with badResponseError(), as request() does.
 */
export async function requestBody(deps: HttpDeps, asked: HttpRequest<unknown>): Promise<AnswerBody> {
  // Never cached: the bytes move to whoever reads them.
  return exchange(deps, { ...asked, cache: false, unscanned: true }, async (outcome, req) => ({
    bytes: outcome.bytes,
    status: outcome.status,
    endpoint: req.endpoint,
    tooDeep: () => {
      const refused = tooDeep(req, outcome.status);
      report(deps, req, refused, 0);
      return refused.error;
    },
  }));
}

/** The request's attempts, as request() describes; `accept` reads a successful answer (and throws a bad one). */
async function exchange<T, R>(deps: HttpDeps, asked: SentRequest<T>, accept: (outcome: Answered, req: SentRequest<T>) => Promise<R>): Promise<R> {
  const req = deps.closed ? { ...asked, signal: asked.signal ? AbortSignal.any([asked.signal, deps.closed]) : deps.closed } : asked;
  const cacheKey = `${req.method} ${req.url} ${req.body === undefined ? '' : JSON.stringify(req.body)}`;
  if (req.cache) {
    const hit = deps.cache.get(cacheKey);
    if (hit !== undefined) return hit as R;
  }
  const deadlines = deps.deadlines ?? DEADLINES;
  const action = currentUserAction();
  const lane: Lane = action ? 'user' : 'background';
  const budgetMs = action ? action.deadlineMs : deadlines.backgroundRequestMs;
  const deadlineAt = action ? action.deadlineAt - handoffMs(action) : performance.now() + budgetMs;
  /** Whole milliseconds to the deadline (timers take integers). */
  const left = () => Math.ceil(deadlineAt - performance.now());
  const service = req.buckets[0] ?? 'unknown';
  // Health already says offline: one short attempt, so a read fails within a second, or succeeds if the service is back.
  const offline = action?.kind === 'read' && deps.serviceState?.(service) === 'offline';
  const maxAttempts = offline ? 1 : (deps.maxAttempts ?? DEFAULT_MAX_ATTEMPTS);
  let last: ApiError | undefined;
  for (let attempt = 1; ; attempt += 1) {
    const remaining = left();
    if (remaining <= 0) throw deadlineError(req, budgetMs, action !== undefined, last);
    const expiry = AbortSignal.timeout(remaining);
    let grant: Grant;
    try {
      grant = await deps.limiter.acquire(req.buckets, req.signal ? AbortSignal.any([req.signal, expiry]) : expiry, {
        lane,
        maxHoldMs: remaining,
        kind: answersAlike(req),
      });
    } catch (error) {
      req.signal?.throwIfAborted();
      if (expiry.aborted) throw deadlineError(req, budgetMs, action !== undefined, last);
      throw error;
    }
    const started = deps.clock.now();
    const attemptMs = Math.min(deadlines.attemptMs, deps.timeoutMs ?? Number.POSITIVE_INFINITY, offline ? deadlines.offlineAttemptMs : Number.POSITIVE_INFINITY);
    const outcome = await attemptOnce(deps, req, {
      maxBytes: req.maxBytes,
      totalMs: Math.max(1, Math.min(attemptMs, left())),
      headersMs: Math.min(deadlines.headersMs, attemptMs),
      bodyIdleMs: Math.min(deadlines.bodyIdleMs, attemptMs),
      onHeaders: () => grant.answered(),
    });
    report(deps, req, outcome, deps.clock.now() - started);
    if (outcome.ok) {
      const data = await accept(outcome, req);
      if (req.cache) deps.cache.put(cacheKey, data, outcome.cacheControl, outcome.age);
      return data;
    }
    last = outcome.error;
    const { failure } = outcome;
    // The quick attempt got an HTTP answer: the service is reachable, and its answer says what happened.
    if (offline) throw failure.kind === 'status' ? outcome.error : offlineError(req, outcome.error);
    // An attempt the deadline cut short: say so, rather than "did not answer within 0.1 s".
    if (failure.kind === 'timeout' && left() <= 5) throw deadlineError(req, budgetMs, action !== undefined, last);
    if (!retryable(failure) || attempt >= maxAttempts) throw finalError(req, outcome);
    const toldMs = failure.kind === 'status' && failure.status === 429 ? parseRetryAfter(failure.retryAfter, deps.clock.now()) : undefined;
    if (toldMs !== undefined) {
      // The whole service waits, not just this call, and never longer than the cap: the next acquire sleeps out the hold.
      deps.limiter.hold(service, deps.clock.now() + Math.min(toldMs, deadlines.retryAfterCapMs));
      if (toldMs > deadlines.retryAfterCapMs) throw unavailableNow(req, toldMs, deadlines.retryAfterCapMs);
      if (toldMs >= left()) throw finalError(req, outcome);
      continue;
    }
    const delay = retryDelay(attempt, deps.random, deadlines.backoffStartMs, deadlines.backoffCapMs);
    // A backoff that would end past the deadline is not slept: the last failure is the answer now.
    if (delay >= left()) throw finalError(req, outcome);
    try {
      await deps.clock.sleep(delay, req.signal ? AbortSignal.any([req.signal, AbortSignal.timeout(left())]) : AbortSignal.timeout(left()));
    } catch (error) {
      req.signal?.throwIfAborted();
      if (error instanceof DOMException && error.name === 'TimeoutError') throw finalError(req, outcome);
      throw error;
    }
  }
}

/**
 * Requests whose answers take the service alike (the rate limiter's `kind`): one endpoint of one service (host
 * and chain) and one page size. A page of 1000 orders takes the service 20-60 ms more to build than a page of
 * one: judged against that, each of a sync's pages looked late and held its slot longer.
 */
export function answersAlike(req: Pick<HttpRequest<unknown>, 'url' | 'endpoint'>): string {
  const url = new URL(req.url);
  const api = url.pathname.indexOf('/api/');
  const service = `${url.host}${api > 0 ? url.pathname.slice(0, api) : ''}`;
  const limit = url.searchParams.get('limit');
  return `${service} ${req.endpoint}${limit === null ? '' : ` limit=${limit}`}`;
}

/** A failure that may hide a landed submission becomes "unclear"; a definite refusal stays what it is. */
function finalError(req: HttpRequest<unknown>, outcome: Extract<Outcome, { ok: false }>): ApiError {
  const { failure, error } = outcome;
  const mayHaveLanded = failure.kind === 'network' || failure.kind === 'timeout' || (failure.kind === 'status' && failure.status >= 500);
  return req.changes && mayHaveLanded ? new OutcomeUnclearError(req.changes, new URL(req.url).host, error) : error;
}

function report(deps: HttpDeps, req: HttpRequest<unknown>, outcome: Outcome, durationMs: number): void {
  if (!deps.onOutcome) return;
  const service = req.buckets[0] ?? 'unknown';
  if (outcome.ok) return deps.onOutcome({ service, status: outcome.status, durationMs });
  const { failure, error } = outcome;
  const told = failure.kind === 'status' ? parseRetryAfter(failure.retryAfter, deps.clock.now()) : undefined;
  // Health stops probing for as long as the service asked, so that too is capped.
  const retryAfterMs = told === undefined ? undefined : Math.min(told, (deps.deadlines ?? DEADLINES).retryAfterCapMs);
  deps.onOutcome({
    service,
    status: failure.kind === 'status' ? failure.status : 0,
    durationMs,
    error: error.message,
    ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
    ...(failure.kind === 'oversize' ? { oversize: true } : {}),
  });
}
