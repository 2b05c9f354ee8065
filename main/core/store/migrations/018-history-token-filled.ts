import type { Migration } from '../migrate';

/**
 * Issue 35: a token filter sorted by filled share walked the whole filled
 * index past the orders without the token: a token whose orders went unfilled
 * (an old one, long expired) sits at the far end of a descending sort, 6.8 ms
 * at 100k orders idle, 14.9 ms beside two CPU hogs. Per token side, the filled
 * sort's index after the side's key (the columns of orders_by_filled,
 * migration 007, so the order is the same to the last tie), read as the time,
 * amount and token sorts read theirs (migration 015): each side's first rows
 * in order, straight off its index.
 */
export const historyTokenFilledMigration: Migration = {
  version: 18,
  name: 'history-token-filled',
  up(db) {
    db.exec(`
      CREATE INDEX orders_by_sell_token_filled ON orders (environment, sell_key, filled_pct, status, kind, chain_id);
      CREATE INDEX orders_by_buy_token_filled ON orders (environment, buy_key, filled_pct, status, kind, chain_id);
    `);
  },
};
