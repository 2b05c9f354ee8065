import { describe, expect, it } from 'vitest';
import { AppError } from '../../../../main/common/errors';
import { formatUnits, parseAmount, toBaseUnits } from '../../../../main/common/protocol/amounts';

/** The error a call throws, for its code, message and details: what the user (and the log) is told. */
function refusal(run: () => unknown): AppError {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

/**
 * Bad input gets a clear error: each way a wire amount can be wrong is named in its own words, with the
 * field and the value (cut to 24 characters), so the user can fix it. StrykerJS found these messages
 * untested (amounts.ts: 66 survivors).
 */
describe('wire amounts refused in words', () => {
  it.each([
    ['', /^sellAmount is empty; enter a whole number of base units, e\.g\. "1000000"\.$/],
    [' 100', /^sellAmount contains spaces; send only the digits\.$/],
    ['1 000', /^sellAmount contains spaces; send only the digits\.$/],
    ['0x10', /^sellAmount "0x10" is hex; the service takes decimal strings, e\.g\. "16" for 0x10\.$/],
    ['0X1f', /is hex/],
    ['-5', /^sellAmount "-5" has a sign; amounts are non-negative whole numbers without "\+" or "-"\.$/],
    ['+5', /has a sign/],
    ['1.5', /^sellAmount "1\.5" is not a whole number; amounts must be whole numbers of base units, so convert with the token's decimals first/],
    ['1,5', /"1,5" is not a whole number/],
    ['1.55', /"1\.55" is not a whole number/],
    ['.5', /is not a whole number/],
    ['1e18', /"1e18" is not a whole number/],
    ['abc', /^sellAmount "abc" is not a decimal number; amounts must be whole numbers of base units, e\.g\. "1000000"\.$/],
    ['12a', /"12a" is not a decimal number/],
    ['5-', /"5-" is not a decimal number/],
    ['x0x1', /"x0x1" is not a decimal number/],
    ['1.5.5', /"1\.5\.5" is not a decimal number/],
  ])('%j', (value, message) => {
    const error = refusal(() => parseAmount(value, 'sellAmount'));
    expect(error.code).toBe('INVALID_AMOUNT');
    expect(error.message).toMatch(message);
    expect(error.details).toEqual({ field: 'sellAmount', value });
  });

  it('a value that is no string says what it got', () => {
    const error = refusal(() => parseAmount(12 as unknown as string, 'buyAmount'));
    expect(error).toMatchObject({ code: 'INVALID_AMOUNT', message: 'buyAmount must be a decimal string of base units, got number.', details: { field: 'buyAmount', value: '12' } });
  });

  it('cuts a long value to 24 characters in the message and the details', () => {
    const long = `0x${'f'.repeat(40)}`;
    const error = refusal(() => parseAmount(long, 'sellAmount'));
    expect(error.message).toContain(`"${long.slice(0, 24)}…" is hex`);
    expect(error.details).toEqual({ field: 'sellAmount', value: `${long.slice(0, 24)}…` });
    // 24 characters are shown whole.
    expect(refusal(() => parseAmount(`${'1'.repeat(23)}x`, 'sellAmount')).details).toEqual({ field: 'sellAmount', value: `${'1'.repeat(23)}x` });
  });

  it('an overflow counts the digits, asks about decimals applied twice, and keeps the value short', () => {
    const huge = '9'.repeat(80);
    const error = refusal(() => parseAmount(huge, 'sellAmount'));
    expect(error.code).toBe('SellAmountOverflow');
    expect(error.message).toBe('sellAmount (80 digits) exceeds the largest 256-bit amount. Amounts are whole numbers of base units; did you apply the token decimals twice?');
    expect(error.details).toEqual({ field: 'sellAmount', value: `${'9'.repeat(24)}…` });
  });
});

describe('human amounts refused in words', () => {
  it('says how to write the fraction, with a hint for thousands separators', () => {
    expect(refusal(() => toBaseUnits('1,000.25', 6))).toMatchObject({
      code: 'INVALID_AMOUNT',
      message: '"1,000.25" is not an amount. Remove thousands separators and use "." for the fraction, e.g. "1000.25".',
      details: { value: '1,000.25' },
    });
    expect(refusal(() => toBaseUnits('1.2.3', 6))).toMatchObject({ message: '"1.2.3" is not an amount. Use digits with at most one "." for the fraction, e.g. "1.5".' });
    expect(refusal(() => toBaseUnits('.', 6)).message).toMatch(/^"\." is not an amount\. Use digits/);
    expect(refusal(() => toBaseUnits('', 6)).message).toMatch(/^"" is not an amount\. Use digits/);
  });

  it('names the digits after the point and the token decimals', () => {
    expect(refusal(() => toBaseUnits('1.1234567', 6))).toMatchObject({
      code: 'INVALID_AMOUNT',
      message: '"1.1234567" has 7 digits after the point, but this token has 6 decimals; shorten the fraction to at most 6 digits.',
      details: { value: '1.1234567', decimals: 6 },
    });
  });

  it('reads "5." and ".5" as amounts', () => {
    expect(toBaseUnits('5.', 2)).toBe(500n);
    expect(toBaseUnits('.5', 2)).toBe(50n);
    expect(toBaseUnits('0', 0)).toBe(0n);
  });

  it('refuses more than 2^256 - 1 base units, the largest itself accepted', () => {
    const max = (2n ** 256n - 1n).toString();
    expect(toBaseUnits(max, 0)).toBe(2n ** 256n - 1n);
    const over = (2n ** 256n).toString();
    expect(refusal(() => toBaseUnits(over, 0))).toMatchObject({
      code: 'AMOUNT_OVERFLOW',
      message: `"${over.slice(0, 24)}…" is larger than any token amount can be (a 256-bit number); enter a smaller amount.`,
      details: { value: `${over.slice(0, 24)}…`, decimals: 0 },
    });
  });

  it('token decimals are a whole number from 0 to 255, for parsing and for display', () => {
    for (const bad of [-1, 256, 1.5]) {
      expect(refusal(() => toBaseUnits('1', bad))).toMatchObject({ code: 'INVALID_DECIMALS', message: `Token decimals must be a whole number from 0 to 255, got ${bad}.` });
      expect(refusal(() => formatUnits(1n, bad)).code).toBe('INVALID_DECIMALS');
    }
    expect(toBaseUnits('0.000', 255)).toBe(0n);
    expect(formatUnits(1n, 255, 0)).toBe('0');
  });

  it('display drops trailing zeros of the kept fraction only, never zeros inside it', () => {
    expect(formatUnits(1_050_000n, 6, 4)).toBe('1.05');
    expect(formatUnits(1_000_500n, 6, 4)).toBe('1.0005');
    expect(formatUnits(100_000_000n, 6, 2)).toBe('100');
  });
});
