import type { AverageAprResult, PoolsResult } from '../../../main/common/market/market-schema';
import { DEFAULT_POOL_QUERY, type PoolQuery } from '../../../main/common/market/pool-query';
import { api } from '../lib/api';
import { humanError } from '../shell/app-state.svelte';

/**
 * The pool explorer's state, kept outside the view so leaving Pools and coming
 * back finds the same chain, list, filters and selection.
 */
export const pools = $state({
  chainId: null as number | null,
  tab: 'explorer' as 'explorer' | 'averages',
  result: null as PoolsResult | null,
  /** The addresses of the current look-up; empty for the top pools. */
  addresses: [] as string[],
  query: { ...DEFAULT_POOL_QUERY } as PoolQuery,
  loading: false,
  error: null as string | null,
  selected: null as string | null,
  exported: null as string | null,
  averages: null as AverageAprResult | null,
  averagesLoading: false,
  averagesError: null as string | null,
});

// A newer request wins: an answer for a chain the user has already left is dropped.
let poolsRequest = 0;
let averagesRequest = 0;

export async function loadPools(addresses: string[]): Promise<void> {
  if (pools.chainId === null) return;
  const request = ++poolsRequest;
  pools.loading = true;
  pools.error = null;
  pools.exported = null;
  try {
    const result = await api.invoke('market.pools', { chain: pools.chainId, addresses });
    if (request !== poolsRequest) return;
    pools.result = result;
    pools.addresses = addresses;
    if (pools.selected && !result.pools.some((pool) => pool.address === pools.selected)) pools.selected = null;
  } catch (error) {
    if (request === poolsRequest) pools.error = humanError(error);
  } finally {
    if (request === poolsRequest) pools.loading = false;
  }
}

export async function loadAverages(): Promise<void> {
  if (pools.chainId === null) return;
  const request = ++averagesRequest;
  pools.averagesLoading = true;
  pools.averagesError = null;
  try {
    const result = await api.invoke('market.averageApr', { chain: pools.chainId });
    if (request === averagesRequest) pools.averages = result;
  } catch (error) {
    if (request === averagesRequest) pools.averagesError = humanError(error);
  } finally {
    if (request === averagesRequest) pools.averagesLoading = false;
  }
}

/** Main writes the rows of the stored snapshot through the same query the table uses. */
export async function exportPools(): Promise<void> {
  const snapshotId = pools.result?.snapshotId;
  if (!snapshotId) return;
  pools.exported = null;
  try {
    const written = await api.invoke('market.exportPools', { snapshotId, query: $state.snapshot(pools.query) });
    pools.exported = `${written.rows} rows written to ${written.path}`;
  } catch (error) {
    pools.error = humanError(error);
  }
}
