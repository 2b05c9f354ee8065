import type { Database, Statement } from 'better-sqlite3';
import { packOrderRest, packTradeRest } from '../../history/rest-codec';
import type { Migration } from '../migrate';

/** Order fields that become columns; the rest of the record stays JSON. Frozen here: a shipped migration never changes. */
const ORDER_FIELDS: readonly [field: string, column: string, boolean?][] = [
  ['uid', 'uid'], ['owner', 'owner'], ['sellToken', 'sell_token'], ['buyToken', 'buy_token'], ['sellAmount', 'sell_amount'],
  ['buyAmount', 'buy_amount'], ['validTo', 'valid_to'], ['kind', 'kind'], ['status', 'status'], ['receiver', 'receiver'],
  ['partiallyFillable', 'partially_fillable', true], ['executedSellAmount', 'executed_sell_amount'],
  ['executedBuyAmount', 'executed_buy_amount'], ['invalidated', 'invalidated', true],
];
const TRADE_KEY_FIELDS = ['blockNumber', 'logIndex', 'orderUid'];

/**
 * One index per sort column of the History screen: environment (every History
 * query has it), the sort key, then status, kind and chain as tie-breakers (so
 * those filters are checked in the index, without reading the row), then the
 * rowid SQLite appends, the final tie-break. history-query.ts orders by the same list.
 */
const SORT_INDEXES: Record<string, string> = {
  created: 'created_at, status, kind, chain_id',
  account: 'account, status, kind, chain_id',
  chain: 'chain_id, status, kind',
  status: 'status, kind, chain_id',
  kind: 'kind, status, chain_id',
  sell_token: 'sell_key, status, kind, chain_id',
  buy_token: 'buy_key, status, kind, chain_id',
  sell_amount: 'sell_len, sell_amount, status, kind, chain_id',
  buy_amount: 'buy_len, buy_amount, status, kind, chain_id',
  filled: 'filled_pct, status, kind, chain_id',
  valid_to: 'valid_to, status, kind, chain_id',
  app_code: 'app_key, status, kind, chain_id',
  uid: 'uid, status, kind, chain_id',
};

const FTS_COLUMNS = 'uid, owner, receiver, sell_token, buy_token, sell_symbol, buy_symbol, app_code, status';

/**
 * Issue 17: the orders table stored every field twice (columns and the raw
 * record) and sorted most History columns by scanning it. Now:
 * - each order field is stored once: the columns the History screen filters,
 *   sorts and shows, and everything else in `rest` (JSON, as sent);
 *   fills likewise keep their key columns out of their JSON;
 * - one index per sort column, led by environment (every History query has
 *   it) and ending in the rowid, which is also the tie-break, so any page in
 *   either direction is read straight off an index, keyset or offset;
 * - order_counts, kept by triggers, answers "how many orders" for the
 *   account, chain, status and kind filters without reading the orders;
 * - sync cursors remember the newest fill of the last complete pass and
 *   where the rotating refresh of open orders left off.
 * Rows keep their rowids, so the full-text index (external content) stays valid.
 */
