import BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { KEEP_POOL_SNAPSHOTS, SnapshotRepo } from '../../../../../main/core/market/snapshot-repo';
import { migrate } from '../../../../../main/core/store/migrate';
import { MIGRATIONS } from '../../../../../main/core/store/migrations';
import { marketSnapshotsMigration } from '../../../../../main/core/store/migrations/005-market-snapshots';

const A = '0x00000000000000000000000000000000000000Aa';
const B = '0x00000000000000000000000000000000000000bB';
const pool = (address: string, tvl: number) => ({ address, project: 'curve', apr: 2.5, fee: 0.04, tvl, volume: null });

describe('migration: market snapshots', () => {
  const open = () => {
    const db = new BetterSqlite3(':memory:');
    db.pragma('foreign_keys = ON');
    migrate(db, MIGRATIONS.slice(0, MIGRATIONS.indexOf(marketSnapshotsMigration) + 1));
    return db;
  };

  it('is registered in order and creates its four tables', () => {
    expect(MIGRATIONS.indexOf(marketSnapshotsMigration) + 1).toBe(marketSnapshotsMigration.version);
    const db = open();
    const tables = (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'market_%' ORDER BY name").all() as { name: string }[]).map((t) => t.name);
    expect(tables).toEqual(['market_apr_rows', 'market_apr_snapshots', 'market_pool_rows', 'market_pool_snapshots']);
  });

  it('keeps rows with their snapshot, refuses bad scopes and addresses, and deletes rows with their snapshot', () => {
    const db = open();
    const repo = new SnapshotRepo(db);
    const id = repo.savePools(1, 'top', 1000, [pool(A, 10), pool(B, null as unknown as number)]);
    expect(repo.poolSnapshot(id)?.pools).toHaveLength(2);
    expect(() => db.prepare("INSERT INTO market_pool_snapshots (chain_id, scope, fetched_at, pool_count) VALUES (1, 'all', 1, 0)").run()).toThrow(/CHECK/);
    expect(() => db.prepare("INSERT INTO market_pool_rows (snapshot_id, address, project) VALUES (?, 'nope', 'x')").run(id)).toThrow(/CHECK/);
    expect(() => db.prepare("INSERT INTO market_pool_rows (snapshot_id, address, project) VALUES (999, ?, 'x')").run(A)).toThrow(/FOREIGN KEY/);
    db.prepare('DELETE FROM market_pool_snapshots WHERE id = ?').run(id);
    expect(db.prepare('SELECT COUNT(*) AS n FROM market_pool_rows').get()).toEqual({ n: 0 });
  });

  it('prunes to the newest snapshots per chain and scope, and stores one averages snapshot per fetch', () => {
    const repo = new SnapshotRepo(open());
    for (let at = 1; at <= KEEP_POOL_SNAPSHOTS + 5; at += 1) repo.savePools(1, 'top', at, [pool(A, at)]);
    repo.savePools(100, 'top', 1, [pool(A, 1)]);
    const trend = repo.poolTrends(1).get(A)!;
    expect(trend.at(-1)).toEqual({ at: KEEP_POOL_SNAPSHOTS + 5, apr: 2.5, tvl: KEEP_POOL_SNAPSHOTS + 5 });
    expect(repo.latestTop(100)?.fetchedAt).toBe(1);
    expect(repo.latestOf(1, [A, B])).toEqual({ fetchedAt: KEEP_POOL_SNAPSHOTS + 5, pools: [pool(A, KEEP_POOL_SNAPSHOTS + 5)] });

    repo.saveAverages(1, 5000, { curve: 3 });
    repo.saveAverages(1, 5000, { curve: 3 });
    repo.saveAverages(1, 9000, { curve: 4 });
    expect(repo.latestAverages(1)).toEqual({ fetchedAt: 9000, averages: { curve: 4 } });
    expect(repo.projectTrends(1).apr.get('curve')).toEqual([{ at: 5000, apr: 3 }, { at: 9000, apr: 4 }]);
  });
});
