import { PRICE_FRESH_MS } from '../limits';
import type { FormatOptions } from './format';

/** Largest unit first, so an age reads "3 minutes ago", never "180 seconds ago". */
const UNITS = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
  ['second', 1_000],
] as const;

/** "2 minutes ago", "now": how long ago a price was given, in the locale's words. */
export function formatAgo(ageMs: number, options: FormatOptions = {}): string {
  const format = new Intl.RelativeTimeFormat(options.locale, { numeric: 'auto' });
  const [unit, size] = UNITS.find(([, ms]) => ageMs >= ms) ?? ['second', 1_000];
  return format.format(-Math.floor(Math.max(0, ageMs) / size), unit);
}

/**
 * What a USD value beside a balance says of its price's age. A trader reads a balance list at a
 * glance, so a fresh price (younger than PRICE_FRESH_MS, the time the service itself keeps one) shows
 * its age only on hover; an older one, kept because the service could not give a newer one, shows
 * it beside the value ("≈ $1,000.00 · 5 minutes ago"), since that figure may be off.
 */
export function priceAgeNote(ageMs: number, options: FormatOptions = {}): { title: string; beside: string | null } {
  const ago = formatAgo(ageMs, options);
  return { title: `USD price from the token service, ${ago}`, beside: ageMs >= PRICE_FRESH_MS ? ago : null };
}
