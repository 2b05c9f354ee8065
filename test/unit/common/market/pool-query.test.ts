import { describe, expect, it } from 'vitest';
import { DEFAULT_POOL_QUERY, OTHER_FEES, applyPoolQuery, feeTiersOf, projectsOf, type PoolFigures, type PoolQuery } from '../../../../main/common/market/pool-query';

const pool = (address: string, project: string, apr: number | null, fee: number | null, tvl: number | null, volume: number | null = 1): PoolFigures => ({
  address,
  project,
  apr,
  fee,
  tvl,
  volume,
});
const POOLS = [
  pool('0xAa01', 'curve', 4, 0.04, 1_000_000),
  pool('0xbb02', 'uniswap-v3', 12.5, 0.3, 50_000),
  pool('0xCC03', 'uniswap-v3', null, 0.3, 2_000_000),
  pool('0xdd04', 'balancer-v2', 30, 0.1234, null),
  pool('0xee05', 'uniswap-v3', 8, 0.05, 300_000),
  pool('0xff06', 'curve', 1, 0.04, 10),
  pool('0x0107', 'uniswap-v2', 20, 0.3, 700),
];
const run = (patch: Partial<PoolQuery>) => applyPoolQuery(POOLS, { ...DEFAULT_POOL_QUERY, ...patch }).map((p) => p.address);

describe('pool query', () => {
  it('sorts every column both ways, pools without the figure last either way', () => {
    expect(run({ sort: { key: 'apr', dir: 'desc' } })).toEqual(['0xdd04', '0x0107', '0xbb02', '0xee05', '0xAa01', '0xff06', '0xCC03']);
    expect(run({ sort: { key: 'apr', dir: 'asc' } })).toEqual(['0xff06', '0xAa01', '0xee05', '0xbb02', '0x0107', '0xdd04', '0xCC03']);
    expect(run({ sort: { key: 'tvl', dir: 'asc' } }).at(-1)).toBe('0xdd04');
    expect(run({ sort: { key: 'project', dir: 'asc' } })[0]).toBe('0xdd04');
    // Addresses compare case-insensitively: checksummed and lowercase forms sort together.
    expect(run({ sort: { key: 'address', dir: 'asc' } })).toEqual(['0x0107', '0xAa01', '0xbb02', '0xCC03', '0xdd04', '0xee05', '0xff06']);
    expect(run({ sort: { key: 'fee', dir: 'desc' } }).slice(0, 3)).toEqual(['0x0107', '0xbb02', '0xCC03']);
    expect(run({ sort: { key: 'volume', dir: 'desc' } })).toHaveLength(7);
  });

  it('filters by projects, TVL floor, APR range, search; a bound drops pools lacking the figure', () => {
    expect(run({ projects: ['curve', 'uniswap-v2'] }).sort()).toEqual(['0x0107', '0xAa01', '0xff06']);
    expect(run({ tvlMin: 50_000 }).sort()).toEqual(['0xAa01', '0xCC03', '0xbb02', '0xee05'].sort());
    expect(run({ aprMin: 8, aprMax: 20 }).sort()).toEqual(['0x0107', '0xbb02', '0xee05']);
    expect(run({ search: 'UNISWAP-V' })).toHaveLength(4);
    expect(run({ search: 'aa01' })).toEqual(['0xAa01']);
  });

  it('offers the fee tiers several pools share, and filters one tier or the dynamic rest', () => {
    // A tier needs three pools here: 0.04 gets its third, 0.05 and the dynamic 0.1234 stay single.
    const many = [...POOLS, pool('0x0208', 'curve', 2, 0.04, 5)];
    expect(feeTiersOf(many)).toEqual([0.04, 0.3]);
    expect(applyPoolQuery(many, { ...DEFAULT_POOL_QUERY, feeTier: 0.3 })).toHaveLength(3);
    const other = applyPoolQuery(many, { ...DEFAULT_POOL_QUERY, feeTier: OTHER_FEES });
    expect(new Set(other.map((p) => p.fee))).toEqual(new Set([0.1234, 0.05]));
    expect(projectsOf(POOLS)).toEqual(['balancer-v2', 'curve', 'uniswap-v2', 'uniswap-v3']);
  });

  it('leaves its input in place', () => {
    const before = POOLS.map((p) => p.address);
    run({ sort: { key: 'apr', dir: 'asc' } });
    expect(POOLS.map((p) => p.address)).toEqual(before);
  });
});
