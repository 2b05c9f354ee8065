import { describe, expect, it } from 'vitest';
import { parseTokenList, parseTokenListInSteps } from '../../../../main/common/tokens/token-list';

const WETH = { chainId: 1, address: '0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2', symbol: 'WETH', name: 'Wrapped Ether', decimals: 18 };

describe('parseTokenList', () => {
  it('keeps the usable entries (checksummed) and counts the others, naming the first', () => {
    const parsed = parseTokenList({
      name: 'Mixed',
      timestamp: '2026-01-01T00:00:00Z',
      tokens: [
        { chainId: 501000101, address: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v', symbol: 'USDC', name: 'USD Coin', decimals: 6 },
        WETH,
        { ...WETH, address: '0x1234' },
        { ...WETH, decimals: 'eighteen' },
        'not an object',
      ],
    });
    expect(parsed).toEqual({
      ok: true,
      list: { name: 'Mixed', timestamp: '2026-01-01T00:00:00Z', tokens: [{ ...WETH, address: '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2' }] },
      skipped: { count: 4, example: 'USDC (chain 501000101): address: expected an address: 0x followed by 40 hex digits' },
    });
  });

  it('refuses only what is not a token list at all, saying what is wrong', () => {
    expect(parseTokenList({ tokens: [] })).toEqual({ ok: false, error: 'not a token list (name: Invalid input: expected string, received undefined)' });
    expect(parseTokenList([WETH])).toMatchObject({ ok: false, error: expect.stringMatching(/^not a token list \(document: /) });
    expect(parseTokenList(null)).toMatchObject({ ok: false });
  });
});

describe('parseTokenListInSteps', () => {
  it('pauses after every slice of entries and ends with what parseTokenList answers', () => {
    const list = { name: 'Long', tokens: Array.from({ length: 450 }, (_, index) => (index % 3 === 0 ? { ...WETH, address: `sol${index}` } : WETH)) };
    const steps = parseTokenListInSteps(list, 200);
    let pauses = 0;
    let step = steps.next();
    while (!step.done) {
      pauses += 1;
      step = steps.next();
    }
    expect(pauses).toBe(2);
    expect(step.value).toEqual(parseTokenList(list));
    expect(step.value).toMatchObject({ ok: true, skipped: { count: 150 } });
  });
});
