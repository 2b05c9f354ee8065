/**
 * The sandbox's own time. Order validity, expiry, quote expiration and
 * notification timestamps all read it, and tests move it forward explicitly
 * instead of sleeping. (Rate limits use real time; see http/rate-limiter.ts.)
 */
export interface SandboxClock {
  /** Unix seconds. */
  now(): number;
  /** Moves time forward and lets the sandbox expire orders that passed validTo. */
  advance(seconds: number): void;
}

export function createClock(start: number, onAdvance: (now: number) => void): SandboxClock {
  let current = start;
  return {
    now: () => current,
    advance: (seconds) => {
      if (!Number.isFinite(seconds) || seconds < 0) throw new Error(`clock.advance needs a non-negative number of seconds, got ${seconds}`);
      current += seconds;
      onAdvance(current);
    },
  };
}

/**
 * ISO 8601 UTC with microseconds and `Z`, the shape of the orderbook's
 * creationDate ("2020-12-03T18:35:18.814523Z").
 */
export function isoMicros(unixSeconds: number, micros = 0): string {
  const whole = Math.floor(unixSeconds);
  const fraction = Math.round((unixSeconds - whole) * 1e6) + micros;
  const base = new Date((whole + Math.floor(fraction / 1e6)) * 1000).toISOString().slice(0, 19);
  return `${base}.${String(fraction % 1e6).padStart(6, '0')}Z`;
}