export const ordersReshapeMigration: Migration = {
  version: 7,
  name: 'orders-reshape',
  up(db) {
    db.exec(`
      CREATE TABLE orders_new (
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
        kind TEXT NOT NULL CHECK (kind IN ('sell', 'buy')),
        status TEXT NOT NULL,
        receiver TEXT COLLATE NOCASE,
        partially_fillable INTEGER,
        executed_sell_amount TEXT,
        executed_buy_amount TEXT,
        invalidated INTEGER,
        -- Every other field of the order as the service sent it (unknown ones included): JSON, packed (history/rest-codec.ts).
        rest BLOB NOT NULL,
        created_at INTEGER NOT NULL,
        expires_at INTEGER NOT NULL,
        app_code TEXT,
        sell_symbol TEXT,
        buy_symbol TEXT,
        filled_pct REAL NOT NULL DEFAULT 0,
        local_state TEXT CHECK (local_state IS NULL OR local_state IN ('submitting', 'unsent', 'failed')),
        synced_at INTEGER NOT NULL,
        -- Sort keys, computed when read (nothing stored): tokens by symbol when known; amounts
        -- (decimal strings without leading zeros) by length, then text; no appCode sorts as ''.
        sell_key TEXT COLLATE NOCASE GENERATED ALWAYS AS (coalesce(sell_symbol, sell_token)) VIRTUAL,
        buy_key TEXT COLLATE NOCASE GENERATED ALWAYS AS (coalesce(buy_symbol, buy_token)) VIRTUAL,
        sell_len INTEGER GENERATED ALWAYS AS (length(sell_amount)) VIRTUAL,
        buy_len INTEGER GENERATED ALWAYS AS (length(buy_amount)) VIRTUAL,
        app_key TEXT GENERATED ALWAYS AS (coalesce(app_code, '')) VIRTUAL
      ) STRICT;
    `);
    copyOrders(db);
    db.exec(`
      CREATE TABLE trades_copy (order_uid TEXT NOT NULL, block_number INTEGER NOT NULL, log_index INTEGER NOT NULL, rest BLOB NOT NULL) STRICT;
    `);
    copyTrades(db);
    // Children first: dropping orders while trades points at it would cascade.
    db.exec(`
      DROP TABLE trades;
      DROP TABLE orders;
      ALTER TABLE orders_new RENAME TO orders;
      CREATE TABLE trades (
        order_uid TEXT NOT NULL REFERENCES orders (uid) ON DELETE CASCADE,
        block_number INTEGER NOT NULL,
        log_index INTEGER NOT NULL,
        -- The other fields of the fill, as the service sent them: JSON, packed (history/rest-codec.ts).
        rest BLOB NOT NULL,
        PRIMARY KEY (order_uid, block_number, log_index)
      ) STRICT, WITHOUT ROWID;
      INSERT INTO trades SELECT order_uid, block_number, log_index, rest FROM trades_copy;
      DROP TABLE trades_copy;
    `);
    for (const [name, columns] of Object.entries(SORT_INDEXES)) db.exec(`CREATE INDEX orders_by_${name} ON orders (environment, ${columns})`);
    db.exec(`
      -- The sync's own lookups: open orders of a scope, and fills to fetch.
      CREATE INDEX orders_live ON orders (account, chain_id, environment, uid) WHERE status NOT IN ('fulfilled', 'expired', 'cancelled');

      CREATE TRIGGER orders_fts_insert AFTER INSERT ON orders BEGIN
        INSERT INTO orders_fts (rowid, ${FTS_COLUMNS}) VALUES (new.rowid, ${prefixed('new')});
      END;
      CREATE TRIGGER orders_fts_delete AFTER DELETE ON orders BEGIN
        INSERT INTO orders_fts (orders_fts, rowid, ${FTS_COLUMNS}) VALUES ('delete', old.rowid, ${prefixed('old')});
      END;
      CREATE TRIGGER orders_fts_update AFTER UPDATE OF ${FTS_COLUMNS} ON orders BEGIN
        INSERT INTO orders_fts (orders_fts, rowid, ${FTS_COLUMNS}) VALUES ('delete', old.rowid, ${prefixed('old')});
        INSERT INTO orders_fts (rowid, ${FTS_COLUMNS}) VALUES (new.rowid, ${prefixed('new')});
      END;

      CREATE TABLE order_counts (
        environment TEXT NOT NULL,
        account TEXT NOT NULL COLLATE NOCASE,
        chain_id INTEGER NOT NULL,
        status TEXT NOT NULL,
        kind TEXT NOT NULL,
        n INTEGER NOT NULL,
        PRIMARY KEY (environment, account, chain_id, status, kind)
      ) STRICT, WITHOUT ROWID;
      INSERT INTO order_counts SELECT environment, account, chain_id, status, kind, count(*) FROM orders GROUP BY 1, 2, 3, 4, 5;
      CREATE TRIGGER order_counts_insert AFTER INSERT ON orders BEGIN
        ${countChange('new', 1)}
      END;
      CREATE TRIGGER order_counts_delete AFTER DELETE ON orders BEGIN
        ${countChange('old', -1)}
      END;
      CREATE TRIGGER order_counts_update AFTER UPDATE OF environment, account, chain_id, status, kind ON orders BEGIN
        ${countChange('old', -1)}
        ${countChange('new', 1)}
      END;

      -- appData documents were a third copy of what each order carries; nothing read them.
      DROP TABLE app_data;
      ALTER TABLE sync_cursors ADD COLUMN trades_head TEXT;
      ALTER TABLE sync_cursors ADD COLUMN refresh_after TEXT;
    `);
  },
};

