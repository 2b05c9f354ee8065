import { describe, expect, it } from 'vitest';
import { apiOrderSchema } from '../../../../main/common/protocol/api';
import { csvCell } from '../../../../main/core/history/history-export';
import { ftsQuery } from '../../../../main/core/history/history-query';
import { surplusOf } from '../../../../main/core/history/order-detail';
import { appCodeOf } from '../../../../main/core/history/order-row';
import { apiOrderFixture } from './order-fixture';

describe('history helpers', () => {
  it('quotes CSV cells and defuses spreadsheet formulas', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell(null)).toBe('');
  });

  it('turns a search box into quoted prefix terms', () => {
    expect(ftsQuery('usdc  0xAB"c')).toBe('"usdc"* AND "0xAB""c"*');
    expect(ftsQuery('   ')).toBeNull();
    // A status as the screens word it finds the stored id too.
    expect(ftsQuery('Filled usdc')).toBe('("Filled"* OR status : "fulfilled") AND "usdc"*');
    expect(ftsQuery('awaiting')).toBe('("awaiting"* OR status : "presignaturePending")');
  });

  it('reads appCode only from a document', () => {
    expect(appCodeOf('{"appCode":"CoW Swap"}')).toBe('CoW Swap');
    expect(appCodeOf(`0x${'ab'.repeat(32)}`)).toBeNull();
  });

  it('states surplus against the limit price and the quote in the buy token', () => {
    // Sold 1500 USDC of 3000 for 0.51 WETH: the limit asked 0.5, the quote promised 0.505.
    const surplus = surplusOf(1, apiOrderSchema.parse(apiOrderFixture()));
    const weth = { token: '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2', decimals: 18, symbol: 'WETH' };
    expect(surplus).toEqual([
      { key: 'limit', label: 'Versus the limit price', amount: { ...weth, amount: '10000000000000000' }, bps: 200 },
      { key: 'quote', label: 'Versus the quote', amount: { ...weth, amount: '5000000000000000' }, bps: 99 },
    ]);
  });
});
