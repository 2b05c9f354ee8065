import { describe, expect, it } from 'vitest';
import { formatBytes, formatCount, formatDate, formatDuration, formatNumber, formatPercent, formatSeconds, formatTokenAmount, formatUsd, NO_DATA } from '../../../../main/common/format/format';

const en = { locale: 'en-US' };

/** The edges of what the formatters show, where StrykerJS found each branch untested (format.ts: 31 survivors). */
describe('formatter edges', () => {
  it('token amounts: negatives keep their sign, dust either side of zero as its figure, zero with its symbol', () => {
    expect(formatTokenAmount(-1_500_000n, 6, 'USDC', en)).toBe('-1.5 USDC');
    expect(formatTokenAmount(-1n, 18, 'WETH', en)).toBe('-0.000000000000000001 WETH');
    expect(formatTokenAmount(1n, 18, 'WETH', en)).toBe('0.000000000000000001 WETH');
    expect(formatTokenAmount(0n, 6, 'USDC', en)).toBe('0 USDC');
  });

  it('numbers with a fixed fraction', () => {
    expect(formatNumber(1234.5, { ...en, fraction: 2 })).toBe('1,234.50');
  });

  it('dollars: compact from $10,000 only, significant digits under $1 only, dust under a cent, nothing for no value', () => {
    expect(formatUsd(10_000, { ...en, compact: true })).toBe('$10.00K');
    expect(formatUsd(-10_000, { ...en, compact: true })).toBe('-$10.00K');
    expect(formatUsd(9_999, { ...en, compact: true })).toBe('$9,999.00');
    expect(formatUsd(10_000, en)).toBe('$10,000.00');
    expect(formatUsd(0.5, { ...en, significant: true })).toBe('$0.5');
    expect(formatUsd(1, { ...en, significant: true })).toBe('$1.00');
    expect(formatUsd(0, { ...en, significant: true })).toBe('$0.00');
    expect(formatUsd(0.01, en)).toBe('$0.01');
    expect(formatUsd(0.009, en)).toBe('< $0.01');
    for (const value of [null, Number.NaN, Number.POSITIVE_INFINITY]) expect(formatUsd(value, en)).toBe(NO_DATA);
  });

  it('percentages and dates with no value show the no-data mark', () => {
    for (const value of [null, Number.NaN]) expect(formatPercent(value, en)).toBe(NO_DATA);
    expect(formatDate(Number.NaN, en)).toBe(NO_DATA);
  });

  it('durations in two units unless asked for more; seconds to one decimal unless asked', () => {
    expect(formatDuration(90_061, en)).toBe('1 day 1 hour');
    expect(formatDuration(90_061, { ...en, parts: 3 })).toBe('1 day 1 hour 1 minute');
    expect(formatSeconds(1.25, en)).toBe('1.3 sec');
    expect(formatSeconds(1.256, { ...en, fraction: 2 })).toBe('1.26 sec');
  });

  it('bytes switch unit at 1024 and at 1024 × 1024', () => {
    expect(formatBytes(1023, en)).toBe('1,023 byte');
    expect(formatBytes(1024, en)).toBe('1 kB');
    expect(formatBytes(1024 * 1024 - 1, en)).toBe('1,024 kB');
    expect(formatBytes(1024 * 1024, en)).toBe('1 MB');
  });

  it('each locale keeps its own grouping, one after the other', () => {
    expect(formatCount(12_345, { locale: 'de-DE' })).toBe('12.345');
    expect(formatCount(12_345, en)).toBe('12,345');
    expect(formatUsd(1234.5, { locale: 'de-DE' })).toMatch(/^1\.234,50\s\$$/);
    expect(formatUsd(1234.5, en)).toBe('$1,234.50');
  });
});