const prefixed = (row: string) => FTS_COLUMNS.split(', ').map((column) => `${row}.${column}`).join(', ');

const countChange = (row: string, delta: number) => `
  INSERT INTO order_counts (environment, account, chain_id, status, kind, n)
  VALUES (${row}.environment, ${row}.account, ${row}.chain_id, ${row}.status, ${row}.kind, ${delta})
  ON CONFLICT DO UPDATE SET n = n + ${delta};`;

function copyOrders(db: Database): void {
  const keep = ['account', 'chain_id', 'environment', 'created_at', 'app_code', 'sell_symbol', 'buy_symbol', 'filled_pct', 'local_state', 'synced_at'];
  const columns = [...ORDER_FIELDS.map(([, column]) => column), 'rest', 'expires_at', ...keep];
  const insert = db.prepare(`INSERT INTO orders_new (rowid, ${columns.join(', ')}) VALUES (@rowid, ${columns.map((column) => `@${column}`).join(', ')})`);
  // status and the amounts come from the columns: the submission journal updates them in place, not in raw.
  const read = db.prepare(`SELECT rowid, raw, status, ${keep.join(', ')} FROM orders WHERE rowid > ? ORDER BY rowid LIMIT 1000`);
  for (const row of batches(read) as Iterable<Record<string, unknown> & { raw: string; status: string }>) {
    const order = JSON.parse(row.raw) as Record<string, unknown>;
    order.status = row.status;
    const values: Record<string, unknown> = { rowid: row.rowid };
    for (const column of keep) values[column] = row[column];
    for (const [field, column, boolean] of ORDER_FIELDS) {
      const value = order[field];
      if (value === null || value === undefined) {
        values[column] = null;
        continue;
      }
      values[column] = boolean ? (value ? 1 : 0) : value;
      delete order[field];
    }
    values.expires_at = (order.ethflowData as { userValidTo?: number } | null | undefined)?.userValidTo ?? values.valid_to;
    values.rest = packOrderRest(JSON.stringify(order));
    insert.run(values);
  }
}

function copyTrades(db: Database): void {
  const insert = db.prepare('INSERT INTO trades_copy VALUES (?, ?, ?, ?)');
  const read = db.prepare('SELECT rowid, order_uid, block_number, log_index, raw FROM trades WHERE rowid > ? ORDER BY rowid LIMIT 1000');
  for (const row of batches(read) as Iterable<{ order_uid: string; block_number: number; log_index: number; raw: string }>) {
    const trade = JSON.parse(row.raw) as Record<string, unknown>;
    for (const field of TRADE_KEY_FIELDS) delete trade[field];
    insert.run(row.order_uid, row.block_number, row.log_index, packTradeRest(JSON.stringify(trade)));
  }
}

/** Rows in rowid order, a thousand at a time (SQLite cannot write while a statement iterates). */
function* batches(read: Statement): Generator<Record<string, unknown>> {
  for (let after = 0; ; ) {
    const rows = read.all(after) as (Record<string, unknown> & { rowid: number })[];
    if (rows.length === 0) return;
    yield* rows;
    after = rows.at(-1)!.rowid;
  }
}
