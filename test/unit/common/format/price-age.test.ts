import { describe, expect, it } from 'vitest';
import { PRICE_FRESH_MS } from '../../../../main/common/limits';
import { formatAgo, priceAgeNote } from '../../../../main/common/format/price-age';

const en = { locale: 'en-US' };

describe('the age of a USD price beside a balance', () => {
  it('says how long ago in the largest whole unit', () => {
    expect(formatAgo(0, en)).toBe('now');
    expect(formatAgo(42_000, en)).toBe('42 seconds ago');
    expect(formatAgo(5 * 60_000 + 59_000, en)).toBe('5 minutes ago');
    expect(formatAgo(3 * 3_600_000, en)).toBe('3 hours ago');
    expect(formatAgo(2 * 86_400_000, { locale: 'de-DE' })).toBe('vorgestern');
  });

  it('shows the age beside the value only once the price is older than the service keeps one', () => {
    expect(priceAgeNote(30_000, en)).toEqual({ title: 'USD price from the token service, 30 seconds ago', beside: null });
    expect(priceAgeNote(PRICE_FRESH_MS - 1, en).beside).toBeNull();
    expect(priceAgeNote(PRICE_FRESH_MS, en)).toEqual({ title: 'USD price from the token service, 2 minutes ago', beside: '2 minutes ago' });
  });
});
