import { describe, expect, it } from 'vitest';
import {
  formatBytes,
  formatDate,
  formatDuration,
  formatNumber,
  formatPercent,
  formatRate,
  formatTokenAmount,
  formatUsd,
  NO_DATA,
} from '../../../../main/common/format/format';

const en = { locale: 'en-US' };
const de = { locale: 'de-DE' };

describe('formatTokenAmount', () => {
  it('shows zero as zero, with the symbol', () => {
    expect(formatTokenAmount(0n, 18, 'WETH', en)).toBe('0 WETH');
    expect(formatTokenAmount(0n, 6, null, en)).toBe('0');
  });

  it('keeps every whole digit of 10^30 base units, grouped, for 6 and 18 decimals', () => {
    expect(formatTokenAmount(10n ** 30n, 18, 'WETH', en)).toBe('1,000,000,000,000 WETH');
    expect(formatTokenAmount(10n ** 30n, 6, 'USDC', en)).toBe('1,000,000,000,000,000,000,000,000 USDC');
    expect(formatTokenAmount(10n ** 30n + 123_456_789n, 6, 'USDC', en)).toBe('1,000,000,000,000,000,000,000,123.456789 USDC');
    expect(formatTokenAmount(10n ** 30n, 18, 'WETH', de)).toBe('1.000.000.000.000 WETH');
  });

  it('can show the exact amount', () => {
    expect(formatTokenAmount(1_000_000_000_000_000_001n, 18, 'WETH', { ...en, exact: true })).toBe('1.000000000000000001 WETH');
  });
});

describe('formatUsd', () => {
  it('shows cents, grouping, dust and missing prices', () => {
    expect(formatUsd(2985.126, en)).toBe('$2,985.13');
    expect(formatUsd(0, en)).toBe('$0.00');
    expect(formatUsd(0.004, en)).toBe('< $0.01');
    expect(formatUsd(null, en)).toBe(NO_DATA);
    expect(formatUsd(1_234_567, { ...en, compact: true })).toBe('$1.23M');
    expect(formatUsd(0.000123456789, { ...en, significant: true })).toBe('$0.000123457');
  });
});

describe('formatPercent', () => {
  it('uses two decimals unless asked, and a sign when asked', () => {
    expect(formatPercent(12.3456, en)).toBe('12.35%');
    expect(formatPercent(-66.6667, { ...en, signed: true })).toBe('-66.67%');
    expect(formatPercent(0.5, { ...en, signed: true })).toBe('+0.5%');
    expect(formatPercent(12.345678, { ...en, digits: 6 })).toBe('12.345678%');
    expect(formatPercent(null, en)).toBe(NO_DATA);
    expect(formatPercent(12.5, de)).toBe('12,5\u00a0%');
  });
});

describe('formatNumber and formatRate', () => {
  it('keeps significant digits for small rates and groups large ones', () => {
    expect(formatRate(3000, 'WETH', 'USDC', en)).toBe('1 WETH = 3,000 USDC');
    expect(formatRate(1 / 3000, 'USDC', 'WETH', en)).toBe('1 USDC = 0.000333333 WETH');
    expect(formatNumber(1_234_567.89, en)).toBe('1,234,568');
    expect(formatNumber(Number.NaN, en)).toBe(NO_DATA);
  });
});

describe('dates and durations', () => {
  it('formats a moment in the given locale', () => {
    const at = Date.UTC(2026, 10, 23, 21, 30);
    expect(formatDate(at, { ...en, time: false })).toMatch(/^Nov 2[34], 2026$/);
    expect(formatDate(at, en)).toMatch(/^Nov 2[34], 2026, \d{1,2}:30\s[AP]M$/);
  });

  it('says a validity in words, two largest units', () => {
    expect(formatDuration(1800, en)).toBe('30 minutes');
    expect(formatDuration(90_000, en)).toBe('1 day 1 hour');
    expect(formatDuration(0, en)).toBe('0 seconds');
    expect(formatDuration(3 * 3600 + 59, en)).toBe('3 hours 59 seconds');
  });

  it('formats sizes', () => {
    expect(formatBytes(1536, en)).toBe('1.5 kB');
    expect(formatBytes(512, en)).toBe('512 byte');
  });
});
