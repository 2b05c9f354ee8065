import type { z } from 'zod';
import { bffErrorBodySchema, feeAmountFromErrorData, orderbookErrorBodySchema } from '../../common/protocol/api';
import { describeApiError } from '../../common/protocol/error-messages';
import type { Clock } from '../clock';
import { ApiError } from './api-error';
import type { RateLimiter } from './rate-limiter';
import type { ResponseCache } from './response-cache';
import { DEFAULT_MAX_ATTEMPTS, isRetryable, MAX_RETRY_AFTER_MS, parseRetryAfter, retryDelay, type Failure } from './retry-policy';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface HttpRequest<T> {
  method: HttpMethod;
  url: string;
  /** Rate-limit buckets this request counts against. */
  buckets: readonly string[];
  schema: z.ZodType<T>;
  body?: unknown;
  /** Serve from and fill the Cache-Control cache. */
  cache?: boolean;
  signal?: AbortSignal;
  /** Facts the error messages can use (the vault relayer to approve, for example). */
  context?: { vaultRelayer?: string };
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
}

export interface HttpDeps {
  fetch: typeof fetch;
  clock: Clock;
  random: () => number;
  limiter: RateLimiter;
  cache: ResponseCache;
  /** Per attempt; a hung connection counts as a network error and is retried. */
  timeoutMs?: number;
  maxAttempts?: number;
  onOutcome?: (outcome: RequestOutcome) => void;
}

/**
 * One request, done the way every call to a CoW service must be: rate-limited,
 * retried by the retry policy, body read as text first (some error bodies are
 * plain text or empty), parsed with the response's zod schema, and every
 * failure turned into an ApiError whose message says what to do.
 */
export async function request<T>(deps: HttpDeps, req: HttpRequest<T>): Promise<T> {
  const cacheKey = `${req.method} ${req.url} ${req.body === undefined ? '' : JSON.stringify(req.body)}`;
  if (req.cache) {
    const hit = deps.cache.get(cacheKey);
    if (hit !== undefined) return hit as T;
  }
  const maxAttempts = deps.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  for (let attempt = 1; ; attempt += 1) {
    const release = await deps.limiter.acquire(req.buckets, req.signal);
    const started = deps.clock.now();
    const outcome = await attemptOnce(deps, req).finally(release);
    report(deps, req, outcome, deps.clock.now() - started);
    if (outcome.ok) {
      const parsed = req.schema.safeParse(outcome.body);
      if (!parsed.success) {
        throw new ApiError({
          code: 'BAD_RESPONSE',
          message: `The service answered ${req.method} ${new URL(req.url).pathname} with data CoW Desk does not understand; nothing was changed.`,
          retryable: false,
          status: outcome.status,
        });
      }
      if (req.cache) deps.cache.put(cacheKey, parsed.data, outcome.cacheControl, outcome.age);
      return parsed.data;
    }
    if (!isRetryable(outcome.failure) || attempt >= maxAttempts) throw outcome.error;
    const { failure } = outcome;
    const toldMs = failure.kind === 'status' && failure.status === 429 ? parseRetryAfter(failure.retryAfter, deps.clock.now()) : undefined;
    if (toldMs !== undefined) {
      // The whole service waits, not just this call; the next acquire sleeps out the hold.
      deps.limiter.hold(req.buckets[0] ?? '', deps.clock.now() + toldMs);
      if (toldMs > MAX_RETRY_AFTER_MS) throw outcome.error;
      continue;
    }
    await deps.clock.sleep(retryDelay(attempt, deps.random), req.signal);
  }
}

function report(deps: HttpDeps, req: HttpRequest<unknown>, outcome: Outcome, durationMs: number): void {
  if (!deps.onOutcome) return;
  const service = req.buckets[0] ?? 'unknown';
  if (outcome.ok) return deps.onOutcome({ service, status: outcome.status, durationMs });
  const { failure, error } = outcome;
  const retryAfterMs = failure.kind === 'status' ? parseRetryAfter(failure.retryAfter, deps.clock.now()) : undefined;
  deps.onOutcome({
    service,
    status: failure.kind === 'status' ? failure.status : 0,
    durationMs,
    error: error.message,
    ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
  });
}

type Outcome =
  | { ok: true; status: number; body: unknown; cacheControl: string | null; age: string | null }
  | { ok: false; failure: Failure; error: ApiError };

async function attemptOnce<T>(deps: HttpDeps, req: HttpRequest<T>): Promise<Outcome> {
  const timeout = AbortSignal.timeout(deps.timeoutMs ?? 30_000);
  const signal = req.signal ? AbortSignal.any([req.signal, timeout]) : timeout;
  let response: Response;
  let text: string;
  try {
    response = await deps.fetch(req.url, {
      method: req.method,
      signal,
      headers: { Accept: 'application/json', ...(req.body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      ...(req.body === undefined ? {} : { body: JSON.stringify(req.body) }),
    });
    text = await response.text();
  } catch (cause) {
    req.signal?.throwIfAborted();
    const host = new URL(req.url).host;
    return {
      ok: false,
      failure: { kind: 'network' },
      error: new ApiError({
        code: 'NETWORK',
        message: `Could not reach ${host}. Check your connection; CoW Desk keeps working from its local data meanwhile.`,
        retryable: true,
        cause,
      }),
    };
  }
  const body = parseBody(text);
  if (response.ok) return { ok: true, status: response.status, body, cacheControl: response.headers.get('cache-control'), age: response.headers.get('age') };
  const retryAfter = response.headers.get('retry-after');
  return {
    ok: false,
    failure: { kind: 'status', status: response.status, retryAfter },
    error: errorFromResponse(response.status, body, retryAfter, req.context),
  };
}

function parseBody(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Reads `{errorType, description}` (orderbook), `{message}` (token service) or plain text. */
function errorFromResponse(status: number, body: unknown, retryAfter: string | null, context: HttpRequest<unknown>['context']): ApiError {
  const orderbook = orderbookErrorBodySchema.safeParse(body);
  const tokenService = bffErrorBodySchema.safeParse(body);
  const errorType = orderbook.success ? orderbook.data.errorType : undefined;
  const description = orderbook.success
    ? orderbook.data.description
    : tokenService.success
      ? tokenService.data.message
      : typeof body === 'string' && body.trim() !== ''
        ? body.trim().slice(0, 300)
        : undefined;
  const retryAfterSeconds = retryAfter && /^\d+$/.test(retryAfter.trim()) ? Number(retryAfter) : undefined;
  const feeAmount = orderbook.success ? feeAmountFromErrorData(orderbook.data.data) : undefined;
  const { message, retryable } = describeApiError(errorType, status, {
    ...(feeAmount ? { feeAmount } : {}),
    ...(description ? { description } : {}),
    ...(retryAfterSeconds !== undefined ? { retryAfterSeconds } : {}),
    ...(context?.vaultRelayer ? { vaultRelayer: context.vaultRelayer } : {}),
  });
  return new ApiError({
    code: errorType ?? `HTTP_${status}`,
    message,
    retryable,
    status,
    ...(errorType ? { errorType } : {}),
    ...(description ? { description } : {}),
  });
}
