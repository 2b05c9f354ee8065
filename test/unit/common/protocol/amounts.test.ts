import { describe, expect, it } from 'vitest';
import { formatUnits, MAX_UINT256, parseAmount, toBaseUnits } from '../../../../main/common/protocol/amounts';

function errorOf(run: () => unknown): { code: string; message: string } {
  try {
    run();
  } catch (error) {
    return error as { code: string; message: string };
  }
  throw new Error('expected a throw');
}

describe('parseAmount', () => {
  it('parses decimal strings up to 2^256 - 1', () => {
    expect(parseAmount('0', 'sellAmount')).toBe(0n);
    expect(parseAmount('1000000000000000000', 'buyAmount')).toBe(10n ** 18n);
    expect(parseAmount(MAX_UINT256.toString(), 'sellAmount')).toBe(2n ** 256n - 1n);
  });

  it('maps overflow to the orderbook codes per field', () => {
    const over = (2n ** 256n).toString();
    expect(errorOf(() => parseAmount(over, 'sellAmount'))).toMatchObject({ code: 'SellAmountOverflow', message: /decimals twice/ });
    expect(errorOf(() => parseAmount(over, 'buyAmount')).code).toBe('BuyAmountOverflow');
    expect(errorOf(() => parseAmount(over, 'feeAmount')).code).toBe('AMOUNT_OVERFLOW');
  });

  it.each([
    ['0x10', /hex.*"16"/],
    ['1.5', /whole numbers of base units/],
    ['-1', /sign/],
    ['+1', /sign/],
    ['', /empty/],
    [' 1', /spaces/],
    ['1 000', /spaces/],
    ['1e18', /whole number/],
    ['abc', /not a decimal number/],
  ])('rejects %j with INVALID_AMOUNT and a fix', (value, message) => {
    expect(errorOf(() => parseAmount(value, 'sellAmount'))).toMatchObject({ code: 'INVALID_AMOUNT', message });
  });
});

describe('toBaseUnits', () => {
  it('converts human amounts exactly', () => {
    expect(toBaseUnits('1.5', 18)).toBe(1_500_000_000_000_000_000n);
    expect(toBaseUnits('1000.25', 6)).toBe(1_000_250_000n);
    expect(toBaseUnits('0.000001', 6)).toBe(1n);
    expect(toBaseUnits('.5', 1)).toBe(5n);
    expect(toBaseUnits('7', 0)).toBe(7n);
  });

  it('refuses more fractional digits than the token has', () => {
    expect(errorOf(() => toBaseUnits('1.1234567', 6))).toMatchObject({ code: 'INVALID_AMOUNT', message: /7 digits .* 6 decimals/ });
  });

  it('refuses separators, signs, hex and empty input', () => {
    expect(errorOf(() => toBaseUnits('1,000.25', 6)).message).toMatch(/thousands separators/);
    for (const bad of ['', '.', '-1', '0x10', '1.2.3', ' 1']) expect(errorOf(() => toBaseUnits(bad, 6)).code, bad).toBe('INVALID_AMOUNT');
  });

  it('refuses impossible decimals and overflow', () => {
    expect(errorOf(() => toBaseUnits('1', 1.5)).code).toBe('INVALID_DECIMALS');
    expect(errorOf(() => toBaseUnits('1'.repeat(80), 0)).code).toBe('AMOUNT_OVERFLOW');
  });
});

describe('formatUnits', () => {
  it('formats base units, truncating rather than rounding up', () => {
    expect(formatUnits(1_500_000_000_000_000_000n, 18)).toBe('1.5');
    expect(formatUnits(1_999_999n, 6, 2)).toBe('1.99');
    expect(formatUnits(1_000_000n, 6, 2)).toBe('1');
    expect(formatUnits(1n, 18, 4)).toBe('0');
    expect(formatUnits(-1n, 18, 4)).toBe('0');
    expect(formatUnits(123n, 0)).toBe('123');
  });
});
