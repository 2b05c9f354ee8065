import { DEADLINES } from '../../common/limits';
import { isRetryableStatus } from '../../common/protocol/error-messages';

/**
 * When to try a failed request again, and after how long (interface.md, Errors):
 * 400/403/404 and other client errors never; 429 after Retry-After when the
 * service sent one, else exponential backoff with jitter; 5xx and network errors
 * back off from 1 s, doubling, to at most 30 s. Attempts are bounded.
 */
export const BACKOFF_START_MS = DEADLINES.backoffStartMs;
export const BACKOFF_CAP_MS = DEADLINES.backoffCapMs;
export const DEFAULT_MAX_ATTEMPTS = 6;

export type Failure = { kind: 'status'; status: number; retryAfter: string | null } | { kind: 'network' };

/** The same rule the error messages state (one definition, in common). */
export function isRetryable(failure: Failure): boolean {
  return failure.kind === 'network' || isRetryableStatus(failure.status);
}

/**
 * Milliseconds to wait before attempt number `attempt + 1` (attempt counts from
 * 1), for failures the service gave no wait for: a 429 with Retry-After is held
 * in the rate limiter instead, for every caller of that service.
 */
export function retryDelay(attempt: number, random: () => number, startMs = BACKOFF_START_MS, capMs = BACKOFF_CAP_MS): number {
  const exponential = startMs * 2 ** (attempt - 1);
  return Math.min(capMs, Math.round(exponential * (1 + 0.25 * random())));
}

/** The three HTTP-date forms of RFC 9110 (IMF-fixdate, RFC 850, asctime); nothing looser. */
const HTTP_DATE = [
  /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} GMT$/,
  /^(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday), \d{2}-(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)-\d{2} \d{2}:\d{2}:\d{2} GMT$/,
  /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun) (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) [ \d]\d \d{2}:\d{2}:\d{2} \d{4}$/,
];

/**
 * Retry-After is either delta-seconds or an HTTP date; anything else ("soon",
 * "1.5", "-1", which Date.parse would read as years) counts as absent, so the
 * normal backoff applies.
 */
export function parseRetryAfter(header: string | null, nowMs: number): number | undefined {
  if (!header) return undefined;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const form = HTTP_DATE.findIndex((pattern) => pattern.test(value));
  if (form < 0) return undefined;
  // asctime carries no zone but means GMT; Date.parse would read it as local time.
  const date = Date.parse(form === 2 ? `${value} GMT` : value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - nowMs);
}
