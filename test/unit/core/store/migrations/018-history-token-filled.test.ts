import { describe, expect, it } from 'vitest';
import { pagePlan } from '../../../../../main/core/history/history-page-sql';
import { compileQuery, iterateHistory } from '../../../../../main/core/history/history-query';
import { toOrderParams } from '../../../../../main/core/history/order-row';
import { OrdersRepo } from '../../../../../main/core/history/orders-repo';
import { migrate } from '../../../../../main/core/store/migrate';
import { MIGRATIONS } from '../../../../../main/core/store/migrations';
import { historyTokenFilledMigration } from '../../../../../main/core/store/migrations/018-history-token-filled';
import { openStore } from '../../../../../main/core/store/open-store';
import { apiOrders } from '../../../../bench/api-orders';

describe('migration 018: token side indexes for the History filled sort', () => {
  it("indexes the orders a version 17 store holds, and a token's page by filled share reads off them, in the sort's order", () => {
    const db = openStore(':memory:', MIGRATIONS.slice(0, MIGRATIONS.indexOf(historyTokenFilledMigration))).db;
    const repo = new OrdersRepo(db);
    repo.writeOrders(apiOrders(300, { seed: 18 }).orders.map((order) => toOrderParams(order, order.onchainUser ?? order.owner, 1, 'production', 1)));
    expect(migrate(db, MIGRATIONS)).toBe(MIGRATIONS.length);
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');

    const indexes = db.prepare("SELECT name, sql FROM sqlite_schema WHERE type = 'index' AND name LIKE 'orders_by_%_token_filled' ORDER BY name").all();
    expect(indexes).toEqual([
      { name: 'orders_by_buy_token_filled', sql: 'CREATE INDEX orders_by_buy_token_filled ON orders (environment, buy_key, filled_pct, status, kind, chain_id)' },
      { name: 'orders_by_sell_token_filled', sql: 'CREATE INDEX orders_by_sell_token_filled ON orders (environment, sell_key, filled_pct, status, kind, chain_id)' },
    ]);
    // A token's pages by filled share, either way, read as a long history reads them (each side's first rows off
    // these), page after page from the row before: exactly the whole selection's order.
    const many = { total: 1e6, environmentTotal: 1e9 };
    for (const direction of ['desc', 'asc'] as const) {
      const query = { filter: { token: 'USDC' }, sort: { column: 'filledPct', direction }, limit: 7 } as const;
      const all = [...iterateHistory(db, query, 'production')].map((row) => row.uid);
      expect(all.length).toBeGreaterThan(20);
      const seen: string[] = [];
      let boundary: unknown[] | undefined;
      for (let offset = 0; offset < all.length; offset += 7) {
        const compiled = compileQuery({ ...query, offset }, 'production');
        const { sql, params } = pagePlan(compiled, many, boundary);
        const detail = (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as { detail: string }[]).map((row) => row.detail).join(' | ');
        for (const side of ['sell', 'buy']) expect(detail).toContain(`USING INDEX orders_by_${side}_token_filled (environment=? AND ${side}_key=?`);
        const rows = db.prepare(sql).all(...params) as ({ uid: string; id: number } & Record<string, unknown>)[];
        seen.push(...rows.map((row) => row.uid));
        const last = rows.at(-1)!;
        boundary = [...compiled.keys.map((key) => last[key]), last.id];
      }
      expect(seen).toEqual(all);
    }
  });
});
