import type { Migration } from '../migrate';

/**
 * The order watcher's memory. watch_events holds every event once, keyed by
 * its stable identity, so a restart or a second source (the service's
 * notification list and our own reading of the order) never shows it twice.
 * watch_orders keeps the last state the watcher saw of each order: the
 * history sync updates the orders table on its own, so it cannot serve as the
 * "before" of a transition. Times are epoch milliseconds.
 */
export const watcherEventsMigration: Migration = {
  version: 6,
  name: 'watcher-events',
  up(db) {
    db.exec(`
      CREATE TABLE watch_events (
        id TEXT PRIMARY KEY,
        type TEXT NOT NULL CHECK (type IN ('order_filled', 'order_expired', 'order_cancelled', 'order_partially_filled', 'insufficient_balance', 'price_improvement')),
        environment TEXT NOT NULL,
        account TEXT NOT NULL,
        chain_id INTEGER,
        order_uid TEXT,
        source TEXT NOT NULL CHECK (source IN ('orders', 'service')),
        occurred_at INTEGER NOT NULL,
        title TEXT NOT NULL,
        body TEXT NOT NULL,
        read INTEGER NOT NULL DEFAULT 0 CHECK (read IN (0, 1)),
        notified INTEGER NOT NULL CHECK (notified IN (0, 1))
      ) STRICT;
      CREATE INDEX watch_events_recent ON watch_events (occurred_at DESC);
      CREATE INDEX watch_events_unread ON watch_events (read) WHERE read = 0;

      CREATE TABLE watch_orders (
        uid TEXT PRIMARY KEY,
        status TEXT NOT NULL,
        executed_sell TEXT NOT NULL,
        executed_buy TEXT NOT NULL,
        seen_at INTEGER NOT NULL
      ) STRICT;
    `);
  },
};
