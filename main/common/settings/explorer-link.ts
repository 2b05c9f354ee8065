import { resolveChain } from '../protocol/chains';

/**
 * Explorer page of the active account, or the chain's explorer home when there is none.
 * Its own file, free of the settings schemas, so the status bar links without loading zod.
 */
export function explorerLink(explorerBase: string, chainId: number, address: string | null): string {
  const prefix = resolveChain(chainId).explorerPrefix;
  return address ? `${explorerBase}${prefix}/address/${address}` : `${explorerBase}${prefix}`;
}
