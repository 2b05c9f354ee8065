import type { Migration } from '../migrate';

/**
 * The order history cache: every field of interface.md's Order as its own
 * column (nested objects as JSON), the raw record as the service sent it (so a
 * field added upstream is kept even before a column exists for it), fills,
 * appData documents, one sync cursor per (account, chain, environment), and the
 * journal of orders this app submits. Addresses are compared without case.
 * Amounts are decimal strings: uint256 does not fit any SQLite number.
 */
export const orderHistoryMigration: Migration = {
  version: 3,
  name: 'order-history',
  up(db) {
    db.exec(`
      CREATE TABLE orders (
        uid TEXT PRIMARY KEY NOT NULL CHECK (uid GLOB '0x*' AND length(uid) = 114),
        account TEXT NOT NULL COLLATE NOCASE,
        chain_id INTEGER NOT NULL,
        environment TEXT NOT NULL CHECK (environment IN ('production', 'staging')),
        owner TEXT NOT NULL COLLATE NOCASE,
        sell_token TEXT NOT NULL COLLATE NOCASE,
        buy_token TEXT NOT NULL COLLATE NOCASE,
        sell_amount TEXT NOT NULL,
        buy_amount TEXT NOT NULL,
        valid_to INTEGER NOT NULL,
        fee_amount TEXT,
        kind TEXT NOT NULL CHECK (kind IN ('sell', 'buy')),
        partially_fillable INTEGER,
        signing_scheme TEXT,
        signature TEXT,
        app_data TEXT,
        app_data_hash TEXT,
        full_app_data TEXT,
        creation_date TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        class TEXT,
        owner_from TEXT COLLATE NOCASE,
        receiver TEXT COLLATE NOCASE,
        executed_sell_amount TEXT,
        executed_sell_amount_before_fees TEXT,
        executed_buy_amount TEXT,
        executed_fee_amount TEXT,
        executed_fee TEXT,
        executed_fee_token TEXT,
        invalidated INTEGER,
        status TEXT NOT NULL,
        settlement_contract TEXT,
        sell_token_balance TEXT,
        buy_token_balance TEXT,
        quote_id INTEGER,
        full_balance_check INTEGER,
        available_balance TEXT,
        is_liquidity_order INTEGER,
        onchain_user TEXT COLLATE NOCASE,
        valid_from INTEGER,
        ethflow_data TEXT CHECK (ethflow_data IS NULL OR json_valid(ethflow_data)),
        onchain_order_data TEXT CHECK (onchain_order_data IS NULL OR json_valid(onchain_order_data)),
        quote TEXT CHECK (quote IS NULL OR json_valid(quote)),
        interactions TEXT CHECK (interactions IS NULL OR json_valid(interactions)),
        raw TEXT NOT NULL CHECK (json_valid(raw)),
        -- Derived on write so the table can filter, sort and search on them.
        app_code TEXT,
        sell_symbol TEXT,
        buy_symbol TEXT,
        filled_pct REAL NOT NULL DEFAULT 0,
        -- Set for orders this app submitted and the service has not confirmed (see submissions).
        local_state TEXT CHECK (local_state IS NULL OR local_state IN ('submitting', 'unsent', 'failed')),
        -- executed_sell_amount when this order's fills were last fetched completely: a
        -- different value means new fills to fetch, and a crash mid-fetch leaves it stale.
        trades_for TEXT,
        synced_at INTEGER NOT NULL
      ) STRICT;
      CREATE INDEX orders_env_created ON orders (environment, created_at DESC);
      CREATE INDEX orders_env_account_chain ON orders (environment, account, chain_id, created_at DESC);
      CREATE INDEX orders_env_status ON orders (environment, status, created_at DESC);

      CREATE TABLE trades (
        chain_id INTEGER NOT NULL,
        block_number INTEGER NOT NULL,
        log_index INTEGER NOT NULL,
        order_uid TEXT NOT NULL REFERENCES orders (uid) ON DELETE CASCADE,
        owner TEXT NOT NULL COLLATE NOCASE,
        sell_token TEXT NOT NULL,
        buy_token TEXT NOT NULL,
        sell_amount TEXT NOT NULL,
        sell_amount_before_fees TEXT NOT NULL,
        buy_amount TEXT NOT NULL,
        tx_hash TEXT,
        executed_protocol_fees TEXT CHECK (executed_protocol_fees IS NULL OR json_valid(executed_protocol_fees)),
        raw TEXT NOT NULL CHECK (json_valid(raw)),
        PRIMARY KEY (chain_id, block_number, log_index)
      ) STRICT;
      CREATE INDEX trades_order ON trades (order_uid);

      CREATE TABLE app_data (
        hash TEXT PRIMARY KEY NOT NULL,
        full_app_data TEXT NOT NULL,
        app_code TEXT
      ) STRICT;

      CREATE TABLE sync_cursors (
        account TEXT NOT NULL COLLATE NOCASE,
        chain_id INTEGER NOT NULL,
        environment TEXT NOT NULL,
        -- Newest order of the last complete pass: paging stops when it shows up again.
        head_uid TEXT,
        last_synced_at INTEGER,
        last_error TEXT,
        PRIMARY KEY (account, chain_id, environment)
      ) STRICT;

      CREATE TABLE submissions (
        uid TEXT PRIMARY KEY NOT NULL,
        account TEXT NOT NULL COLLATE NOCASE,
        chain_id INTEGER NOT NULL,
        environment TEXT NOT NULL,
        body TEXT NOT NULL CHECK (json_valid(body)),
        state TEXT NOT NULL CHECK (state IN ('submitting', 'submitted', 'unsent', 'failed')),
        error TEXT,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      ) STRICT;
      CREATE INDEX submissions_state ON submissions (state);
    `);
  },
};
