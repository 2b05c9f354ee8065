import { FINAL_STATUSES } from '../../../common/orders/status';
import type { Migration } from '../migrate';

/** `a < b` for executed amounts stored as canonical decimal text (no sign, no leading zeros), in plain SQL. */
const lessThan = (a: string, b: string) => `(length(${a}) < length(${b}) OR (length(${a}) = length(${b}) AND ${a} < ${b}))`;
const EXECUTED = ['executed_sell_amount', 'executed_sell_amount_before_fees', 'executed_buy_amount'];

/**
 * Issue 28: an order row only moves forward. Answers about one order reach the
 * store from several readers (sync pages, the tracker, the watcher, by_uids
 * refreshes) and can land out of order: a late, stale "open" written after a
 * "fulfilled" took the order back, and the orders table kept the last write,
 * not the newest state. Every writer goes through this table, so the rule
 * lives here: an update that takes a final status back to a live one, or
 * lowers an executed amount, is dropped whole (the row keeps its newer state
 * and no transition is recorded, as the transition trigger runs after it).
 */
export const ordersMoveForwardMigration: Migration = {
  version: 13,
  name: 'orders-move-forward',
  up(db) {
    const finals = FINAL_STATUSES.map((status) => `'${status}'`).join(', ');
    const lowered = EXECUTED.map((column) => `(OLD.${column} IS NOT NULL AND NEW.${column} IS NOT NULL AND ${lessThan(`NEW.${column}`, `OLD.${column}`)})`);
    db.exec(`
      CREATE TRIGGER orders_move_forward
      BEFORE UPDATE ON orders
      WHEN (OLD.status IN (${finals}) AND NEW.status NOT IN (${finals}))
        OR ${lowered.join('\n        OR ')}
      BEGIN
        SELECT RAISE(IGNORE);
      END;
    `);
  },
};
