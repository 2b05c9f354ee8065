import { z } from 'zod';
import { shortAddress } from '../tokens/token-display';

/**
 * A pool's two tokens, read from its contract (the token service's pool has
 * none), named for the table: "USDC / WETH" in the contract's own order, or
 * why no pair is shown (no node for the chain, a contract that names its
 * tokens another way).
 */
export const poolPairSchema = z.discriminatedUnion('ok', [
  z.strictObject({ ok: z.literal(true), name: z.string(), token0: z.string(), token1: z.string() }),
  z.strictObject({ ok: z.literal(false), reason: z.string() }),
]);
export type PoolPair = z.infer<typeof poolPairSchema>;

/** A listed token's symbol, its hidden characters already shown as code points (TokenLists.find). */
export type FindToken = (chainId: number, address: string) => { symbol: string } | null;

/** One token of a pair: its listed symbol, or, unlisted, its short address (an on-chain symbol is whatever its deployer chose). */
export const pairTokenLabel = (chainId: number, address: string, find: FindToken) => find(chainId, address)?.symbol ?? shortAddress(address);

export function namedPair(chainId: number, tokens: { token0: string; token1: string }, find: FindToken): PoolPair {
  const name = `${pairTokenLabel(chainId, tokens.token0, find)} / ${pairTokenLabel(chainId, tokens.token1, find)}`;
  return { ok: true, name, ...tokens };
}
