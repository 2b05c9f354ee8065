import { KNOWN_TOKENS, type KnownToken } from '../protocol/tokens';

/** Multicall3's canonical address, the same on every chain CoW Protocol runs on. */
export const MULTICALL3 = '0xcA11bde05977b3631167028862bE2a173976CA11' as const;

/** The wrapped native token of a chain (WETH, WXDAI): what wrap deposits into and the protocol trades. */
export function wrappedNative(chainId: number): KnownToken | undefined {
  return KNOWN_TOKENS.find((token) => token.chainId === chainId && (token.symbol === 'WETH' || token.symbol === 'WXDAI'));
}

/** The native currency's symbol (xDAI on Gnosis Chain, ETH elsewhere). */
export function nativeSymbol(chainId: number): string {
  return chainId === 100 ? 'xDAI' : 'ETH';
}
