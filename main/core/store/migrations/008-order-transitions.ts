import type { Migration } from '../migrate';

/**
 * Issue 16: one stream of order transitions. Whoever learns that an order
 * changed (the Trade tracker, the history sync, the watcher's round, the
 * journal) writes the order row; this trigger records the change in the same
 * statement, so in the same transaction, whichever code path wrote it. An
 * insert (an order first seen) is no transition: old history is not news.
 * Consumers read the stream by id, each with its own cursor, and interpret a
 * change with main/common/orders/transitions (the one definition of "filled",
 * "partially filled", "expired", "cancelled").
 *
 * recorded_at is the wall clock in ms when the change was written: within one
 * tracking interval of the change at the service, the closest stamp the
 * orderbook's answers allow for fills and cancellations (they carry no time).
 *
 * watch_orders (006) kept the watcher's own "before" of each order; the
 * trigger's OLD row is that before for every reader, so it goes.
 */
export const orderTransitionsMigration: Migration = {
  version: 8,
  name: 'order-transitions',
  up(db) {
    db.exec(`
      CREATE TABLE order_transitions (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        uid TEXT NOT NULL,
        environment TEXT NOT NULL,
        account TEXT NOT NULL,
        chain_id INTEGER NOT NULL,
        from_status TEXT NOT NULL,
        to_status TEXT NOT NULL,
        from_executed_sell TEXT,
        to_executed_sell TEXT,
        from_executed_buy TEXT,
        to_executed_buy TEXT,
        recorded_at INTEGER NOT NULL
      ) STRICT;
      CREATE INDEX order_transitions_uid ON order_transitions (uid);

      CREATE TABLE order_transition_cursors (
        consumer TEXT PRIMARY KEY,
        last_id INTEGER NOT NULL
      ) STRICT;

      CREATE TRIGGER orders_record_transition AFTER UPDATE OF status, executed_sell_amount, executed_buy_amount ON orders
      WHEN OLD.status IS NOT NEW.status
        OR OLD.executed_sell_amount IS NOT NEW.executed_sell_amount
        OR OLD.executed_buy_amount IS NOT NEW.executed_buy_amount
      BEGIN
        INSERT INTO order_transitions (uid, environment, account, chain_id, from_status, to_status,
          from_executed_sell, to_executed_sell, from_executed_buy, to_executed_buy, recorded_at)
        VALUES (NEW.uid, NEW.environment, NEW.account, NEW.chain_id, OLD.status, NEW.status,
          OLD.executed_sell_amount, NEW.executed_sell_amount, OLD.executed_buy_amount, NEW.executed_buy_amount,
          CAST(unixepoch('subsec') * 1000 AS INTEGER));
      END;

      DROP TABLE watch_orders;
    `);
  },
};
