import { KNOWN_TOKENS } from '../../../main/common/protocol/tokens';
import { revealHidden } from '../../../main/common/tokens/hidden-characters';
import type { TokenEntry } from '../../../main/common/tokens/token-list';

export interface TokenChoice {
  address: `0x${string}`;
  symbol: string;
  decimals: number;
  /** ETH / xDAI: cannot be sold by a signed order; the wallet issue adds wrap-then-sell here. */
  native?: boolean;
}

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/** Tokens chosen in the picker (from the token lists), by chain and lower-case address. */
const picked = new Map<string, TokenChoice>();
const pickedKey = (chainId: number, address: string) => `${chainId}:${address.toLowerCase()}`;

/** The symbol kept is for showing only (orders name tokens by address): its hidden characters are written out as code points for every screen. */
export function rememberPicked(chainId: number, token: TokenEntry): void {
  picked.set(pickedKey(chainId, token.address), { address: token.address, symbol: revealHidden(token.symbol), decimals: token.decimals, native: token.native });
}

export function knownTokens(chainId: number): TokenChoice[] {
  return KNOWN_TOKENS.filter((token) => token.chainId === chainId).map(({ address, symbol, decimals }) => ({ address, symbol, decimals }));
}

/**
 * A token field holds a known symbol, a token picked from the lists, or any
 * address. An unknown address needs its decimals from the user: a guessed
 * decimals value would move the amount by orders of magnitude.
 */
export function resolveToken(chainId: number, text: string, customDecimals: string): { token: TokenChoice } | { error: string } {
  const value = text.trim();
  const known = knownTokens(chainId).find((token) => token.symbol.toLowerCase() === value.toLowerCase() || token.address.toLowerCase() === value.toLowerCase());
  if (known) return { token: known };
  const fromList = picked.get(pickedKey(chainId, value));
  if (fromList) return { token: fromList };
  if (!ADDRESS.test(value)) return { error: `"${value}" is neither a known token on this chain nor an address (0x + 40 hex digits).` };
  if (!/^\d{1,2}$/.test(customDecimals.trim())) return { error: `Enter the decimals of ${value.slice(0, 10)}… (a whole number, e.g. 18).` };
  return { token: { address: value as `0x${string}`, symbol: `${value.slice(0, 6)}…${value.slice(-4)}`, decimals: Number(customDecimals.trim()) } };
}
