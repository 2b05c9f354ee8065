import { getAddress, type Address } from 'viem';
import type { TokenList } from '../../common/tokens/token-list';
import { logoUrl } from './token-logos';

/** A token of a chain as the picker knows it, from every list that names it. */
export interface Known {
  address: Address;
  symbol: string;
  name: string;
  decimals: number;
  logoURI: string | null;
  lists: string[];
}

/**
 * The tokens by chain and lowercase address from lists in order (the snapshot,
 * each list's copy in use, then the imported ones). The first list to name a
 * token keeps its symbol and decimals; later lists only add their name and logo.
 */
export function mergeLists(sources: readonly { list: TokenList; name: string; url?: string }[]): Map<number, Map<string, Known>> {
  const byChain = new Map<number, Map<string, Known>>();
  for (const { list, name: listName, url } of sources) {
    for (const token of list.tokens) {
      const logoURI = logoUrl(token.logoURI, url);
      let chain = byChain.get(token.chainId);
      if (!chain) byChain.set(token.chainId, (chain = new Map()));
      const address = getAddress(token.address.toLowerCase());
      const existing = chain.get(address.toLowerCase());
      if (existing) {
        if (!existing.lists.includes(listName)) existing.lists.push(listName);
        existing.logoURI ??= logoURI;
      } else {
        chain.set(address.toLowerCase(), { address, symbol: token.symbol, name: token.name, decimals: token.decimals, logoURI, lists: [listName] });
      }
    }
  }
  return byChain;
}
