// How a batch of rows is written, wherever it runs: on the writer thread
// (writer-thread.ts) and in place for an in-memory store (OrdersRepo). Self-
// contained (relative imports with their extension), as the writer thread needs.
import type { Statement } from 'better-sqlite3';
import { writeDerivedInBulk } from './derived-in-bulk.ts';

/**
 * Runs the statements in turn for each row (an order stored as placed, then as
 * it is); answers the rows that any of them changed, each counted once. The
 * orders they insert get their full-text entries and counts in bulk after them
 * (derived-in-bulk.ts). Inside the caller's transaction: a throw undoes it all.
 */
export function runForEachRow(statements: readonly Statement[], rows: readonly unknown[]): number {
  const db = statements[0]?.database;
  if (!db || rows.length === 0) return 0;
  return writeDerivedInBulk(db, () => {
    let changes = 0;
    for (const row of rows) {
      let changed = false;
      for (const statement of statements) changed = statement.run(row).changes > 0 || changed;
      if (changed) changes += 1;
    }
    return changes;
  });
}
