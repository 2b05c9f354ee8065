import { createPublicClient, erc20Abi, http, type Address } from 'viem';
import { jsonRpcFetch } from '../api/bounded-fetch';
import type { TokenMeta } from '../../common/market/market-schema';
import { findKnownToken } from '../../common/protocol/tokens';
import { rpcErrorText } from '../api/rpc-error-text';

export interface MetadataOptions {
  /** The user's JSON-RPC URL for the chain, if any (Settings). */
  rpcUrl: string | undefined;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/**
 * Symbol, decimals and total supply of a token. The built-in list names the
 * common tokens without a network; with an RPC endpoint the token itself is
 * asked (ERC-20 symbol/decimals/totalSupply), which is the only source of the
 * total supply. The URL can hold an API key: messages name only its host.
 */
export async function tokenMetadata(chainId: number, token: Address, options: MetadataOptions): Promise<TokenMeta> {
  const known = findKnownToken(chainId, token);
  const fromList: TokenMeta = known
    ? { symbol: known.symbol, decimals: known.decimals, totalSupply: null, source: 'known', notice: null }
    : { symbol: null, decimals: null, totalSupply: null, source: 'none', notice: null };
  if (!options.rpcUrl) {
    return {
      ...fromList,
      notice: known
        ? 'Share of supply needs the total supply: add a JSON-RPC endpoint for this chain in Settings.'
        : 'Unknown token: its decimals are unknown, so balances are whole counts. Add a JSON-RPC endpoint for this chain in Settings to read its decimals and supply.',
    };
  }
  const host = new URL(options.rpcUrl).host;
  const client = createPublicClient({
    transport: http(options.rpcUrl, {
      timeout: options.timeoutMs ?? 8_000,
      retryCount: 0,
      // Bounded like every remote answer (common/limits): a hostile node cannot flood memory or stall a call.
      fetchFn: jsonRpcFetch(options.fetch),
    }),
  });
  const read = <F extends 'symbol' | 'decimals' | 'totalSupply'>(functionName: F) =>
    client.readContract({ address: token, abi: erc20Abi, functionName });
  const [symbol, decimals, totalSupply] = await Promise.allSettled([read('symbol'), read('decimals'), read('totalSupply')]);
  if (symbol.status === 'rejected' && decimals.status === 'rejected' && totalSupply.status === 'rejected') {
    return { ...fromList, notice: `Could not read the token from ${host} (${rpcErrorText(totalSupply.reason)}).` };
  }
  return {
    // The list wins where it has an answer: an on-chain symbol is whatever the deployer chose.
    symbol: fromList.symbol ?? (symbol.status === 'fulfilled' ? symbol.value : null),
    decimals: fromList.decimals ?? (decimals.status === 'fulfilled' ? decimals.value : null),
    totalSupply: totalSupply.status === 'fulfilled' ? totalSupply.value.toString() : null,
    source: known ? 'known' : 'rpc',
    notice: totalSupply.status === 'rejected' ? `${host} did not return the total supply (${rpcErrorText(totalSupply.reason)}).` : null,
  };
}
