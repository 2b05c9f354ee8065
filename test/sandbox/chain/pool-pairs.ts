import { createRequire } from 'node:module';
import { getAddress, numberToHex, pad, type Address, type Hex } from 'viem';
import { MAX_POOLS } from '../bff/yield';
import { poolsOf } from '../bff/pools-fixture';
import { TOKENS } from '../token-fixtures';
import type { ChainClient } from './client';

/** The projects whose pools name their tokens with token0() and token1(); Balancer and Curve pools stay without code. */
export const PAIR_PROJECTS: ReadonlySet<string> = new Set(['uniswap-v3', 'uniswap-v2', 'sushiswap', 'pancakeswap-v3', 'cow-amm']);

/** Uniswap's own UniswapV2Pair runtime code, as its npm package ships it (build/UniswapV2Pair.json). */
function pairRuntimeCode(): Hex {
  const require = createRequire(import.meta.url);
  const artifact = require('@uniswap/v2-core/build/UniswapV2Pair.json') as { evm: { deployedBytecode: { object: string } } };
  return `0x${artifact.evm.deployedBytecode.object}`;
}

/**
 * UniswapV2Pair's storage: UniswapV2ERC20 takes slots 0-4 (totalSupply,
 * balanceOf, allowance, DOMAIN_SEPARATOR, nonces), then factory (5), token0 (6)
 * and token1 (7). The factory's initialize() would set 6 and 7; with the code
 * placed, no constructor ran and no factory exists, so they are written directly.
 */
const TOKEN0_SLOT = pad(numberToHex(6));
const TOKEN1_SLOT = pad(numberToHex(7));

/** The two tokens of the index-th pool: the chain's token pairs in turn, lower address first as Uniswap orders them. */
export function sandboxPairOf(chainId: number, index: number): { token0: Address; token1: Address } {
  const tokens = (TOKENS[chainId] ?? []).map((token) => token.address);
  const pairs = tokens.flatMap((first, i) => tokens.slice(i + 1).map((second) => [first, second] as const));
  const [a, b] = pairs[index % pairs.length]!;
  return BigInt(a) < BigInt(b) ? { token0: getAddress(a), token1: getAddress(b) } : { token0: getAddress(b), token1: getAddress(a) };
}

/**
 * A real Uniswap v2 pair contract at each pool address of the top pools the
 * sandbox serves for this chain (the yield endpoint's first page) whose project
 * names its tokens so, holding two of the chain's sandbox tokens.
 */
export async function placePoolPairs(client: ChainClient, seed: number): Promise<void> {
  const chainId = client.chain.id;
  const code = pairRuntimeCode();
  const placed = poolsOf(seed, chainId)
    .slice(0, MAX_POOLS)
    .map((pool, index) => ({ pool, index }))
    .filter(({ pool }) => PAIR_PROJECTS.has(pool.project));
  await Promise.all(
    placed.map(async ({ pool, index }) => {
      const address = getAddress(pool.contract_address);
      const { token0, token1 } = sandboxPairOf(chainId, index);
      await client.setCode({ address, bytecode: code });
      await client.setStorageAt({ address, index: TOKEN0_SLOT, value: pad(token0) });
      await client.setStorageAt({ address, index: TOKEN1_SLOT, value: pad(token1) });
    }),
  );
}
