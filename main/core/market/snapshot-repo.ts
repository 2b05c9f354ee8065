import type { Database } from 'better-sqlite3';
import type { PoolFigures } from '../../common/market/pool-query';
import { writeTransaction } from '../store/write-transaction';

export type PoolScope = 'top' | 'addresses';

export interface PoolSnapshot {
  id: number;
  chainId: number;
  scope: PoolScope;
  fetchedAt: number;
  pools: PoolFigures[];
}

export interface PoolPoint {
  at: number;
  apr: number | null;
  tvl: number | null;
}

/**
 * Snapshots kept per chain and scope. A trend wants a handful of points and
 * every load adds up to 1250 rows, so older snapshots are dropped as new ones
 * arrive rather than growing the file without end.
 */
export const KEEP_POOL_SNAPSHOTS = 30;
export const KEEP_APR_SNAPSHOTS = 60;
/** Points in a pool's or project's trend. */
export const TREND_POINTS = 12;

type Row = { address: string; project: string; apr: number | null; fee: number | null; tvl: number | null; volume: number | null };

/** The market tables of migration "market-snapshots". Every multi-row write is one transaction. */
export class SnapshotRepo {
  constructor(private readonly db: Database) {}

  savePools(chainId: number, scope: PoolScope, fetchedAt: number, pools: readonly PoolFigures[]): number {
    return writeTransaction(this.db, () => {
      const { lastInsertRowid } = this.db
        .prepare('INSERT INTO market_pool_snapshots (chain_id, scope, fetched_at, pool_count) VALUES (?, ?, ?, ?)')
        .run(chainId, scope, fetchedAt, pools.length);
      const insert = this.db.prepare(
        'INSERT OR REPLACE INTO market_pool_rows (snapshot_id, address, project, apr, fee, tvl, volume) VALUES (?, ?, ?, ?, ?, ?, ?)',
      );
      for (const pool of pools) insert.run(lastInsertRowid, pool.address, pool.project, pool.apr, pool.fee, pool.tvl, pool.volume);
      this.db
        .prepare(
          `DELETE FROM market_pool_snapshots WHERE chain_id = ? AND scope = ? AND id NOT IN
             (SELECT id FROM market_pool_snapshots WHERE chain_id = ? AND scope = ? ORDER BY fetched_at DESC, id DESC LIMIT ?)`,
        )
        .run(chainId, scope, chainId, scope, KEEP_POOL_SNAPSHOTS);
      return Number(lastInsertRowid);
    });
  }

  poolSnapshot(id: number): PoolSnapshot | undefined {
    const head = this.db.prepare('SELECT id, chain_id, scope, fetched_at FROM market_pool_snapshots WHERE id = ?').get(id) as
      | { id: number; chain_id: number; scope: PoolScope; fetched_at: number }
      | undefined;
    if (!head) return undefined;
    const pools = this.db.prepare('SELECT address, project, apr, fee, tvl, volume FROM market_pool_rows WHERE snapshot_id = ?').all(id) as Row[];
    return { id: head.id, chainId: head.chain_id, scope: head.scope, fetchedAt: head.fetched_at, pools };
  }

  /** The newest snapshot of the top pools of a chain. */
  latestTop(chainId: number): PoolSnapshot | undefined {
    const row = this.db
      .prepare("SELECT id FROM market_pool_snapshots WHERE chain_id = ? AND scope = 'top' ORDER BY fetched_at DESC, id DESC LIMIT 1")
      .get(chainId) as { id: number } | undefined;
    return row ? this.poolSnapshot(row.id) : undefined;
  }

  /** The newest stored figures of each of these pools, from whichever snapshot last held it. */
  latestOf(chainId: number, addresses: readonly string[]): { fetchedAt: number; pools: PoolFigures[] } | undefined {
    const wanted = new Set(addresses);
    const rows = this.db
      .prepare(
        `SELECT r.address, r.project, r.apr, r.fee, r.tvl, r.volume, s.fetched_at FROM market_pool_rows r
           JOIN market_pool_snapshots s ON s.id = r.snapshot_id WHERE s.chain_id = ? ORDER BY s.fetched_at DESC, s.id DESC`,
      )
      .all(chainId) as (Row & { fetched_at: number })[];
    const found = new Map<string, Row & { fetched_at: number }>();
    for (const row of rows) if (wanted.has(row.address) && !found.has(row.address)) found.set(row.address, row);
    if (found.size === 0) return undefined;
    const values = [...found.values()];
    return {
      // The oldest figure shown is what the user must know the age of.
      fetchedAt: Math.min(...values.map((row) => row.fetched_at)),
      pools: values.map(({ fetched_at: _at, ...pool }) => pool),
    };
  }

