/** Number formats of the market views; one place, so the table, chart and detail agree. */

const usdCompact = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', notation: 'compact', maximumFractionDigits: 2 });
const usdFull = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 2 });
// Cents for ordinary prices; significant digits for tokens worth fractions of a cent.
const usdSmall = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumSignificantDigits: 6 });

/** What a missing figure looks like everywhere: the service has no data, which is not zero. */
export const NO_DATA = '—';

export function usd(value: number | null, compact = true): string {
  if (value === null) return NO_DATA;
  return (compact && Math.abs(value) >= 10_000 ? usdCompact : usdFull).format(value);
}

export function price(value: number): string {
  return (value >= 1 ? usdFull : usdSmall).format(value);
}

/** APR as the service rounds it: six decimal places. */
export function apr(value: number | null): string {
  return value === null ? NO_DATA : `${value.toFixed(6)} %`;
}

export function fee(value: number | null): string {
  return value === null ? NO_DATA : `${Number(value.toFixed(4))} %`;
}

/** A share (0..1) as a percentage. */
export function share(value: number | null, digits = 2): string {
  return value === null ? NO_DATA : `${(value * 100).toFixed(digits)} %`;
}

export function shortAddress(address: string): string {
  return `${address.slice(0, 8)}…${address.slice(-6)}`;
}

export function age(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h ${minutes % 60} min`;
  return `${Math.floor(hours / 24)} days`;
}

export function clockTime(at: number): string {
  return new Date(at).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/** Groups a decimal string's whole part in thousands, keeping every digit (token amounts are exact). */
export function groupDigits(value: string): string {
  const [whole = '', fraction] = value.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction ? `${grouped}.${fraction.slice(0, 6)}` : grouped;
}
