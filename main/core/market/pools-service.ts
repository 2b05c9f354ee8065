import { AppError } from '../../common/errors';
import { toCsv } from '../../common/market/csv';
import type { AverageAprResult, MarketPool, PoolsResult } from '../../common/market/market-schema';
import { applyPoolQuery, type PoolFigures, type PoolQuery } from '../../common/market/pool-query';
import type { Pool } from '../../common/protocol/api';
import { resolveChain } from '../../common/protocol/chains';
import type { TokenServiceClient } from '../api/token-service-client';
import { writeExport } from './export-file';
import { FirstSeen, isUnavailable, withDeadline } from './live-call';
import type { PoolPairs } from './pool-pairs';
import type { SnapshotRepo } from './snapshot-repo';

/** interface.md: the average APR is cached for 6 hours (21,600 s). */
export const AVERAGE_APR_MAX_AGE_MS = 21_600_000;

export interface MarketDeps {
  tokenService: TokenServiceClient;
  /** Absent when the database did not open: live figures still work, snapshots do not. */
  repo: SnapshotRepo | undefined;
  /** The pools' token pairs, read on chain (the service's pools carry none). */
  pairs: PoolPairs;
  storeError: string | undefined;
  /** What the connection monitor last saw of the token service. */
  serviceState: () => string | undefined;
  exportDir: string;
  now: () => number;
  deadlineMs?: number;
}

type Fallback = { id: number | null; fetchedAt: number; pools: PoolFigures[] };

/** The pool explorer and the average APR by project, live or from the last snapshot. */
export class PoolsService {
  private readonly firstSeen: FirstSeen;

  constructor(private readonly deps: MarketDeps) {
    this.firstSeen = new FirstSeen(deps.now);
  }

  async pools(chainId: number, addresses: readonly string[]): Promise<PoolsResult> {
    const scope = addresses.length === 0 ? 'top' : 'addresses';
    const stored = (): Fallback | undefined => {
      if (scope === 'top') return this.deps.repo?.latestTop(chainId);
      const found = this.deps.repo?.latestOf(chainId, addresses);
      return found && { id: null, ...found };
    };
    const base = { chainId, scope, requested: addresses.length } as const;
    const fromSnapshot = async (snapshot: Fallback, why: string): Promise<PoolsResult> => ({
      ...base,
      pools: await this.withTrends(chainId, snapshot.pools),
      source: 'snapshot',
      fetchedAt: snapshot.fetchedAt,
      snapshotId: snapshot.id,
      notice: `${why} Showing your last snapshot instead.`,
    });

    const offline = this.knownOffline(stored, chainId, 'pools');
    if (offline) return fromSnapshot(offline, 'The token service is unreachable right now.');
    let live: Pool[];
    try {
      live = await withDeadline((signal) => this.deps.tokenService.pools(chainId, addresses, signal), this.deps.deadlineMs);
    } catch (error) {
      const snapshot = isUnavailable(error) ? stored() : undefined;
      if (!snapshot) throw error;
      return fromSnapshot(snapshot, (error as Error).message);
    }
    const fetchedAt = this.deps.now();
    const figures = live.map(toFigures);
    const snapshotId = this.deps.repo ? this.deps.repo.savePools(chainId, scope, fetchedAt, figures) : null;
    return {
      ...base,
      pools: await this.withTrends(chainId, figures),
      source: 'live',
      fetchedAt,
      snapshotId,
      notice: snapshotId === null ? this.notSaved() : null,
    };
  }

  async averages(chainId: number): Promise<AverageAprResult> {
    const repo = this.deps.repo;
    const stored = () => repo?.latestAverages(chainId);
    const result = (averages: Record<string, number>, fetchedAt: number, source: 'live' | 'snapshot', notice: string | null) => {
      const trends = repo?.projectTrends(chainId);
      const projects = Object.entries(averages)
        .map(([project, apr]) => ({ project, apr, aprTrend: trends?.apr.get(project) ?? [], tvlTrend: trends?.tvl.get(project) ?? [] }))
        .sort((a, b) => b.apr - a.apr || a.project.localeCompare(b.project));
      return { chainId, projects, source, fetchedAt, maxAgeMs: AVERAGE_APR_MAX_AGE_MS, notice };
    };

    const offline = this.knownOffline(stored, chainId, 'average APRs');
    if (offline) return result(offline.averages, offline.fetchedAt, 'snapshot', 'The token service is unreachable right now. Showing your last snapshot instead.');
    let live: Record<string, number>;
    try {
      live = await withDeadline((signal) => this.deps.tokenService.poolsAverageApr(chainId, signal), this.deps.deadlineMs);
    } catch (error) {
      const snapshot = isUnavailable(error) ? stored() : undefined;
      if (!snapshot) throw error;
      return result(snapshot.averages, snapshot.fetchedAt, 'snapshot', `${(error as Error).message} Showing your last snapshot instead.`);
    }
    const fetchedAt = this.firstSeen.of(live);
    repo?.saveAverages(chainId, fetchedAt, live);
    return result(live, fetchedAt, 'live', repo ? null : this.notSaved());
  }

  exportPools(snapshotId: number, query: PoolQuery): { path: string; rows: number } {
    if (!this.deps.repo) throw new AppError('STORE_UNAVAILABLE', `Exports read the stored snapshot, but the local database is not available: ${this.deps.storeError}`);
    const snapshot = this.deps.repo.poolSnapshot(snapshotId);
    if (!snapshot) throw new AppError('SNAPSHOT_GONE', 'That snapshot is no longer stored (older ones are pruned). Reload the pools and export again.');
    const rows = applyPoolQuery(snapshot.pools, query);
    const csv = toCsv(
      ['contract_address', 'project', 'apr_percent', 'fee_tier_percent', 'tvl_usd', 'volume_24h_usd'],
      rows.map((pool) => [pool.address, pool.project, pool.apr, pool.fee, pool.tvl, pool.volume]),
    );
    const name = `pools-${resolveChain(snapshot.chainId).alias}`;
    return { path: writeExport(this.deps.exportDir, name, csv, this.deps.now()), rows: rows.length };
  }

  /**
   * When the monitor already knows the service is down: the last snapshot at
   * once, or, for a chain never loaded, the reason at once. Asking anyway
   * waited on a connection the monitor knows is dead (15 s for a silent one).
   */
  private knownOffline<T>(stored: () => T | undefined, chainId: number, what: string): T | undefined {
    if (this.deps.serviceState() !== 'offline') return undefined;
    const snapshot = stored();
    if (snapshot) return snapshot;
    throw new AppError(
      'OFFLINE',
      `The token service is unreachable right now, and no ${what} of ${resolveChain(chainId).name} are stored yet: they show once it answers (CoW Desk keeps checking).`,
      { retryable: true },
    );
  }

  private async withTrends(chainId: number, pools: PoolFigures[]): Promise<MarketPool[]> {
    const trends = this.deps.repo?.poolTrends(chainId);
    const pairs = await this.deps.pairs.of(chainId, pools.map((pool) => pool.address));
    return pools.map((pool) => ({ ...pool, trend: trends?.get(pool.address) ?? [], pair: pairs.get(pool.address)! }));
  }

  private notSaved(): string {
    return `Not saved as a snapshot: the local database is not available (${this.deps.storeError}).`;
  }
}

function toFigures(pool: Pool): PoolFigures {
  return {
    address: pool.contract_address,
    project: pool.project,
    apr: pool.apr ?? null,
    fee: pool.fee ?? null,
    tvl: pool.tvl ?? null,
    volume: pool.volume ?? null,
  };
}
