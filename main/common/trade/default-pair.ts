import { KNOWN_TOKENS } from '../protocol/tokens';
import { wrappedNative } from '../wallet/wallet-facts';

/**
 * The pair the order form starts with on a chain: its wrapped native token for
 * USDC (WETH → USDC on Ethereum, WXDAI → USDC on Gnosis Chain), by symbol, as
 * the form's token fields hold them. A chain without them starts empty.
 */
export function defaultPair(chainId: number): { sellToken: string; buyToken: string } {
  const known = KNOWN_TOKENS.filter((token) => token.chainId === chainId);
  const sell = wrappedNative(chainId) ?? known[0];
  const buy = known.find((token) => token.symbol === 'USDC' && token !== sell) ?? known.find((token) => token !== sell);
  return { sellToken: sell?.symbol ?? '', buyToken: buy?.symbol ?? '' };
}