  /** Each pool's APR and TVL over the chain's last snapshots, oldest first. */
  poolTrends(chainId: number): Map<string, PoolPoint[]> {
    const rows = this.db
      .prepare(
        `SELECT r.address, r.apr, r.tvl, s.fetched_at AS at FROM market_pool_rows r JOIN market_pool_snapshots s ON s.id = r.snapshot_id
           WHERE s.id IN (SELECT id FROM market_pool_snapshots WHERE chain_id = ? ORDER BY fetched_at DESC, id DESC LIMIT ?)
           ORDER BY s.fetched_at, s.id`,
      )
      .all(chainId, TREND_POINTS) as { address: string; apr: number | null; tvl: number | null; at: number }[];
    const trends = new Map<string, PoolPoint[]>();
    for (const { address, ...point } of rows) {
      const list = trends.get(address);
      if (list) list.push(point);
      else trends.set(address, [point]);
    }
    return trends;
  }

  /** Stored once per fetch: a response the client served from its cache has the same fetch time. */
  saveAverages(chainId: number, fetchedAt: number, averages: Readonly<Record<string, number>>): void {
    writeTransaction(this.db, () => {
      const { changes, lastInsertRowid } = this.db
        .prepare('INSERT OR IGNORE INTO market_apr_snapshots (chain_id, fetched_at) VALUES (?, ?)')
        .run(chainId, fetchedAt);
      if (changes === 0) return;
      const insert = this.db.prepare('INSERT INTO market_apr_rows (snapshot_id, project, apr) VALUES (?, ?, ?)');
      for (const [project, apr] of Object.entries(averages)) insert.run(lastInsertRowid, project, apr);
      this.db
        .prepare(
          `DELETE FROM market_apr_snapshots WHERE chain_id = ? AND id NOT IN
             (SELECT id FROM market_apr_snapshots WHERE chain_id = ? ORDER BY fetched_at DESC LIMIT ?)`,
        )
        .run(chainId, chainId, KEEP_APR_SNAPSHOTS);
    });
  }

  latestAverages(chainId: number): { fetchedAt: number; averages: Record<string, number> } | undefined {
    const head = this.db
      .prepare('SELECT id, fetched_at FROM market_apr_snapshots WHERE chain_id = ? ORDER BY fetched_at DESC LIMIT 1')
      .get(chainId) as { id: number; fetched_at: number } | undefined;
    if (!head) return undefined;
    const rows = this.db.prepare('SELECT project, apr FROM market_apr_rows WHERE snapshot_id = ?').all(head.id) as { project: string; apr: number }[];
    return { fetchedAt: head.fetched_at, averages: Object.fromEntries(rows.map((row) => [row.project, row.apr])) };
  }

  /** Per project: average APR over the APR snapshots, and summed TVL over the top-pool snapshots. */
  projectTrends(chainId: number): { apr: Map<string, { at: number; apr: number }[]>; tvl: Map<string, { at: number; tvl: number }[]> } {
    const aprRows = this.db
      .prepare(
        `SELECT r.project, r.apr, s.fetched_at AS at FROM market_apr_rows r JOIN market_apr_snapshots s ON s.id = r.snapshot_id
           WHERE s.id IN (SELECT id FROM market_apr_snapshots WHERE chain_id = ? ORDER BY fetched_at DESC LIMIT ?) ORDER BY s.fetched_at`,
      )
      .all(chainId, TREND_POINTS) as { project: string; apr: number; at: number }[];
    const tvlRows = this.db
      .prepare(
        `SELECT r.project, SUM(r.tvl) AS tvl, s.fetched_at AS at FROM market_pool_rows r JOIN market_pool_snapshots s ON s.id = r.snapshot_id
           WHERE s.id IN (SELECT id FROM market_pool_snapshots WHERE chain_id = ? AND scope = 'top' ORDER BY fetched_at DESC, id DESC LIMIT ?)
           GROUP BY s.id, r.project ORDER BY s.fetched_at, s.id`,
      )
      .all(chainId, TREND_POINTS) as { project: string; tvl: number | null; at: number }[];
    return {
      apr: group(aprRows.map(({ project, at, apr }) => [project, { at, apr }])),
      tvl: group(tvlRows.filter((row) => row.tvl !== null).map(({ project, at, tvl }) => [project, { at, tvl: tvl ?? 0 }])),
    };
  }
}

function group<T>(entries: [string, T][]): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const [key, value] of entries) {
    const list = map.get(key);
    if (list) list.push(value);
    else map.set(key, [value]);
  }
  return map;
}
