import { describe, expect, it } from 'vitest';
import { namedPair, pairTokenLabel, poolPairSchema, type FindToken } from '../../../../main/common/market/pool-pair';
import { revealHidden } from '../../../../main/common/tokens/hidden-characters';

const WETH = '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2';
const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const UNLISTED = '0x1111111111111111111111111111111111111111';
/** A list as TokenLists.find answers it: symbols with hidden characters already shown as code points. */
const list: Record<string, string> = { [WETH.toLowerCase()]: 'WETH', [USDC.toLowerCase()]: 'USDC' };
const find: FindToken = (chainId, address) => (chainId === 1 && list[address.toLowerCase()] ? { symbol: list[address.toLowerCase()]! } : null);

describe('pool pair names', () => {
  it('names a pair by its listed symbols in the contract order', () => {
    expect(namedPair(1, { token0: USDC, token1: WETH }, find)).toEqual({ ok: true, name: 'USDC / WETH', token0: USDC, token1: WETH });
  });

  it('names an unlisted token, or a token of another chain, by its short address', () => {
    expect(pairTokenLabel(1, UNLISTED, find)).toBe('0x111111…111111');
    // The lists name these addresses on Ethereum only: on Gnosis they are nobody's USDC and WETH.
    expect(namedPair(100, { token0: USDC, token1: WETH }, find)).toMatchObject({ name: '0xA0b869…06eB48 / 0xC02aaA…756Cc2' });
  });

  it('shows a listed symbol with a right-to-left override as its code point, never as it draws', () => {
    const spoof: FindToken = () => ({ symbol: revealHidden('\u202eCDSU') });
    expect(namedPair(1, { token0: USDC, token1: WETH }, spoof)).toMatchObject({ name: '<U+202E>CDSU / <U+202E>CDSU' });
  });

  it('carries either a named pair or the reason there is none, nothing else', () => {
    expect(poolPairSchema.safeParse({ ok: false, reason: 'no node' }).success).toBe(true);
    expect(poolPairSchema.safeParse({ ok: true, name: 'A / B' }).success).toBe(false);
  });
});
