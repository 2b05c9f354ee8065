import { describe, expect, it } from 'vitest';
import { HistoryQueries, iterateHistory } from '../../../../../main/core/history/history-query';
import { toOrderParams } from '../../../../../main/core/history/order-row';
import { OrdersRepo } from '../../../../../main/core/history/orders-repo';
import { migrate } from '../../../../../main/core/store/migrate';
import { MIGRATIONS } from '../../../../../main/core/store/migrations';
import { historyTokenFilterMigration } from '../../../../../main/core/store/migrations/015-history-token-filter';
import { openStore } from '../../../../../main/core/store/open-store';
import { apiOrders } from '../../../../bench/api-orders';

const GROUP = 'environment, sell_key, buy_key, sell_token, buy_token, account, chain_id, status, kind';

describe('migration 015: maintained token counts and token side indexes for the History token filter', () => {
  it('counts the orders a version 14 store holds, in both environments, and keeps counting what is written after', () => {
    const db = openStore(':memory:', MIGRATIONS.slice(0, MIGRATIONS.indexOf(historyTokenFilterMigration))).db;
    const repo = new OrdersRepo(db);
    const write = (count: number, seed: number, environment: 'production' | 'staging') =>
      repo.writeOrders(apiOrders(count, { seed }).orders.map((order) => toOrderParams(order, order.onchainUser ?? order.owner, 1, environment, 1)));
    write(150, 3, 'production');
    write(40, 4, 'staging');
    // Up to this migration: a later one adds side indexes of its own (018).
    const upTo = MIGRATIONS.indexOf(historyTokenFilterMigration) + 1;
    expect(migrate(db, MIGRATIONS.slice(0, upTo))).toBe(upTo);

    const kept = () => db.prepare(`SELECT ${GROUP}, n FROM order_token_counts WHERE n > 0 ORDER BY ${GROUP}`).all();
    const counted = () => db.prepare(`SELECT ${GROUP}, count(*) AS n FROM orders GROUP BY ${GROUP} ORDER BY ${GROUP}`).all();
    expect(kept()).toEqual(counted());
    write(30, 5, 'production');
    expect(kept()).toEqual(counted());

    const queries = new HistoryQueries(db);
    for (const environment of ['production', 'staging'] as const) {
      for (const token of ['USDC', '0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2']) {
        const query = { filter: { token }, sort: { column: 'sellAmount', direction: 'desc' } } as const;
        const all = [...iterateHistory(db, query, environment)].map((row) => row.uid);
        const page = queries.page(query, environment);
        expect(page.total).toBe(all.length);
        expect(page.rows.map((row) => row.uid)).toEqual(all.slice(0, 100));
      }
    }
    const indexes = (db.prepare("SELECT name FROM sqlite_schema WHERE type = 'index' AND name LIKE 'orders_by_%_token_%'").all() as { name: string }[]).map((row) => row.name);
    expect(indexes.sort()).toEqual([
      'orders_by_buy_token_buy_amount', 'orders_by_buy_token_created', 'orders_by_buy_token_sell_amount', 'orders_by_buy_token_sell_token',
      'orders_by_sell_token_buy_amount', 'orders_by_sell_token_buy_token', 'orders_by_sell_token_created', 'orders_by_sell_token_sell_amount',
    ]);
  });
});
