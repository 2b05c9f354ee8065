import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { APPROXIMATE, AMOUNT_FRACTION_DIGITS, formatTokenAmount } from '../../../../main/common/format/format';
import { formatUnits } from '../../../../main/common/protocol/amounts';

const en = { locale: 'en-US' };
const de = { locale: 'de-DE' };

/** The figure a reader takes from the text: the locale's grouping removed, its decimal mark made a point. */
function figureRead(text: string, locale: 'en-US' | 'de-DE'): { approximate: boolean; decimal: string } {
  const approximate = text.startsWith(APPROXIMATE);
  let figure = (approximate ? text.slice(APPROXIMATE.length) : text).split(' ')[0]!;
  figure = locale === 'en-US' ? figure.replaceAll(',', '') : figure.replaceAll('.', '').replace(',', '.');
  return { approximate, decimal: figure };
}

/** A decimal string without a sign, as digits and a scale, to compare exactly. */
const scaled = (decimal: string, scale: number) => {
  const [whole, fraction = ''] = decimal.split('.');
  return BigInt(`${whole}${fraction.padEnd(scale, '0')}`);
};

describe('formatTokenAmount: exact to the digits that change the figure', () => {
  it('shows the amounts the trader walk found cut: 0.99775 and 2.90625 WETH in full', () => {
    expect(formatTokenAmount(997_750_000_000_000_000n, 18, 'WETH', en)).toBe('0.99775 WETH');
    expect(formatTokenAmount(2_906_250_000_000_000_000n, 18, 'WETH', en)).toBe('2.90625 WETH');
    expect(formatTokenAmount(27_210_937n, 6, 'USDC', en)).toBe('27.210937 USDC');
    expect(formatTokenAmount(1_234_567_891_234n, 6, 'USDC', de)).toBe('1.234.567,891234 USDC');
  });

  it('marks a figure it had to cut with ≈, cut toward zero, and keeps 6 digits from the first significant one below 1', () => {
    expect(formatTokenAmount(1_999_999_999_999_999_999n, 18, 'WETH', en)).toBe('≈1.999999 WETH');
    expect(formatTokenAmount(123_456_789_000_000n, 18, 'WETH', en)).toBe('≈0.000123456 WETH');
    expect(formatTokenAmount(1_000_000_100_000_000_000n, 18, 'WETH', en)).toBe('≈1 WETH');
    expect(formatTokenAmount(-1_999_999_999_999_999_999n, 18, 'WETH', en)).toBe('≈-1.999999 WETH');
  });

  it('shows dust as the figure it is, not a wall of zeros hidden behind "less than"', () => {
    expect(formatTokenAmount(1n, 18, 'WETH', en)).toBe('0.000000000000000001 WETH');
    expect(formatTokenAmount(1n, 6, 'USDC', en)).toBe('0.000001 USDC');
  });

  it('exact: every digit', () => {
    expect(formatTokenAmount(1_000_000_000_000_000_001n, 18, 'WETH', { ...en, exact: true })).toBe('1.000000000000000001 WETH');
  });

  const amounts = fc.record({
    amount: fc.oneof(fc.bigInt({ min: -(10n ** 40n), max: 10n ** 40n }), fc.bigInt({ min: 0n, max: 10n ** 8n })),
    decimals: fc.integer({ min: 0, max: 30 }),
    locale: fc.constantFrom('en-US' as const, 'de-DE' as const),
  });

  it('property: without ≈ the figure read is exactly the amount', () => {
    fc.assert(
      fc.property(amounts, ({ amount, decimals, locale }) => {
        const read = figureRead(formatTokenAmount(amount, decimals, 'T', { locale }), locale);
        const exact = formatUnits(amount < 0n ? -amount : amount, decimals);
        if (!read.approximate) expect(read.decimal.replace(/^-/, '')).toBe(exact);
      }),
    );
  });

  it('property: ≈ appears only when non-zero digits were dropped, the figure is the amount cut toward zero, with 6 significant fraction digits', () => {
    fc.assert(
      fc.property(amounts, ({ amount, decimals, locale }) => {
        const read = figureRead(formatTokenAmount(amount, decimals, 'T', { locale }), locale);
        const magnitude = amount < 0n ? -amount : amount;
        const shown = scaled(read.decimal.replace(/^-/, ''), decimals);
        if (read.approximate) {
          // Shown below the amount, by less than one unit of the last digit kept.
          expect(shown < magnitude).toBe(true);
          const [whole, fraction = ''] = formatUnits(magnitude, decimals).split('.');
          const leadingZeros = whole === '0' ? fraction.length - fraction.replace(/^0+/, '').length : 0;
          const kept = leadingZeros + AMOUNT_FRACTION_DIGITS;
          expect(magnitude - shown < 10n ** BigInt(decimals - kept)).toBe(true);
        } else {
          expect(shown).toBe(magnitude);
        }
        expect(read.decimal.startsWith('-')).toBe(amount < 0n);
      }),
    );
  });
});
