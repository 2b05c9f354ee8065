// What the orders a batch inserts add to the tables derived from them (their
// full-text entries, their counts), added in one statement each once the batch
// is written rather than by triggers row by row. Self-contained (erasable
// TypeScript, relative imports with their extension): the writer thread
// imports it from source.
import type { Database, Statement } from 'better-sqlite3';
import { SEARCHED_COLUMNS } from '../history/search-rows.ts';

/** order_counts' groups (migration 007). */
const COUNTED = ['environment', 'account', 'chain_id', 'status', 'kind'];
/** order_token_counts' groups (migration 015). */
const TOKEN_COUNTED = ['environment', 'sell_key', 'buy_key', 'sell_token', 'buy_token', 'account', 'chain_id', 'status', 'kind'];

/**
 * The same rows the triggers of migrations 007 and 015 add for each order
 * inserted, for every order above a rowid (the parameter): a batch's own,
 * read by rowid alone. NOT INDEXED: orders_by_account covers order_counts'
 * groups, and the planner took it and scanned every order at each batch (8 ms
 * a batch of 64 at 100k orders) wherever that index is in place, that is in
 * every write but a long first sync into a near-empty store
 * (put-off-indexes.ts). On all three statements alike, so that no index added
 * later can turn one of them into a scan.
 */
export const DERIVE_SQL = [
  `INSERT INTO orders_fts (rowid, ${SEARCHED_COLUMNS.join(', ')}) SELECT rowid, ${SEARCHED_COLUMNS.join(', ')} FROM orders NOT INDEXED WHERE rowid > ?`,
  `INSERT INTO order_counts (${COUNTED.join(', ')}, n) SELECT ${COUNTED.join(', ')}, count(*) FROM orders NOT INDEXED WHERE rowid > ?
    GROUP BY ${COUNTED.join(', ')} ON CONFLICT DO UPDATE SET n = n + excluded.n`,
  `INSERT INTO order_token_counts (${TOKEN_COUNTED.join(', ')}, n) SELECT ${TOKEN_COUNTED.join(', ')}, count(*) FROM orders NOT INDEXED WHERE rowid > ?
    GROUP BY ${TOKEN_COUNTED.join(', ')} ON CONFLICT DO UPDATE SET n = n + excluded.n`,
];

/** The store version whose triggers leave a batch's orders to writeDerivedInBulk() (migration 020). */
const GUARDED_FROM_VERSION = 20;

/** Per connection, while a batch is written: the largest rowid before it. Orders above it are the batch's. */
const floors = new WeakMap<Database, number>();
const prepared = new WeakMap<Database, { floor: Statement; derive: Statement[] }>();

/**
 * derived_later(rowid), the guard of those triggers (migration 020): whether
 * the order is one the batch under way inserted, whose derived rows
 * writeDerivedInBulk() adds after it. Always false outside a batch, so every
 * other write (the main connection's updates, a delete) keeps them by trigger.
 */
export const derivedLater = (db: Database) => (rowid: unknown) => (Number(rowid) > (floors.get(db) ?? Number.POSITIVE_INFINITY) ? 1 : 0);

/**
 * Writes a batch of orders (inside the caller's transaction or savepoint,
 * which undoes all of it if `write` throws), then adds what the orders it
 * inserted derive, in one statement per table. By triggers, row by row, the
 * full-text entries cost a first sync's writes 60-70 µs an order and the two
 * counts 70, of 195-245 in all; in bulk the writes took 137-153 (measured,
 * issue 35). An order the batch inserts and then updates is derived once, as
 * it ends.
 */
export function writeDerivedInBulk<T>(db: Database, write: () => T): T {
  // Outside a transaction a failure half-way would leave the orders written before it without their derived rows.
  if (!db.inTransaction) throw new Error('A batch of orders is written inside a transaction: its derived rows are added at its end.');
  // A store not yet at version 20 (a migration's own test writes one) keeps them by trigger alone.
  if (floors.has(db) || (db.pragma('user_version', { simple: true }) as number) < GUARDED_FROM_VERSION) return write();
  let statements = prepared.get(db);
  if (!statements) {
    statements = { floor: db.prepare('SELECT coalesce(max(rowid), 0) FROM orders').pluck(), derive: DERIVE_SQL.map((sql) => db.prepare(sql)) };
    prepared.set(db, statements);
  }
  const floor = statements.floor.get() as number;
  floors.set(db, floor);
  try {
    const result = write();
    // A batch that inserted no order (fills, cursors, changes to orders held) has nothing to add.
    if ((statements.floor.get() as number) > floor) for (const derive of statements.derive) derive.run(floor);
    return result;
  } finally {
    floors.delete(db);
  }
}
