import { formatUnits } from '../protocol/amounts';

/**
 * The one formatter for what users read: token amounts, USD, percentages,
 * rates, dates and durations, through the platform's Intl in the user's locale
 * (undefined = the runtime's default; tests pass one). No screen formats a
 * number or a date by hand: a lint rule keeps toFixed, toLocaleString and raw
 * Intl out of everything but this folder.
 */
export interface FormatOptions {
  /** BCP 47 tag; undefined means the user's (the runtime's) locale. */
  locale?: string | undefined;
}

/** What a missing figure looks like everywhere: the service has no data, which is not zero. */
export const NO_DATA = '—';

const numberFormats = new Map<string, Intl.NumberFormat>();
function numberFormat(locale: string | undefined, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale ?? ''}|${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    numberFormats.set(key, format);
  }
  return format;
}

// Intl formats decimal strings exactly (no float detour), which keeps 10^30 base units honest.
type Decimal = `${number}` | string;
const formatDecimal = (value: Decimal, locale: string | undefined, options: Intl.NumberFormatOptions) =>
  numberFormat(locale, options).format(value as unknown as number);

/**
 * How many digits after the point a token amount keeps: 6, counted from the
 * first significant digit below 1 (0.000123456 keeps 0.000123456), so every
 * amount shows at least 6 significant digits of its fraction. A figure needing
 * more is cut there and marked "≈"; one needing fewer is shown exactly.
 */
export const AMOUNT_FRACTION_DIGITS = 6;

/** What formatTokenAmount puts before a figure it had to cut: the only sign that digits are missing. */
export const APPROXIMATE = '≈';

/**
 * Base units as a human amount, with the locale's grouping and the symbol when
 * given. The rule: every digit up to the token's decimals is shown, except
 * beyond AMOUNT_FRACTION_DIGITS (from the first significant digit below 1);
 * only then is the figure cut (toward zero, so a balance is never shown as
 * more than there is) and marked "≈". So the figure read is the amount, or
 * says it is not: 2.90625 WETH reads "2.90625 WETH", never "2.9062".
 * `exact` keeps every digit.
 */
export function formatTokenAmount(amount: bigint, decimals: number, symbol?: string | null, options: FormatOptions & { exact?: boolean } = {}): string {
  const negative = amount < 0n;
  const text = formatUnits(negative ? -amount : amount, decimals);
  const [whole = '0', fraction = ''] = text.split('.');
  const leadingZeros = whole === '0' ? fraction.length - fraction.replace(/^0+/, '').length : 0;
  const keep = options.exact ? fraction.length : Math.min(fraction.length, leadingZeros + AMOUNT_FRACTION_DIGITS);
  const cut = keep < fraction.length;
  const shown = keep > 0 ? `${whole}.${fraction.slice(0, keep)}` : whole;
  // Intl formats the decimal string as given (no float detour): with as many fraction digits as kept, it only groups.
  const figure = formatDecimal(shown, options.locale, { maximumFractionDigits: Math.min(100, Math.max(keep, 0)) });
  return `${cut ? APPROXIMATE : ''}${negative ? '-' : ''}${figure}${symbol ? ` ${symbol}` : ''}`;
}

/** A whole-token amount already in human units (a rate, a price); significant digits for small values. */
export function formatNumber(value: number, options: FormatOptions & { significant?: number; fraction?: number } = {}): string {
  if (!Number.isFinite(value)) return NO_DATA;
  if (options.fraction !== undefined) {
    return numberFormat(options.locale, { minimumFractionDigits: options.fraction, maximumFractionDigits: options.fraction }).format(value);
  }
  const significant = options.significant ?? 6;
  if (Math.abs(value) >= 10 ** significant) return numberFormat(options.locale, { maximumFractionDigits: 0 }).format(value);
  return numberFormat(options.locale, { maximumSignificantDigits: significant }).format(value);
}

/** "1 WETH = 3,000 USDC". */
export function formatRate(rate: number, base: string, quote: string, options: FormatOptions = {}): string {
  return `1 ${base} = ${formatNumber(rate, options)} ${quote}`;
}

/**
 * US dollars: cents for ordinary values, significant digits for fractions of a
 * cent, "< $0.01" for dust, compact ($1.2M) only when asked.
 */
