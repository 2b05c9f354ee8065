import { describe, expect, it } from 'vitest';
import { HistoryQueries, iterateHistory } from '../../../../../main/core/history/history-query';
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
    // A token's pages by filled share, either way, as the whole selection sorts (history-token-filter.test.ts reads
    // the plan: each side's first rows off these).
    const queries = new HistoryQueries(db);
    for (const direction of ['desc', 'asc'] as const) {
      const query = { filter: { token: 'USDC' }, sort: { column: 'filledPct', direction }, limit: 7 } as const;
      const all = [...iterateHistory(db, query, 'production')].map((row) => row.uid);
      expect(all.length).toBeGreaterThan(7);
      expect(queries.page(query, 'production').rows.map((row) => row.uid)).toEqual(all.slice(0, 7));
    }
  });
});
