import { describe, expect, it } from 'vitest';
import { matchRank } from '../../../../main/common/tokens/token-list';

const USDC = { symbol: 'USDC', name: 'USD Coin', address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48' };

/**
 * How the token picker orders what a user typed: the exact symbol or address first, then symbol
 * prefixes, then a word of the name, then any substring, then an address prefix; -1 hides the token.
 * StrykerJS found the ranking untested (token-list.ts: 25 survivors).
 */
describe('token search rank', () => {
  it.each([
    ['', 0],
    ['   ', 0],
    ['usdc', 0],
    [' USDC ', 0],
    ['0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48', 0],
    ['0xA0B86991C6218B36C1D19D4A2E9EB0CE3606EB48', 0],
    ['us', 1],
    ['usd c', 2],
    ['coin', 2],
    ['dc', 3],
    ['oin', 3],
    ['0xa0b8', 4],
    ['0xb8', -1],
    ['0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2', -1],
    ['eth', -1],
    ['0', -1],
  ])('%j ranks %i', (query, rank) => {
    expect(matchRank(USDC, query)).toBe(rank);
  });

  it('finds a word of a name spaced oddly', () => {
    expect(matchRank({ symbol: 'WETH', name: 'Wrapped \t Ether', address: USDC.address }, 'ether')).toBe(2);
  });
});