export function formatUsd(value: number | null, options: FormatOptions & { compact?: boolean; significant?: boolean } = {}): string {
  if (value === null || !Number.isFinite(value)) return NO_DATA;
  const base = { style: 'currency', currency: 'USD' } as const;
  if (options.compact && Math.abs(value) >= 10_000) {
    return numberFormat(options.locale, { ...base, notation: 'compact', maximumFractionDigits: 2 }).format(value);
  }
  if (options.significant && value !== 0 && Math.abs(value) < 1) return numberFormat(options.locale, { ...base, maximumSignificantDigits: 6 }).format(value);
  if (value !== 0 && Math.abs(value) < 0.01) return `< ${numberFormat(options.locale, base).format(0.01)}`;
  return numberFormat(options.locale, { ...base, maximumFractionDigits: 2 }).format(value);
}

/** A percentage given in percent (12.5 = 12.5 %); 2 decimals unless asked; `signed` shows "+". */
export function formatPercent(percent: number | null, options: FormatOptions & { digits?: number; signed?: boolean; minDigits?: number } = {}): string {
  if (percent === null || !Number.isFinite(percent)) return NO_DATA;
  const digits = options.digits ?? 2;
  return numberFormat(options.locale, {
    style: 'percent',
    minimumFractionDigits: Math.min(options.minDigits ?? 0, digits),
    maximumFractionDigits: digits,
    ...(options.signed ? { signDisplay: 'exceptZero' as const } : {}),
  }).format(percent / 100);
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();
function dateFormat(locale: string | undefined, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale ?? ''}|${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    dateFormats.set(key, format);
  }
  return format;
}

export type DateStyle = 'full' | 'long' | 'medium' | 'short';

/** A moment (epoch ms) as date and time; `time: false` for the date alone, `date: false` for the time alone. */
export function formatDate(at: number, options: FormatOptions & { dateStyle?: DateStyle; time?: boolean; date?: boolean; seconds?: boolean } = {}): string {
  if (!Number.isFinite(at)) return NO_DATA;
  const time = options.time ?? true;
  const date = options.date ?? true;
  const timeStyle = options.seconds ? 'medium' : 'short';
  return dateFormat(options.locale, {
    ...(date ? { dateStyle: options.dateStyle ?? 'medium' } : {}),
    ...(time ? { timeStyle } : {}),
  }).format(at);
}

const DURATION_UNITS = [
  ['day', 86_400],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
] as const;

/** "1 day, 2 hours" — the two largest units, in the locale's words. */
export function formatDuration(seconds: number, options: FormatOptions & { parts?: number } = {}): string {
  let rest = Math.max(0, Math.round(seconds));
  const parts: string[] = [];
  for (const [unit, size] of DURATION_UNITS) {
    const count = Math.floor(rest / size);
    if (count > 0 || (unit === 'second' && parts.length === 0)) {
      parts.push(numberFormat(options.locale, { style: 'unit', unit, unitDisplay: 'long' }).format(count));
      rest -= count * size;
    }
    if (parts.length === (options.parts ?? 2)) break;
  }
  return new Intl.ListFormat(options.locale, { style: 'narrow', type: 'unit' }).format(parts);
}

/** A short duration for status lines: "1.2 s", "350 ms". */
export function formatSeconds(seconds: number, options: FormatOptions & { fraction?: number } = {}): string {
  return numberFormat(options.locale, { style: 'unit', unit: 'second', unitDisplay: 'short', maximumFractionDigits: options.fraction ?? 1 }).format(seconds);
}

/** File sizes: "12.3 KB", "1.5 MB". */
export function formatBytes(bytes: number, options: FormatOptions = {}): string {
  const [unit, size] = bytes < 1024 ? (['byte', 1] as const) : bytes < 1024 * 1024 ? (['kilobyte', 1024] as const) : (['megabyte', 1024 * 1024] as const);
  return numberFormat(options.locale, { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: 1 }).format(bytes / size);
}

/** A plain count with the locale's grouping: "12,345". */
export function formatCount(value: number | bigint, options: FormatOptions = {}): string {
  return numberFormat(options.locale, { maximumFractionDigits: 0 }).format(value);
}

/** A decimal string (already human units, maybe huge) grouped exactly, at most `fraction` digits kept. */
export function formatDecimalString(value: string, options: FormatOptions & { fraction?: number } = {}): string {
  return formatDecimal(value, options.locale, { maximumFractionDigits: options.fraction ?? 6, roundingMode: 'trunc' });
}
