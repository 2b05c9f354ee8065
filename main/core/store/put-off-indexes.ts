import type { Database } from 'better-sqlite3';
import { writeTransaction } from './write-transaction';

/**
 * The indexes of the orders table a first sync keeps as it writes: the History
 * screen's first view (newest first, and any filter on it) and the open orders
 * the sync and the watcher read. The uid's own key stays too (SQLite's, not
 * listed here), for the sync's upserts and a pasted UID.
 */
const KEPT = ['orders_by_created', 'orders_live'];

/**
 * A store holding this many orders or more keeps all its indexes: building
 * them again costs about as much as the table is long (2.3 s at 100k orders),
 * which a big store would pay for an account that may bring a few orders.
 */
export const PUT_OFF_BELOW = 10_000;

/**
 * A first sync of a long history writes every order into 24 indexes (22 then), each
 * sort and token shape of the History screen: 25 s of the writer thread for
 * 100k orders, each 10k slower than the last; without the indexes 7.5 s, and
 * building them afterwards 2.3 s (measured, issue 35). So the pass drops them
 * (but KEPT) while it writes, keeping each one's definition in put_off_indexes
 * in the same transaction, and buildPutOffIndexes() makes them again once the
 * pass has its orders in (between the writes of its fills, on the store's
 * writer thread), or at its end. Meanwhile the other History sorts read the
 * table, not an index.
 * Answers how many were put off: none when the store is not small
 * (PUT_OFF_BELOW) or they are put off already.
 */
export function putOffIndexes(db: Database): number {
  return writeTransaction(db, () => {
    const stored = db.prepare('SELECT count(*) FROM (SELECT 1 FROM orders LIMIT ?)').pluck().get(PUT_OFF_BELOW) as number;
    if (stored >= PUT_OFF_BELOW) return 0;
    const indexes = db
      .prepare(`SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'orders' AND sql IS NOT NULL AND name NOT IN (${KEPT.map(() => '?').join(', ')})`)
      .all(...KEPT) as { name: string; sql: string }[];
    const keep = db.prepare('INSERT INTO put_off_indexes (name, sql) VALUES (?, ?)');
    for (const { name, sql } of indexes) {
      keep.run(name, sql);
      db.exec(`DROP INDEX "${name}"`);
    }
    return indexes.length;
  });
}

/**
 * Builds the indexes putOffIndexes() dropped, each in its own transaction with
 * the removal of its definition: the main connection's writes wait for one
 * index's build at most (about 0.1 s at 100k orders), not for all of them, and
 * a crash keeps what is still to build. Also at every start (open-store.ts),
 * for a pass a crash cut. `most`: builds that many at most (the writer thread
 * builds one at a time between a sync's pages). Answers how many it built.
 */
export function buildPutOffIndexes(db: Database, most = Infinity): number {
  // Before migration 17 there is nothing put off (the store opening is older than it).
  if (!db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'put_off_indexes'").get()) return 0;
  const putOff = db.prepare('SELECT name, sql FROM put_off_indexes ORDER BY name LIMIT ?').all(Number.isFinite(most) ? most : -1) as { name: string; sql: string }[];
  if (putOff.length === 0) return 0;
  const built = db.prepare('DELETE FROM put_off_indexes WHERE name = ?');
  let count = 0;
  // Each build sorts every row's key: in a temporary file, not in memory, where the writer thread keeps its
  // savepoints (temp_store = MEMORY). Rebuilding the 20 indexes (then) of a 100k-order history took 18.5-18.8 MB more
  // at its peak in memory, 5.1 MB in a file, and 2.9 s against 3.2-3.4 s (issue 35).
  const tempStore = db.pragma('temp_store', { simple: true }) as number;
  db.pragma('temp_store = FILE');
  try {
    for (const { name, sql } of putOff) {
      writeTransaction(db, () => {
        // Another connection may have built it since the list was read (a thread ending as the next pass's ends).
        if (built.run(name).changes === 0) return;
        db.exec(sql);
        count += 1;
      });
    }
  } finally {
    db.pragma(`temp_store = ${tempStore}`);
  }
  return count;
}
