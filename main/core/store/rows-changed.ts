// How a batch of rows is written, wherever it runs: on the writer thread
// (writer-thread.ts) and in place for an in-memory store (OrdersRepo). Self-
// contained (a type import only), as the writer thread needs.
import type { Statement } from 'better-sqlite3';

/**
 * Runs the statements in turn for each row (an order stored as placed, then as
 * it is); answers the rows that any of them changed, each counted once.
 */
export function runForEachRow(statements: readonly Statement[], rows: readonly unknown[]): number {
  let changes = 0;
  for (const row of rows) {
    let changed = false;
    for (const statement of statements) changed = statement.run(row).changes > 0 || changed;
    if (changed) changes += 1;
  }
  return changes;
}
