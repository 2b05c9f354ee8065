import { createPrng, derivedSeed, type Prng } from '../prng';

/** A pool as the yield endpoint returns it; null marks the "incomplete data" some live pools have. */
export interface Pool {
  contract_address: string;
  chain_id: number;
  project: string;
  apr: number | null;
  fee: number;
  tvl: number;
  volume: number | null;
}

/** More than two pages of 500 on mainnet, so clients must chunk; none on sepolia. */
export const POOL_COUNTS: Readonly<Record<number, number>> = { 1: 1250, 100: 300, 42161: 200, 8453: 200, 11155111: 0 };

/** Fee tiers (percent) per project kind, from interface.md; `null` means a dynamic fee. */
const PROJECTS: readonly { name: string; fees: readonly number[] | null }[] = [
  { name: 'uniswap-v3', fees: [0.01, 0.05, 0.3, 1] },
  { name: 'uniswap-v2', fees: [0.3] },
  { name: 'sushiswap', fees: [0.3] },
  { name: 'pancakeswap-v3', fees: [0.01, 0.05, 0.25, 1] },
  { name: 'balancer-v2', fees: null },
  { name: 'curve', fees: [0.04] },
  { name: 'cow-amm', fees: null },
];

const cache = new Map<string, Pool[]>();

/** All pools of a chain, largest TVL first; generated once per seed and chain. */
export function poolsOf(seed: number, chainId: number): Pool[] {
  const key = `${seed}:${chainId}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const prng = createPrng(derivedSeed(seed, 'pools', chainId));
  const pools = Array.from({ length: POOL_COUNTS[chainId] ?? 0 }, (_, index) => makePool(prng, chainId, index));
  pools.sort((a, b) => b.tvl - a.tvl);
  cache.set(key, pools);
  return pools;
}

function makePool(prng: Prng, chainId: number, index: number): Pool {
  const project = prng.pick(PROJECTS);
  const fee = project.fees ? prng.pick(project.fees) : round(0.01 + prng.next() * 0.99, 4);
  const tvl = round(10 ** (3 + prng.next() * 6), 2);
  const volume = round(tvl * prng.next() * 0.6, 2);
  // Fee income over TVL, annualised, in percent; rounded to 6 places like live.
  const apr = round(((volume * fee) / 100 / tvl) * 365 * 100, 6);
  return {
    contract_address: prng.hex(20),
    chain_id: chainId,
    project: project.name,
    apr: index % 97 === 5 ? null : apr,
    fee,
    tvl,
    volume: index % 41 === 7 ? null : volume,
  };
}

function round(value: number, places: number): number {
  const factor = 10 ** places;
  return Math.round(value * factor) / factor;
}
