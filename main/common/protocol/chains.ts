import { AppError } from '../errors';

/**
 * The chains CoW Protocol runs on. The orderbook wants its own path segment
 * (`xdai`, not `gnosis`), the token/yield service wants the numeric id, and the
 * explorer has its own prefix, and each chain has its own block explorer (for
 * transactions and addresses; CoW Explorer only knows orders): one table keeps
 * them from drifting apart.
 */
export interface Chain {
  readonly id: number;
  readonly alias: string;
  readonly name: string;
  readonly orderbookSegment: string;
  readonly explorerPrefix: string;
  /** The chain's block explorer (an Etherscan family site), without a trailing slash. */
  readonly blockExplorer: string;
}

export const CHAINS: readonly Chain[] = [
  { id: 1, alias: 'mainnet', name: 'Ethereum', orderbookSegment: 'mainnet', explorerPrefix: '', blockExplorer: 'https://etherscan.io' },
  { id: 100, alias: 'gnosis', name: 'Gnosis Chain', orderbookSegment: 'xdai', explorerPrefix: '/gc', blockExplorer: 'https://gnosisscan.io' },
  { id: 11155111, alias: 'sepolia', name: 'Sepolia', orderbookSegment: 'sepolia', explorerPrefix: '/sepolia', blockExplorer: 'https://sepolia.etherscan.io' },
  { id: 42161, alias: 'arbitrum', name: 'Arbitrum One', orderbookSegment: 'arbitrum_one', explorerPrefix: '/arb1', blockExplorer: 'https://arbiscan.io' },
  { id: 8453, alias: 'base', name: 'Base', orderbookSegment: 'base', explorerPrefix: '/base', blockExplorer: 'https://basescan.org' },
];

/** Accepts a chain id (number or decimal string) or an alias, case-insensitively. */
export function resolveChain(idOrAlias: number | string): Chain {
  const key = typeof idOrAlias === 'string' ? idOrAlias.trim().toLowerCase() : idOrAlias;
  const found = CHAINS.find((chain) =>
    typeof key === 'number' ? chain.id === key : chain.alias === key || String(chain.id) === key,
  );
  if (!found) {
    const known = CHAINS.map((chain) => `${chain.id} (${chain.alias})`).join(', ');
    throw new AppError('UNKNOWN_CHAIN', `Unknown chain "${idOrAlias}". Supported chains: ${known}.`);
  }
  return found;
}

/** A chain's name for messages: "Ethereum", or "chain 137" for one CoW Desk does not know. */
export function chainName(chainId: number): string {
  return CHAINS.find((chain) => chain.id === chainId)?.name ?? `chain ${chainId}`;
}
