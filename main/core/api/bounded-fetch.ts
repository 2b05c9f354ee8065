import { AppError } from '../../common/errors';
import { formatBytes, formatSeconds } from '../../common/format/format';
import { DEADLINES, JSON_DEPTH_LIMIT, RESPONSE_LIMITS, type Deadlines } from '../../common/limits';
import { JsonDepthScanner } from './json-depth';

/**
 * Bounds on one HTTP exchange. Every remote answer CoW Desk reads goes through
 * these: the CoW services (http-client), JSON-RPC (viem's `fetchFn`) and
 * token-list downloads, so none can cost unbounded memory or time.
 */
export interface FetchBounds {
  /** How messages name the request: "GET /api/v1/quote", "JSON-RPC eth_call". */
  endpoint: string;
  /** Largest decompressed body accepted; reading stops at it. */
  maxBytes: number;
  /** Sending to response headers, connecting included. */
  headersMs: number;
  /** Longest silence between two body chunks. */
  bodyIdleMs: number;
  /** The whole exchange, headers and body (a drip-feed cannot outlast it). */
  totalMs: number;
  /** For JSON answers: the deepest nesting accepted, checked on the bytes before anyone parses them. */
  maxJsonDepth?: number;
}

/** The answer was larger than its endpoint's limit; reading stopped there. */
export class ResponseTooLargeError extends AppError {
  constructor(host: string, endpoint: string, limitBytes: number) {
    super(
      'RESPONSE_TOO_LARGE',
      `${host} answered ${endpoint} with more than ${formatBytes(limitBytes)}, the most CoW Desk accepts there; it stopped reading and treats the service as unhealthy. Check the endpoint in Settings.`,
      { retryable: false, details: { host, endpoint, limitBytes } },
    );
    this.name = 'ResponseTooLargeError';
  }
}

/** A JSON answer nested deeper than any real one; reading stopped there, before any parsing. */
export class ResponseTooDeepError extends AppError {
  constructor(host: string, endpoint: string, limit: number) {
    super(
      'RESPONSE_TOO_DEEP',
      `${host} answered ${endpoint} with JSON nested more than ${limit} levels deep, which no real answer is; CoW Desk stopped reading it and treats the service as unhealthy. Check the endpoint in Settings.`,
      { retryable: false, details: { host, endpoint, limit } },
    );
    this.name = 'ResponseTooDeepError';
  }
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
/** More hops than any real same-server redirect chain needs (a trailing slash, a moved path). */
const MAX_REDIRECTS = 5;

/**
 * The server answered with a redirect CoW Desk does not follow: any redirect
 * of a request that sends something (a signed order, a cancellation, a
 * JSON-RPC call), and a read's redirect to another server. Nothing was sent
 * to where it pointed.
 */
export class RedirectRefusedError extends AppError {
  constructor(host: string, endpoint: string, method: string, target: string, tooMany = false) {
    const rule = tooMany
      ? `stops after ${MAX_REDIRECTS} redirects`
      : method === 'GET' || method === 'HEAD'
        ? 'follows a redirect only to the same server'
        : `never follows a redirect of a ${method}, which carries data`;
    super(
      'REDIRECT_REFUSED',
      `${host} answered ${endpoint} with a redirect to ${target}; CoW Desk ${rule}, so nothing was sent there. Check the endpoint in Settings.`,
      { retryable: false, details: { host, endpoint, method, target } },
    );
    this.name = 'RedirectRefusedError';
  }
}

export type TimeoutPhase = 'headers' | 'body-idle' | 'total';

/** The server did not answer (or stopped answering) in time; nothing more is read. */
export class EndpointTimeoutError extends AppError {
  readonly phase: TimeoutPhase;

