/**
 * How long an order may be valid, as the live orderbook enforces it: a market
 * order over 3 hours is refused with ExcessiveValidTo by default (limit orders
 * may run much longer), and a validTo already passed (or too close) when the
 * order arrives is InsufficientValidTo.
 */
export const MAX_MARKET_VALIDITY_SECONDS = 3 * 60 * 60;

/** The longest validity per order class: limit orders up to the service's default cap of a year. */
export const MAX_VALIDITY_SECONDS = { market: MAX_MARKET_VALIDITY_SECONDS, limit: 365 * 86_400 } as const;

export interface ValidityPreset {
  label: string;
  seconds: number;
}

const MARKET_PRESETS: readonly ValidityPreset[] = [
  { label: '5 min', seconds: 300 },
  { label: '30 min', seconds: 1800 },
  { label: '1 hour', seconds: 3600 },
  { label: '3 hours', seconds: MAX_MARKET_VALIDITY_SECONDS },
];

const LIMIT_PRESETS: readonly ValidityPreset[] = [
  { label: '1 hour', seconds: 3600 },
  { label: '1 day', seconds: 86_400 },
  { label: '1 week', seconds: 7 * 86_400 },
  { label: '1 month', seconds: 30 * 86_400 },
];

/** The expiry choices the composer offers: none the service would refuse. */
export function validityPresets(orderClass: 'market' | 'limit'): readonly ValidityPreset[] {
  return orderClass === 'market' ? MARKET_PRESETS : LIMIT_PRESETS;
}

/** A validity the service accepts for this class: longer ones are cut to the class's maximum. */
export function validityFor(orderClass: 'market' | 'limit', seconds: number): number {
  return Math.min(seconds, MAX_VALIDITY_SECONDS[orderClass]);
}

/** Why the service would refuse this validity, before anything is signed; null when it is fine. */
export function validityProblem(orderClass: 'market' | 'limit', seconds: number): string | null {
  if (!Number.isFinite(seconds) || seconds <= 0) return 'Choose an expiry in the future.';
  if (orderClass === 'market' && seconds > MAX_VALIDITY_SECONDS.market) {
    return 'A market order can be valid for at most 3 hours (the orderbook refuses longer ones with ExcessiveValidTo). Choose 3 hours or less, or place a limit order.';
  }
  return null;
}
