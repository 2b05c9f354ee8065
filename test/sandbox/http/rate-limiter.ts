/**
 * A sliding one-second window measured in real time (process.hrtime), not the
 * sandbox clock: a client's limiter works in wall time, and the test is whether
 * it stays under the live limits. Only admitted requests count, so a client
 * that waits Retry-After gets through.
 */
export interface RateLimiter {
  admit(): { ok: true } | { ok: false; retryAfterSeconds: number };
}

const WINDOW_NS = 1_000_000_000n;

export function createRateLimiter(perSecond: number): RateLimiter {
  const admitted: bigint[] = [];
  return {
    admit: () => {
      const now = process.hrtime.bigint();
      while (admitted.length > 0 && now - (admitted[0] as bigint) >= WINDOW_NS) admitted.shift();
      if (admitted.length < perSecond) {
        admitted.push(now);
        return { ok: true };
      }
      const waitNs = (admitted[0] as bigint) + WINDOW_NS - now;
      return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(Number(waitNs) / 1e9)) };
    },
  };
}
