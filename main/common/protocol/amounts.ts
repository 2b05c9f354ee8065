import { formatUnits as viemFormatUnits } from 'viem';
import { AppError } from '../errors';

/** Every amount the settlement contract takes is a uint256. */
export const MAX_UINT256 = 2n ** 256n - 1n;

export type AmountField = 'sellAmount' | 'buyAmount' | 'feeAmount';

/**
 * Plain decimal digits. Leading zeros are allowed because the orderbook's
 * decimal parser accepts them; everything else (hex, signs, points, spaces)
 * is refused, since BigInt() alone would quietly accept "0x10" and " 1 ".
 */
const DECIMAL_DIGITS = /^[0-9]+$/;

export function isDecimalString(value: string): boolean {
  return DECIMAL_DIGITS.test(value);
}

/**
 * A wire amount (base units, decimal string) as a bigint. Overflow of sell and
 * buy amounts gets the orderbook's own error codes, so the UI explains it the
 * same way whether the client or the service caught it.
 */
export function parseAmount(value: string, field: AmountField | (string & {})): bigint {
  if (typeof value !== 'string') {
    throw invalid(field, String(value), `${field} must be a decimal string of base units, got ${typeof value}.`);
  }
  if (!DECIMAL_DIGITS.test(value)) throw invalid(field, value, malformedMessage(value, field));
  const amount = BigInt(value);
  if (amount > MAX_UINT256) {
    const code = field === 'sellAmount' ? 'SellAmountOverflow' : field === 'buyAmount' ? 'BuyAmountOverflow' : 'AMOUNT_OVERFLOW';
    throw new AppError(
      code,
      `${field} (${value.length} digits) exceeds the largest 256-bit amount. Amounts are whole numbers of base units; did you apply the token decimals twice?`,
      { details: { field, value: preview(value) } },
    );
  }
  return amount;
}

function malformedMessage(value: string, field: string): string {
  if (value === '') return `${field} is empty; enter a whole number of base units, e.g. "1000000".`;
  if (value.trim() !== value || /\s/.test(value)) return `${field} contains spaces; send only the digits.`;
  if (/^0x/i.test(value)) return `${field} "${preview(value)}" is hex; the service takes decimal strings, e.g. "16" for 0x10.`;
  if (/^[+-]/.test(value)) return `${field} "${preview(value)}" has a sign; amounts are non-negative whole numbers without "+" or "-".`;
  if (/^[0-9]*[.,][0-9]*$/.test(value) || /e/i.test(value)) {
    return `${field} "${preview(value)}" is not a whole number; amounts must be whole numbers of base units, so convert with the token's decimals first (did you skip or double the conversion?).`;
  }
  return `${field} "${preview(value)}" is not a decimal number; amounts must be whole numbers of base units, e.g. "1000000".`;
}

/**
 * A human amount ("1.5") as base units. Strict on purpose: a silently rounded
 * or misread amount in a trading app is worse than an error the user can fix.
 */
export function toBaseUnits(human: string, decimals: number): bigint {
  checkDecimals(decimals);
  const match = /^([0-9]*)(?:\.([0-9]*))?$/.exec(human);
  if (match === null || human === '' || human === '.') {
    const hint = human.includes(',')
      ? ' Remove thousands separators and use "." for the fraction, e.g. "1000.25".'
      : ' Use digits with at most one "." for the fraction, e.g. "1.5".';
    throw new AppError('INVALID_AMOUNT', `"${preview(human)}" is not an amount.${hint}`, { details: { value: preview(human) } });
  }
  const whole = match[1] ?? '';
  const fraction = match[2] ?? '';
  if (fraction.length > decimals) {
    throw new AppError(
      'INVALID_AMOUNT',
      `"${preview(human)}" has ${fraction.length} digits after the point, but this token has ${decimals} decimals; shorten the fraction to at most ${decimals} digits.`,
      { details: { value: preview(human), decimals } },
    );
  }
  const amount = BigInt(`${whole}${fraction.padEnd(decimals, '0')}` || '0');
  if (amount > MAX_UINT256) {
    throw new AppError('AMOUNT_OVERFLOW', `"${preview(human)}" is larger than any token amount can be (a 256-bit number); enter a smaller amount.`, {
      details: { value: preview(human), decimals },
    });
  }
  return amount;
}

/**
 * Base units for display. maxFraction truncates (never rounds up), so a balance
 * is never shown as more than the user has.
 */
export function formatUnits(amount: bigint, decimals: number, maxFraction?: number): string {
  checkDecimals(decimals);
  const text = viemFormatUnits(amount, decimals);
  if (maxFraction === undefined) return text;
  const [whole, fraction = ''] = text.split('.');
  const kept = fraction.slice(0, Math.max(0, maxFraction)).replace(/0+$/, '');
  const result = kept === '' ? (whole ?? '0') : `${whole}.${kept}`;
  return result === '-0' ? '0' : result;
}

function checkDecimals(decimals: number): void {
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 255) {
    throw new AppError('INVALID_DECIMALS', `Token decimals must be a whole number from 0 to 255, got ${decimals}.`);
  }
}

function invalid(field: string, value: string, message: string): AppError {
  return new AppError('INVALID_AMOUNT', message, { details: { field, value: preview(value) } });
}

/** Long inputs are cut so an error message stays readable. */
function preview(value: string): string {
  return value.length > 24 ? `${value.slice(0, 24)}…` : value;
}
