import { describe, expect, it } from 'vitest';
import { resemblanceLabel, shortAddress, tokenSource } from '../../../../main/common/tokens/token-display';

const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';

/** What a picker row says of where a token comes from, and how a warning names the token a copy looks like. */
describe('token origin in words', () => {
  it('shortens an address to six hex digits at each end, so vanity copies of the ends still differ', () => {
    expect(shortAddress(USDC)).toBe('0xA0b869…06eB48');
    expect(shortAddress('0xA0b8699999999999999999999999999999eB48')).not.toBe(shortAddress(USDC));
  });

  it('names the lists, the user’s own import, or no list', () => {
    expect(tokenSource(['CoW Desk snapshot', 'CoW Swap'])).toBe('CoW Desk snapshot, CoW Swap');
    expect(tokenSource(['Imported by you'])).toBe('imported by you');
    expect(tokenSource([])).toBe('on no list');
  });

  it('names the listed token a copy resembles by address and lists', () => {
    expect(resemblanceLabel({ address: USDC, symbol: 'USDC', name: 'USD Coin', lists: ['CoW Desk snapshot', 'Uniswap Labs Default'] })).toBe(
      '0xA0b869…06eB48 on CoW Desk snapshot, Uniswap Labs Default',
    );
    expect(resemblanceLabel({ address: USDC, symbol: 'USDC', name: 'USD Coin', lists: [] })).toBe('0xA0b869…06eB48');
  });
});
