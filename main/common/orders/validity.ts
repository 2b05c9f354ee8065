/**
 * How long an order may be valid, as the live orderbook enforces it: a market
 * order over 3 hours is refused with ExcessiveValidTo, a limit order may run a
 * year, and a validTo already passed (or too close) when the order arrives is
 * InsufficientValidTo. Quotes are market quotes to the service: it refuses one
 * more than 3 hours ahead (presign and eip1271 quotes excepted), so a limit
 * order's quote is only its price reference, never its validity.
 */
export const MAX_MARKET_VALIDITY_SECONDS = 3 * 60 * 60;
/** Below this the service answers InsufficientValidTo: signing and sending take time too. */
export const MIN_VALIDITY_SECONDS = 60;

const DAY = 86_400;

/** The longest validity per order class: limit orders up to the service's default cap of a year. */
export const MAX_VALIDITY_SECONDS = { market: MAX_MARKET_VALIDITY_SECONDS, limit: 365 * DAY } as const;

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
  { label: '1 day', seconds: DAY },
  { label: '3 days', seconds: 3 * DAY },
  { label: '1 week', seconds: 7 * DAY },
  { label: '1 month', seconds: 30 * DAY },
  { label: '6 months', seconds: 182 * DAY },
  { label: '1 year', seconds: MAX_VALIDITY_SECONDS.limit },
];

/** The expiry choices the composer offers: none the service would refuse. */
export function validityPresets(orderClass: 'market' | 'limit'): readonly ValidityPreset[] {
  return orderClass === 'market' ? MARKET_PRESETS : LIMIT_PRESETS;
}

/** A validity the service accepts for this class: longer ones are cut to the class's maximum. */
export function validityFor(orderClass: 'market' | 'limit', seconds: number): number {
  return Math.min(seconds, MAX_VALIDITY_SECONDS[orderClass]);
}

/**
 * The validity a quote is asked with: the order's own, cut to what the service
 * quotes. Only the price matters for a limit order's quote; its expiry is the
 * order's, signed later.
 */
export function quoteValidFor(seconds: number): number {
  return Math.min(Math.max(seconds, MIN_VALIDITY_SECONDS), MAX_MARKET_VALIDITY_SECONDS);
}

/** Seconds from now until a custom expiry date (epoch ms), or null when the text is not a date. */
export function secondsUntil(dateText: string, nowMs: number): number | null {
  const at = Date.parse(dateText);
  return Number.isFinite(at) ? Math.floor((at - nowMs) / 1000) : null;
}

/** Why the service would refuse this validity, before anything is signed; null when it is fine. */
export function validityProblem(orderClass: 'market' | 'limit', seconds: number): string | null {
  if (!Number.isFinite(seconds) || seconds <= 0) return 'Choose an expiry in the future.';
  if (seconds < MIN_VALIDITY_SECONDS) {
    return `An order must be valid for at least ${MIN_VALIDITY_SECONDS} seconds (the orderbook refuses a closer expiry with InsufficientValidTo). Choose a later expiry.`;
  }
  if (orderClass === 'market' && seconds > MAX_VALIDITY_SECONDS.market) {
    return 'A market order can be valid for at most 3 hours (the orderbook refuses longer ones with ExcessiveValidTo). Choose 3 hours or less, or place a limit order.';
  }
  if (orderClass === 'limit' && seconds > MAX_VALIDITY_SECONDS.limit) {
    return 'A limit order can be valid for at most a year (the orderbook refuses longer ones with ExcessiveValidTo). Choose an earlier expiry.';
  }
  return null;
}
