import { isRetryableStatus } from '../../common/protocol/error-messages';

/**
 * When to try a failed request again, and after how long (interface.md, Errors):
 * 400/403/404 and other client errors never; 429 after Retry-After when the
 * service sent one, else exponential backoff with jitter; 5xx and network errors
 * back off from 1 s, doubling, to at most 30 s. Attempts are bounded.
 */
export const BACKOFF_START_MS = 1_000;
export const BACKOFF_CAP_MS = 30_000;
export const DEFAULT_MAX_ATTEMPTS = 6;

export type Failure = { kind: 'status'; status: number; retryAfter: string | null } | { kind: 'network' };

/** The same rule the error messages state (one definition, in common). */
export function isRetryable(failure: Failure): boolean {
  return failure.kind === 'network' || isRetryableStatus(failure.status);
}

/**
 * A Retry-After longer than this is not waited out inside one call (the user
 * would stare at a frozen screen): the call fails with the wait in its message,
 * and the service's bucket stays closed for that long for everyone.
 */
export const MAX_RETRY_AFTER_MS = 60_000;

/**
 * Milliseconds to wait before attempt number `attempt + 1` (attempt counts from
 * 1), for failures the service gave no wait for: a 429 with Retry-After is held
 * in the rate limiter instead, for every caller of that service.
 */
export function retryDelay(attempt: number, random: () => number): number {
  const exponential = BACKOFF_START_MS * 2 ** (attempt - 1);
  return Math.min(BACKOFF_CAP_MS, Math.round(exponential * (1 + 0.25 * random())));
}

/** Retry-After is either delta-seconds or an HTTP date. */
export function parseRetryAfter(header: string | null, nowMs: number): number | undefined {
  if (!header) return undefined;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - nowMs);
}
