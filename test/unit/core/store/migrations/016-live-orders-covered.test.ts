import { describe, expect, it } from 'vitest';
import { FINAL_STATUSES } from '../../../../../main/common/orders/status';
import { toOrderParams } from '../../../../../main/core/history/order-row';
import { LIVE_WINDOW_SQL, OrdersRepo } from '../../../../../main/core/history/orders-repo';
import { migrate } from '../../../../../main/core/store/migrate';
import { MIGRATIONS } from '../../../../../main/core/store/migrations';
import { liveOrdersCoveredMigration } from '../../../../../main/core/store/migrations/016-live-orders-covered';
import { openStore } from '../../../../../main/core/store/open-store';
import { apiOrders } from '../../../../bench/api-orders';

const final = new Set<string>(FINAL_STATUSES);

describe("migration 016: an account's open orders counted and read off their index alone", () => {
  it('counts and lists the open orders a version 15 store holds (all, in turn, or those whose validity ran out), not those only this app knows, each query reading the index alone', () => {
    const db = openStore(':memory:', MIGRATIONS.slice(0, MIGRATIONS.indexOf(liveOrdersCoveredMigration))).db;
    const repo = new OrdersRepo(db);
    const { orders } = apiOrders(400, { seed: 16 });
    const params = orders.map((order) => toOrderParams(order, order.onchainUser ?? order.owner, 1, 'production', 1));
    repo.writeOrders(params);
    const expiresAt = new Map(params.map((row) => [row.uid, row.expires_at]));
    const account = orders[0]!.onchainUser ?? orders[0]!.owner;
    const mine = orders.filter((order) => (order.onchainUser ?? order.owner).toLowerCase() === account.toLowerCase() && !final.has(order.status));
    // Two of its open orders are only this app's for now (being submitted, never sent): not open on the service.
    const local = mine.slice(0, 2).map((order) => order.uid);
    for (const uid of local) db.prepare("UPDATE orders SET local_state = 'unsent' WHERE uid = ?").run(uid);
    expect(migrate(db, MIGRATIONS)).toBe(MIGRATIONS.length);

    const scope = { account, chainId: 1, environment: 'production' as const };
    const open = mine.map((order) => order.uid).filter((uid) => !local.includes(uid)).sort();
    expect(open.length).toBeGreaterThan(10);
    const asked: string[] = [];
    const prepare = db.prepare.bind(db);
    db.prepare = ((sql: string) => (asked.push(sql), prepare(sql))) as typeof db.prepare;
    expect(repo.liveCount(scope)).toBe(open.length);
    expect(repo.liveUids(scope)).toEqual(open);
    expect(repo.liveUids(scope, { after: open[4]!, limit: 3 })).toEqual(open.slice(5, 8));
    expect(repo.liveCount({ ...scope, chainId: 100 })).toBe(0);
    // Validity run out by a time between the open orders' own: those at or before it, as many as asked.
    const by = [...open.map((uid) => expiresAt.get(uid)!)].sort((a, b) => a - b)[open.length >> 1]!;
    const expired = open.filter((uid) => expiresAt.get(uid)! <= by);
    expect(repo.liveExpired(scope, by, 1_000).sort()).toEqual(expired);
    expect(repo.liveExpired(scope, by, 3)).toHaveLength(3);
    db.prepare = prepare;

    // The window's statement is prepared with the repository, before the queries above.
    for (const sql of new Set([...asked, LIVE_WINDOW_SQL])) {
      const marks = sql.split('?').length - 1;
      const plan = (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...Array<unknown>(marks).fill(1)) as { detail: string }[]).map((row) => row.detail).join(' | ');
      expect(plan, sql).toContain('USING COVERING INDEX orders_live');
    }
  });
});
