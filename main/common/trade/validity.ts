/**
 * How long an order may be valid, per order class, as the live orderbook
 * enforces it: market orders (and their quotes) at most 3 hours by default,
 * limit orders much longer (the service's default cap is a year).
 */
export const MAX_VALIDITY_SECONDS = { market: 3 * 3600, limit: 365 * 86_400 } as const;

export const VALIDITY_PRESETS = {
  market: [
    { label: '5 min', seconds: 300 },
    { label: '30 min', seconds: 1800 },
    { label: '1 hour', seconds: 3600 },
    { label: '3 hours', seconds: 3 * 3600 },
  ],
  limit: [
    { label: '1 hour', seconds: 3600 },
    { label: '1 day', seconds: 86_400 },
    { label: '7 days', seconds: 7 * 86_400 },
    { label: '30 days', seconds: 30 * 86_400 },
  ],
} as const;

/** A validity the service accepts for this class: longer ones are cut to the class's maximum. */
export function validityFor(orderClass: 'market' | 'limit', seconds: number): number {
  return Math.min(seconds, MAX_VALIDITY_SECONDS[orderClass]);
}
