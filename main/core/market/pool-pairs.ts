import { getAddress, isAddress, parseAbi, zeroAddress, type Address, type PublicClient } from 'viem';
import { namedPair, type FindToken, type PoolPair } from '../../common/market/pool-pair';
import { PAIR_DECORATION_MS } from '../../common/limits';
import { currentUserAction, handoffMs, msLeft } from '../api/user-action';
import { formatSeconds } from '../../common/format/format';
import { chainName } from '../../common/protocol/chains';
import { MULTICALL3 } from '../../common/wallet/wallet-facts';
import { rpcErrorText } from '../api/rpc-error-text';

/** Uniswap v2/v3 and their forks (Sushi, Pancake), and CoW AMM, name their tokens so. */
const PAIR_ABI = parseAbi(['function token0() view returns (address)', 'function token1() view returns (address)']);

/** The service answers at most 500 pools at a time: one answer's pairs in one aggregate call. */
export const PAIR_READ_LIMIT = 500;

export const NO_PAIR_FUNCTIONS =
  'Its contract does not answer token0() and token1() (Balancer and Curve pools name their tokens another way), so its pair is not shown.';

type CallResult = { status: 'success'; result: unknown } | { status: 'failure'; error: Error };
type Tokens = { token0: Address; token1: Address };

/** The chain clients the wallet reads with (ChainClients): the user's node per chain. */
export interface PairChains {
  available(chainId: number): boolean;
  get(chainId: number): PublicClient;
  nodeName(chainId: number): string;
}

/**
 * A pool's tokens from token0() and token1() answers: null unless both are
 * addresses other than zero (an account without code answers nothing, which
 * viem reports as a failure).
 */
export function decodePair(token0: CallResult | undefined, token1: CallResult | undefined): Tokens | null {
  const address = (result: CallResult | undefined) =>
    result?.status === 'success' && typeof result.result === 'string' && isAddress(result.result, { strict: false }) && result.result !== zeroAddress
      ? getAddress(result.result)
      : null;
  const first = address(token0);
  const second = address(token1);
  return first && second ? { token0: first, token1: second } : null;
}

/**
 * Pools' pairs read on chain, named through the token lists. A pool's tokens
 * never change, so each answer is kept for the app's life (a pool that names
 * none too); a node that fails leaves nothing kept, so the next load asks again.
 */
export class PoolPairs {
  private readonly known = new Map<string, Tokens | null>();

  constructor(private readonly deps: { chains: PairChains; tokens: FindToken; deadlineMs?: number }) {}

  async of(chainId: number, addresses: readonly string[]): Promise<Map<string, PoolPair>> {
    const key = (address: string) => `${chainId}:${address.toLowerCase()}`;
    const unknown = [...new Set(addresses.map((address) => address.toLowerCase()))].filter((address) => !this.known.has(key(address)));
    const toRead = unknown.slice(0, PAIR_READ_LIMIT);
    const failed = toRead.length > 0 ? await this.read(chainId, toRead as Address[], key) : null;
    const asked = new Set(toRead);
    const pairs = new Map<string, PoolPair>();
    for (const address of addresses) {
      const tokens = this.known.get(key(address));
      if (tokens) pairs.set(address, namedPair(chainId, tokens, this.deps.tokens));
      else if (tokens === null) pairs.set(address, { ok: false, reason: NO_PAIR_FUNCTIONS });
      else if (failed && asked.has(address.toLowerCase())) pairs.set(address, { ok: false, reason: failed });
      else pairs.set(address, { ok: false, reason: `Pairs are read for ${PAIR_READ_LIMIT} pools at a time: this one's shows on the next load.` });
    }
    return pairs;
  }

  /** Reads and keeps the pairs; on a failure of the whole read, says why instead. */
  private async read(chainId: number, pools: readonly Address[], key: (address: string) => string): Promise<string | null> {
    const { chains } = this.deps;
    if (!chains.available(chainId)) {
      return `Pairs are read from the pools' contracts, and no JSON-RPC node is set for ${chainName(chainId)}: add one in Settings → Networks.`;
    }
    const contracts = pools.flatMap((address) => [
      { address, abi: PAIR_ABI, functionName: 'token0' } as const,
      { address, abi: PAIR_ABI, functionName: 'token1' } as const,
    ]);
    // A late answer still fills the cache: the next load shows what this one could not wait for.
    const read = chains
      .get(chainId)
      .multicall({ contracts, multicallAddress: MULTICALL3, allowFailure: true, batchSize: 0 })
      .then((results) => {
        pools.forEach((address, index) => this.known.set(key(address), decodePair(results[2 * index] as CallResult, results[2 * index + 1] as CallResult)));
        return null;
      });
    // Never past the answer's own deadline: a pools answer the user waits on keeps what is left of its time for itself.
    const action = currentUserAction();
    const deadlineMs = Math.min(this.deps.deadlineMs ?? PAIR_DECORATION_MS, action ? Math.max(0, msLeft(action) - handoffMs(action)) : Infinity);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<string>((resolve) => {
      timer = setTimeout(
        () => resolve(`Pairs are read from the pools' contracts, and ${chains.nodeName(chainId)} did not answer within ${formatSeconds(deadlineMs / 1000)}: they show on the next load.`),
        deadlineMs,
      );
    });
    try {
      return await Promise.race([read, late]);
    } catch (error) {
      return `Pairs are read from the pools' contracts, and ${chains.nodeName(chainId)} did not answer (${rpcErrorText(error)}).`;
    } finally {
      clearTimeout(timer);
    }
  }
}