  constructor(host: string, endpoint: string, phase: TimeoutPhase, afterMs: number) {
    const seconds = formatMilliseconds(afterMs);
    const what =
      phase === 'headers'
        ? `did not start answering ${endpoint} within ${seconds}`
        : phase === 'body-idle'
          ? `stopped sending its answer to ${endpoint} for ${seconds}`
          : `did not finish answering ${endpoint} within ${seconds}`;
    super('TIMEOUT', `${host} ${what}.`, { retryable: true, details: { host, endpoint, phase, afterMs } });
    this.name = 'EndpointTimeoutError';
    this.phase = phase;
  }
}

/** A duration in milliseconds in words, through the one formatter ("20 sec", "1.5 sec"). */
export function formatMilliseconds(ms: number): string {
  return formatSeconds(ms / 1000);
}

/**
 * `fetch` with bounds. The returned Response's body is the server's body,
 * decompressed by fetch, pulled one chunk at a time only when the caller reads
 * (no read-ahead), counted, and cut off with a ResponseTooLargeError at the
 * limit or an EndpointTimeoutError when the server stalls; the connection is
 * aborted in both cases. Redirects are followed only for reads on the same
 * server (fetchWithSafeRedirects). Platform features only (AbortSignal,
 * streams), so it wraps any fetch: Node's, Electron's, a test's.
 */
export async function boundedFetch(fetchFn: typeof fetch, url: string, init: RequestInit, bounds: FetchBounds): Promise<Response> {
  const host = new URL(url).host;
  const control = new AbortController();
  const timers = new Set<ReturnType<typeof setTimeout>>();
  let headersIn = false;
  const after = (ms: number, phase: TimeoutPhase) => {
    // The whole-exchange limit running out before any header is, to the user, a server that never started answering.
    const timer = setTimeout(() => control.abort(new EndpointTimeoutError(host, bounds.endpoint, phase === 'total' && !headersIn ? 'headers' : phase, ms)), ms);
    timer.unref?.();
    timers.add(timer);
    return timer;
  };
  const done = () => {
    for (const timer of timers) clearTimeout(timer);
    timers.clear();
  };
  after(bounds.totalMs, 'total');
  const headersTimer = after(bounds.headersMs, 'headers');
  const signal = init.signal ? AbortSignal.any([init.signal, control.signal]) : control.signal;

  let response: Response;
  try {
    response = await fetchWithSafeRedirects(fetchFn, url, { ...init, signal }, bounds.endpoint);
  } catch (error) {
    done();
    throw signal.aborted ? signal.reason : error;
  }
  headersIn = true;
  clearTimeout(headersTimer);
  timers.delete(headersTimer);

  const declared = Number(response.headers.get('content-length'));
  const encoded = (response.headers.get('content-encoding') ?? 'identity') !== 'identity';
  if (!encoded && Number.isFinite(declared) && declared > bounds.maxBytes) {
    // Said so up front: no need to read a byte.
    const error = new ResponseTooLargeError(host, bounds.endpoint, bounds.maxBytes);
    control.abort(error);
    done();
    throw error;
  }
  if (!response.body) {
    done();
    return response;
  }

  const reader = response.body.getReader();
  const depth = bounds.maxJsonDepth === undefined ? undefined : new JsonDepthScanner(bounds.maxJsonDepth);
  let received = 0;
  let idleTimer: ReturnType<typeof setTimeout> | undefined;
  const fail = (error: unknown) => {
    control.abort(error);
    done();
    void reader.cancel(error).catch(() => undefined);
  };
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        idleTimer = after(bounds.bodyIdleMs, 'body-idle');
        let chunk: Awaited<ReturnType<typeof reader.read>>;
        try {
          // An abort (a timer, the caller) errors the fetch's body, so this read rejects with its reason.
          chunk = await reader.read();
        } catch (error) {
          const reason = control.signal.aborted ? control.signal.reason : signal.aborted ? signal.reason : error;
          fail(reason);
          controller.error(reason);
          return;
        } finally {
          clearTimeout(idleTimer);
          timers.delete(idleTimer!);
        }
        if (chunk.done) {
          done();
          controller.close();
          return;
        }
        received += chunk.value.byteLength;
        if (received > bounds.maxBytes) {
          const error = new ResponseTooLargeError(host, bounds.endpoint, bounds.maxBytes);
          fail(error);
          controller.error(error);
          return;
        }
        if (depth && !depth.feed(chunk.value)) {
          const error = new ResponseTooDeepError(host, bounds.endpoint, depth.limit);
          fail(error);
          controller.error(error);
          return;
        }
        controller.enqueue(chunk.value);
      },
      cancel(reason) {
        fail(reason);
      },
    },
    // No read-ahead: a chunk is pulled from the server only when the reader asks for one.
    { highWaterMark: 0 },
  );
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
}

