import { formatDate, formatDecimalString, formatPercent, formatUsd, NO_DATA } from '../../../main/common/format/format';

/** The market views' figures, all through the one formatter, so the table, chart and detail agree. */
export { NO_DATA };

export function usd(value: number | null, compact = true): string {
  return formatUsd(value, { compact });
}

// Cents for ordinary prices; significant digits for tokens worth fractions of a cent.
export function price(value: number): string {
  return formatUsd(value, { significant: true });
}

/** APR: two decimals (the service's six are noise to a reader). */
export function apr(value: number | null): string {
  return formatPercent(value, { digits: 2, minDigits: 2 });
}

export function fee(value: number | null): string {
  return formatPercent(value, { digits: 4 });
}

/** A share (0..1) as a percentage. */
export function share(value: number | null, digits = 2): string {
  return value === null ? NO_DATA : formatPercent(value * 100, { digits, minDigits: digits });
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
  return formatDate(at);
}

/** Groups a decimal string's whole part in the locale's way, keeping every whole digit (token amounts are exact). */
export function groupDigits(value: string): string {
  return formatDecimalString(value);
}
