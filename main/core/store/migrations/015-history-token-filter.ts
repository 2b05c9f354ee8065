import type { Migration } from '../migrate';

/** What a token filter of the History screen compares (history-query.ts), and what the count filters on besides. Frozen here: a shipped migration never changes. */
const GROUP = ['environment', 'sell_key', 'buy_key', 'sell_token', 'buy_token', 'account', 'chain_id', 'status', 'kind'] as const;

/**
 * Per token side, the sorts a token's orders cluster in by their nature: by
 * time (a token traded for a while, long ago), by amount (a 6-decimal
 * token's amounts are the shortest) and by token (one side of a token's
 * orders is one block of that sort). With the sort index alone, a filter on
 * such a token walked past most of the history before its first match; with
 * these, each side's first rows in order are read off its own index (the
 * columns after the side's key are the sort index's, migration 007, so the
 * order is the same to the last tie). Sorting by a side's own token, that
 * side's orders are read off the token's sort index itself.
 */
const SIDE_INDEXES: [name: string, columns: string][] = [
  ['sell_token_created', 'sell_key, created_at, status, kind, chain_id'],
  ['buy_token_created', 'buy_key, created_at, status, kind, chain_id'],
  ['sell_token_sell_amount', 'sell_key, sell_len, sell_amount, status, kind, chain_id'],
  ['buy_token_sell_amount', 'buy_key, sell_len, sell_amount, status, kind, chain_id'],
  ['sell_token_buy_amount', 'sell_key, buy_len, buy_amount, status, kind, chain_id'],
  ['buy_token_buy_amount', 'buy_key, buy_len, buy_amount, status, kind, chain_id'],
  ['buy_token_sell_token', 'buy_key, sell_key, status, kind, chain_id'],
  ['sell_token_buy_token', 'sell_key, buy_key, status, kind, chain_id'],
];

const countChange = (row: 'new' | 'old', delta: 1 | -1) => `
  INSERT INTO order_token_counts (${GROUP.join(', ')}, n)
  VALUES (${GROUP.map((column) => `${row}.${column}`).join(', ')}, ${delta})
  ON CONFLICT DO UPDATE SET n = n + ${delta};`;

/**
 * Issue 35: a History token filter was counted by reading every matching
 * order (45-74 ms at 100k, 90-220 ms for a token given by address), again
 * after every commit, so on every re-read during a sync. Now the counts are
 * kept by triggers, in the same transaction as the write, like order_counts
 * (migration 007): one row per group of orders that agree on everything a
 * token filter and the account, chain, status and kind filters compare
 * (both sides' sort keys and addresses, in the orders table's collations),
 * so the History query's own WHERE clause runs on this table unchanged and
 * sums a few hundred rows. Groups are bounded by distinct token pairs, not orders.
 * And indexes per token side for the sorts a token clusters in (SIDE_INDEXES).
 */
export const historyTokenFilterMigration: Migration = {
  version: 15,
  name: 'history-token-filter',
  up(db) {
    db.exec(`
      CREATE TABLE order_token_counts (
        environment TEXT NOT NULL,
        sell_key TEXT NOT NULL COLLATE NOCASE,
        buy_key TEXT NOT NULL COLLATE NOCASE,
        sell_token TEXT NOT NULL COLLATE NOCASE,
        buy_token TEXT NOT NULL COLLATE NOCASE,
        account TEXT NOT NULL COLLATE NOCASE,
        chain_id INTEGER NOT NULL,
        status TEXT NOT NULL,
        kind TEXT NOT NULL,
        n INTEGER NOT NULL,
        PRIMARY KEY (${GROUP.join(', ')})
      ) STRICT, WITHOUT ROWID;
      -- The buy side of a token filter's OR (the key leads the sell side).
      CREATE INDEX order_token_counts_by_buy ON order_token_counts (environment, buy_key);
      ${SIDE_INDEXES.map(([name, columns]) => `CREATE INDEX orders_by_${name} ON orders (environment, ${columns});`).join('\n      ')}
      INSERT INTO order_token_counts SELECT ${GROUP.join(', ')}, count(*) FROM orders GROUP BY ${GROUP.join(', ')};
      CREATE TRIGGER order_token_counts_insert AFTER INSERT ON orders BEGIN
        ${countChange('new', 1)}
      END;
      CREATE TRIGGER order_token_counts_delete AFTER DELETE ON orders BEGIN
        ${countChange('old', -1)}
      END;
      CREATE TRIGGER order_token_counts_update
        AFTER UPDATE OF environment, account, chain_id, status, kind, sell_token, buy_token, sell_symbol, buy_symbol ON orders BEGIN
        ${countChange('old', -1)}
        ${countChange('new', 1)}
      END;
    `);
  },
};
