import { z } from 'zod';

/** The figures of a pool the explorer filters and sorts on; null where the service has no data. */
export interface PoolFigures {
  address: string;
  project: string;
  apr: number | null;
  fee: number | null;
  tvl: number | null;
  volume: number | null;
}

export const POOL_SORT_KEYS = ['address', 'project', 'apr', 'fee', 'tvl', 'volume'] as const;
export type PoolSortKey = (typeof POOL_SORT_KEYS)[number];

/** `other` is every fee outside the common tiers: dynamic fees of weighted and stable pools. */
export const OTHER_FEES = 'other';

export const poolQuerySchema = z.strictObject({
  search: z.string().max(200),
  projects: z.array(z.string().max(100)).max(200),
  tvlMin: z.number().nonnegative().nullable(),
  aprMin: z.number().nullable(),
  aprMax: z.number().nullable(),
  feeTier: z.union([z.number().nonnegative(), z.literal(OTHER_FEES)]).nullable(),
  sort: z.strictObject({ key: z.enum(POOL_SORT_KEYS), dir: z.enum(['asc', 'desc']) }),
});
export type PoolQuery = z.infer<typeof poolQuerySchema>;

export const DEFAULT_POOL_QUERY: PoolQuery = {
  search: '',
  projects: [],
  tvlMin: null,
  aprMin: null,
  aprMax: null,
  feeTier: null,
  sort: { key: 'tvl', dir: 'desc' },
};

/**
 * Fee values that several pools share (0.05, 0.3, 1...). Dynamic fees are
 * nearly all different, so listing every distinct value would bury the tiers.
 */
export function feeTiersOf(pools: readonly PoolFigures[]): number[] {
  const counts = new Map<number, number>();
  for (const pool of pools) if (pool.fee !== null) counts.set(pool.fee, (counts.get(pool.fee) ?? 0) + 1);
  const needed = Math.max(3, Math.ceil(pools.length / 200));
  return [...counts].filter(([, count]) => count >= needed).map(([fee]) => fee).sort((a, b) => a - b);
}

export function projectsOf(pools: readonly PoolFigures[]): string[] {
  return [...new Set(pools.map((pool) => pool.project))].sort((a, b) => a.localeCompare(b));
}

/**
 * The explorer's view of a pool list: one pure function shared by the screen
 * and the CSV export, so the file holds exactly the rows the user was looking
 * at. A bound on a figure excludes pools that lack it; pools without a figure
 * sort last in either direction, since "no data" is not "zero".
 */
export function applyPoolQuery<T extends PoolFigures>(pools: readonly T[], query: PoolQuery, tiers = feeTiersOf(pools)): T[] {
  const needle = query.search.trim().toLowerCase();
  const projects = query.projects.length > 0 ? new Set(query.projects) : null;
  const tierSet = new Set(tiers);
  const kept = pools.filter((pool) => {
    if (projects && !projects.has(pool.project)) return false;
    if (query.tvlMin !== null && !(pool.tvl !== null && pool.tvl >= query.tvlMin)) return false;
    if (query.aprMin !== null && !(pool.apr !== null && pool.apr >= query.aprMin)) return false;
    if (query.aprMax !== null && !(pool.apr !== null && pool.apr <= query.aprMax)) return false;
    if (query.feeTier === OTHER_FEES && pool.fee !== null && tierSet.has(pool.fee)) return false;
    if (typeof query.feeTier === 'number' && pool.fee !== query.feeTier) return false;
    if (needle && !pool.address.toLowerCase().includes(needle) && !pool.project.toLowerCase().includes(needle)) return false;
    return true;
  });
  return kept.sort(comparator(query.sort.key, query.sort.dir));
}

function comparator(key: PoolSortKey, dir: 'asc' | 'desc'): (a: PoolFigures, b: PoolFigures) => number {
  const sign = dir === 'asc' ? 1 : -1;
  if (key === 'address' || key === 'project') {
    return (a, b) => sign * compareText(a[key], b[key]) || compareText(a.address, b.address);
  }
  return (a, b) => {
    const x = a[key];
    const y = b[key];
    if (x === null || y === null) return x === y ? compareText(a.address, b.address) : x === null ? 1 : -1;
    return sign * (x - y) || compareText(a.address, b.address);
  };
}

function compareText(a: string, b: string): number {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  return x < y ? -1 : x > y ? 1 : 0;
}
