import { describe, expect, it } from 'vitest';
import { BACKOFF_CAP_MS, isRetryable, parseRetryAfter, retryDelay } from '../../../../main/core/api/retry-policy';
import { describeApiError } from '../../../../main/common/protocol/error-messages';

const status = (code: number) => ({ kind: 'status' as const, status: code, retryAfter: null });

describe('retry policy', () => {
  it('never retries 400, 401, 403, 404 or 422; retries 408, 429, 5xx and network errors', () => {
    for (const code of [400, 401, 403, 404, 409, 422]) expect(isRetryable(status(code)), String(code)).toBe(false);
    for (const code of [408, 429, 500, 501, 502, 503, 504]) expect(isRetryable(status(code)), String(code)).toBe(true);
    expect(isRetryable({ kind: 'network' })).toBe(true);
  });

  it('agrees with what the error messages call retryable, for every status', () => {
    for (let code = 100; code < 600; code += 1) {
      expect(isRetryable(status(code)), String(code)).toBe(describeApiError(undefined, code).retryable);
    }
  });

  it('reads Retry-After in seconds or as an HTTP date', () => {
    const now = Date.parse('2026-11-22T10:00:00Z');
    expect(parseRetryAfter('7', now)).toBe(7_000);
    expect(parseRetryAfter('Sun, 22 Nov 2026 10:00:12 GMT', now)).toBe(12_000);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(null, now)).toBeUndefined();
  });

  it('backs off from 1 s, doubling, never beyond 30 s', () => {
    expect(Array.from({ length: 10 }, (_, i) => retryDelay(i + 1, () => 0))).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000, 30_000, 30_000,
    ]);
    const jittered = Array.from({ length: 10 }, (_, i) => retryDelay(i + 1, () => 1));
    expect(jittered[0]).toBe(1_250);
    expect(Math.max(...jittered)).toBe(BACKOFF_CAP_MS);
  });
});

describe('Retry-After that is neither seconds nor an HTTP date', () => {
  it('counts as absent, even where Date.parse would read it as a year', () => {
    const now = Date.parse('2026-11-22T10:00:00Z');
    for (const value of ['soon', '1.5', '-1', '+5', '5s', '2026-11-22T10:00:12Z', 'Sun, 22 Nov 2026']) {
      expect(parseRetryAfter(value, now), value).toBeUndefined();
    }
    // Date.parse('2') is a date in 2001; as delta-seconds it is simply 2 s.
    expect(parseRetryAfter('2', now)).toBe(2_000);
  });

  it('accepts the three HTTP-date forms', () => {
    const now = Date.parse('1994-11-06T08:49:00Z');
    expect(parseRetryAfter('Sun, 06 Nov 1994 08:49:37 GMT', now)).toBe(37_000);
    expect(parseRetryAfter('Sunday, 06-Nov-94 08:49:37 GMT', now)).toBe(37_000);
    expect(parseRetryAfter('Sun Nov  6 08:49:37 1994', now)).toBe(37_000);
  });
});
