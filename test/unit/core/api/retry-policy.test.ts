import { describe, expect, it } from 'vitest';
import { BACKOFF_CAP_MS, isRetryable, parseRetryAfter, retryDelay } from '../../../../main/core/api/retry-policy';

const status = (code: number, retryAfter: string | null = null) => ({ kind: 'status' as const, status: code, retryAfter });

describe('retry policy', () => {
  it('never retries 400, 401, 403, 404 or 422; retries 429, 5xx and network errors', () => {
    for (const code of [400, 401, 403, 404, 409, 422]) expect(isRetryable(status(code)), String(code)).toBe(false);
    for (const code of [429, 500, 502, 503, 504]) expect(isRetryable(status(code)), String(code)).toBe(true);
    expect(isRetryable({ kind: 'network' })).toBe(true);
  });

  it('waits what Retry-After says, in seconds or as an HTTP date', () => {
    const now = Date.parse('2026-11-22T10:00:00Z');
    expect(retryDelay(status(429, '7'), 1, now, () => 0.9)).toBe(7_000);
    expect(parseRetryAfter('Sun, 22 Nov 2026 10:00:12 GMT', now)).toBe(12_000);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
  });

  it('backs off from 1 s, doubling, never beyond 30 s', () => {
    const delays = Array.from({ length: 10 }, (_, i) => retryDelay(status(503), i + 1, 0, () => 0));
    expect(delays).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000, 30_000, 30_000]);
    const jittered = Array.from({ length: 10 }, (_, i) => retryDelay({ kind: 'network' }, i + 1, 0, () => 1));
    expect(Math.max(...jittered)).toBe(BACKOFF_CAP_MS);
    expect(jittered[0]).toBe(1_250);
  });

  it('falls back to jittered backoff for a 429 without Retry-After', () => {
    expect(retryDelay(status(429), 2, 0, () => 0.5)).toBe(2_250);
  });
});
