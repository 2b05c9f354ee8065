import { json, text, type Reply } from '../http/reply';
import type { ServiceFlavor } from '../http/service';

/** The orderbook's JSON error body: `{errorType, description, data?}`. */
export function apiError(status: number, errorType: string, description: string, data?: unknown): Reply {
  return json(status, data === undefined ? { errorType, description } : { errorType, description, data });
}

/** What the orderbook's JSON extractor answers for a body that is not JSON at all. */
export function unparsableBody(): Reply {
  return text(400, 'Failed to parse the request body as JSON: expected value at line 1 column 1');
}

/** What it answers for JSON of the wrong shape (a plain-text 422, as the live service). */
export function undeserializableBody(reason: string): Reply {
  return text(422, `Failed to deserialize the JSON body into the target type: ${reason}`);
}

/** Bad path parameters come back as plain text too. */
export function invalidPathParameter(name: string): Reply {
  return text(400, `Invalid URL: Cannot parse \`${name}\``);
}

/**
 * 500 is the service's own JSON error; 502/503/504 come from the proxy in front
 * of it, as an HTML-free plain-text line.
 */
export const orderbookFlavor: ServiceFlavor = {
  rateLimited: (retryAfterSeconds) => ({
    ...apiError(429, 'RateLimited', 'Too many requests, retry later.'),
    headers: { 'Content-Type': 'application/json', 'Retry-After': String(retryAfterSeconds) },
  }),
  serverError: (status) =>
    status === 500 ? apiError(500, 'InternalServerError', 'An internal error occurred.') : text(status, PROXY_TEXT[status]),
};

const PROXY_TEXT: Record<502 | 503 | 504, string> = {
  502: '502 Bad Gateway',
  503: '503 Service Temporarily Unavailable',
  504: '504 Gateway Time-out',
};
