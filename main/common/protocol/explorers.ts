import { resolveChain } from './chains';

/**
 * Where a link opens. Orders live on CoW Explorer (it knows UIDs, fills and
 * solver competitions); transactions and addresses (approvals, wraps,
 * presignatures, settlements, pools, holders) on the chain's block explorer,
 * as CoW Explorer's own transaction and address pages only list orders.
 */

/** CoW Explorer's page of an order, under the environment's explorer base. */
export function explorerOrderUrl(cowExplorerBase: string, chainId: number, uid: string): string {
  return `${cowExplorerBase}${resolveChain(chainId).explorerPrefix}/orders/${uid}`;
}

/** CoW Explorer's page of an account's orders, or the chain's explorer home when there is no account. */
export function explorerAccountOrdersUrl(cowExplorerBase: string, chainId: number, address: string | null): string {
  const prefix = resolveChain(chainId).explorerPrefix;
  return address ? `${cowExplorerBase}${prefix}/address/${address}` : `${cowExplorerBase}${prefix}`;
}

/** The chain's block explorer page of a transaction. */
export function blockExplorerTxUrl(chainId: number, hash: string): string {
  return `${resolveChain(chainId).blockExplorer}/tx/${hash}`;
}

/** The chain's block explorer page of an address (a contract, a pool, a holder). */
export function blockExplorerAddressUrl(chainId: number, address: string): string {
  return `${resolveChain(chainId).blockExplorer}/address/${address}`;
}
