import { JSON_DEPTH_LIMIT } from '../../common/limits';
import { ApiError } from './api-error';
import { boundedFetch, EndpointTimeoutError, RedirectRefusedError, ResponseTooDeepError, ResponseTooLargeError } from './bounded-fetch';
import type { HttpDeps, HttpRequest } from './http-client';
import { withinJsonDepth } from './json-depth';
import { errorFromResponse } from './request-errors';
import { decodeBody, parseResponseBody, readBodyBytes } from './response-body';
import { isRetryable, type Failure } from './retry-policy';

// One attempt of a request (http-client.ts runs the attempts): the fetch within its bounds, and what it came to.

/** A request as http-client.ts sends it. */
export type SentRequest<T> = HttpRequest<T> & {
  /**
   * The answer's bytes are handed over to be parsed elsewhere (requestBody: a sync's pages, parsed on the store's
   * writer thread), which checks their nesting depth before the parse (withinJsonDepth); they are not scanned on
   * the way in here. Scanning a page's 1.6 MB byte by byte was the main thread's largest work during a sync.
   */
  unscanned?: true;
};

/** An answer nested deeper than any answer may be, refused as boundedFetch refuses it on the way in: not retried, the service unhealthy. */
export function tooDeep(req: SentRequest<unknown>, status: number): Extract<Outcome, { ok: false }> {
  const cause = new ResponseTooDeepError(new URL(req.url).host, req.endpoint, JSON_DEPTH_LIMIT);
  return { ok: false, failure: { kind: 'oversize', status }, error: new ApiError({ code: cause.code, message: cause.message, retryable: false, cause }) };
}

/** Timeouts are retried like network errors; an oversized answer would only come again. */
export function retryable(failure: AttemptFailure): boolean {
  if (failure.kind === 'timeout') return true;
  if (failure.kind === 'oversize') return false;
  return isRetryable(failure);
}

export type AttemptFailure = Failure | { kind: 'timeout' } | { kind: 'oversize'; status: number };

/** A successful answer, its body not read yet: whoever asked reads it (here, or on the writer thread). */
export interface Answered {
  ok: true;
  status: number;
  bytes: ArrayBuffer;
  cacheControl: string | null;
  age: string | null;
}

export type Outcome =
  | Answered
  | { ok: false; failure: AttemptFailure; error: ApiError };

export async function attemptOnce<T>(
  deps: HttpDeps,
  req: SentRequest<T>,
  bounds: { maxBytes: number; totalMs: number; headersMs: number; bodyIdleMs: number; onHeaders?: () => void },
): Promise<Outcome> {
  let response: Response | undefined;
  let bytes: ArrayBuffer;
  try {
    response = await boundedFetch(
      deps.fetch,
      req.url,
      {
        method: req.method,
        headers: { Accept: 'application/json', ...(req.body === undefined ? {} : { 'Content-Type': 'application/json' }) },
        ...(req.body === undefined ? {} : { body: JSON.stringify(req.body) }),
        ...(req.signal ? { signal: req.signal } : {}),
      },
      { endpoint: req.endpoint, ...(req.unscanned ? {} : { maxJsonDepth: JSON_DEPTH_LIMIT }), ...bounds },
    );
    // The service counted the request before this: the rate limiter learns how late it may have been. Only from a
    // real answer: an error answered at once (a 429, a proxy's 502) would set a quickest no real answer comes near.
    if (response.ok) bounds.onHeaders?.();
    bytes = await readBodyBytes(response);
  } catch (cause) {
    req.signal?.throwIfAborted();
    // Too large, nested too deep, or redirected where nothing may follow: a broken or hostile server, and asking again would bring the same.
    if (cause instanceof ResponseTooLargeError || cause instanceof ResponseTooDeepError || cause instanceof RedirectRefusedError) {
      return { ok: false, failure: { kind: 'oversize', status: response?.status ?? 0 }, error: new ApiError({ code: cause.code, message: cause.message, retryable: false, cause }) };
    }
    if (cause instanceof EndpointTimeoutError) {
      return { ok: false, failure: { kind: 'timeout' }, error: new ApiError({ code: cause.code, message: cause.message, retryable: true, cause }) };
    }
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
  if (response.ok) return { ok: true, status: response.status, bytes, cacheControl: response.headers.get('cache-control'), age: response.headers.get('age') };
  // An error's body is read here, unscanned or not: one nested too deep is refused as on the way in.
  if (req.unscanned && !withinJsonDepth(bytes, JSON_DEPTH_LIMIT)) return tooDeep(req, response.status);
  const body = await parseResponseBody(decodeBody(bytes));
  const retryAfter = response.headers.get('retry-after');
  return {
    ok: false,
    failure: { kind: 'status', status: response.status, retryAfter },
    error: errorFromResponse(response.status, body, retryAfter, req.context),
  };
}
