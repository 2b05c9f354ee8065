import type { Database } from 'better-sqlite3';

/**
 * Runs `work` in a transaction that takes the write lock as it begins (BEGIN
 * IMMEDIATE). The store's writer thread commits while the main thread works:
 * a deferred transaction that reads and then writes after such a commit fails
 * at once with SQLITE_BUSY (its snapshot is stale, and no busy timeout helps);
 * one that holds the lock from the start waits its turn (busy_timeout)
 * instead. Nested in another transaction it is a savepoint of that one.
 * Every transaction of the main connection that writes goes through here.
 */
export function writeTransaction<T>(db: Database, work: () => T): T {
  return db.transaction(work).immediate();
}
