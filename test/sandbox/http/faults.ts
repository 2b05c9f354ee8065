import type { Prng } from '../prng';

/** Failures a test can switch on for both services at once. */
export interface FaultSettings {
  /** Share (0..1) of requests answered with `status` (default 500). */
  errorRate?: number;
  status?: 500 | 502 | 503 | 504;
  /** The next `count` requests get 429 with `Retry-After: retryAfterSeconds`. */
  rateLimitStorm?: { count: number; retryAfterSeconds: number };
  /** Real delay before every answer. */
  latencyMs?: number;
  /** Share (0..1) of requests whose socket is destroyed without an answer. */
  dropRate?: number;
}

export type FaultDecision =
  | { kind: 'drop' }
  | { kind: 'rate-limited'; retryAfterSeconds: number }
  | { kind: 'server-error'; status: 500 | 502 | 503 | 504 }
  | { kind: 'none' };

export interface Faults {
  set(settings: FaultSettings): void;
  clear(): void;
  latencyMs(): number;
  /** One decision per request, drawn from the seeded PRNG so runs repeat. */
  decide(): FaultDecision;
}

export function createFaults(prng: Prng): Faults {
  let settings: FaultSettings = {};
  let stormLeft = 0;
  return {
    set: (next) => {
      for (const share of [next.errorRate, next.dropRate]) {
        if (share !== undefined && !(share >= 0 && share <= 1)) throw new Error(`fault rates are shares in 0..1, got ${share}`);
      }
      settings = { ...next };
      stormLeft = next.rateLimitStorm?.count ?? 0;
    },
    clear: () => {
      settings = {};
      stormLeft = 0;
    },
    latencyMs: () => settings.latencyMs ?? 0,
    decide: () => {
      if (settings.dropRate && prng.next() < settings.dropRate) return { kind: 'drop' };
      if (stormLeft > 0 && settings.rateLimitStorm) {
        stormLeft -= 1;
        return { kind: 'rate-limited', retryAfterSeconds: settings.rateLimitStorm.retryAfterSeconds };
      }
      if (settings.errorRate && prng.next() < settings.errorRate) return { kind: 'server-error', status: settings.status ?? 500 };
      return { kind: 'none' };
    },
  };
}