/**
 * fetch with `redirect: 'manual'`: a redirect is followed only for a GET or
 * HEAD and only to the same origin (scheme, host and port); anything else is a
 * RedirectRefusedError. fetch's own following would carry a signed order or a
 * JSON-RPC call to any host the server names.
 */
async function fetchWithSafeRedirects(fetchFn: typeof fetch, url: string, init: RequestInit, endpoint: string): Promise<Response> {
  const method = (init.method ?? 'GET').toUpperCase();
  const origin = new URL(url);
  let current = origin;
  for (let hops = 0; ; hops += 1) {
    const response = await fetchFn(current.toString(), { ...init, redirect: 'manual' });
    // A browser-like fetch hides where a manual redirect points: refuse it unseen.
    const opaque = response.type === 'opaqueredirect';
    const location = response.headers.get('location');
    if (!opaque && (!REDIRECTS.has(response.status) || location === null)) return response;
    void response.body?.cancel().catch(() => undefined);
    const target = opaque ? undefined : URL.parse(location ?? '', current.toString());
    const followed = target && (method === 'GET' || method === 'HEAD') && target.origin === origin.origin;
    if (!followed || hops >= MAX_REDIRECTS) throw new RedirectRefusedError(origin.host, endpoint, method, target ? target.origin : 'an address it did not show', !!followed);
    current = target;
  }
}

/** A fetch with these bounds built in, for libraries that take one (viem's `fetchFn`, token-list downloads). */
export function boundedFetcher(bounds: Omit<FetchBounds, 'endpoint'> & { endpoint?: string }, fetchFn: typeof fetch = globalThis.fetch): typeof fetch {
  return (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
    return boundedFetch(fetchFn, url, init ?? {}, { ...bounds, endpoint: bounds.endpoint ?? `${method} ${new URL(url).pathname}` });
  };
}

/** viem's `fetchFn` for every JSON-RPC client (wallet, token metadata, the RPC check): 4 MiB, 64 levels and the connection bounds per call. */
export function jsonRpcFetch(fetchFn: typeof fetch = globalThis.fetch, deadlines: Readonly<Deadlines> = DEADLINES): typeof fetch {
  return boundedFetcher(
    { endpoint: 'JSON-RPC', maxBytes: RESPONSE_LIMITS.jsonRpc, maxJsonDepth: JSON_DEPTH_LIMIT, headersMs: deadlines.headersMs, bodyIdleMs: deadlines.bodyIdleMs, totalMs: deadlines.attemptMs },
    fetchFn,
  );
}

/** For downloading a token list: the largest real lists with headroom, 64 levels, and the same connection bounds. */
export function tokenListFetch(fetchFn: typeof fetch = globalThis.fetch, deadlines: Readonly<Deadlines> = DEADLINES): typeof fetch {
  return boundedFetcher(
    { endpoint: 'token list', maxBytes: RESPONSE_LIMITS.tokenList, maxJsonDepth: JSON_DEPTH_LIMIT, headersMs: deadlines.headersMs, bodyIdleMs: deadlines.bodyIdleMs, totalMs: deadlines.attemptMs },
    fetchFn,
  );
}

/** For a token's logo: small images only, cut off while reading, with the same connection bounds. */
export function tokenLogoFetch(fetchFn: typeof fetch = globalThis.fetch, deadlines: Readonly<Deadlines> = DEADLINES): typeof fetch {
  return boundedFetcher(
    { endpoint: 'token logo', maxBytes: RESPONSE_LIMITS.tokenLogo, headersMs: deadlines.headersMs, bodyIdleMs: deadlines.bodyIdleMs, totalMs: deadlines.attemptMs },
    fetchFn,
  );
}
