import type { Migration } from '../migrate';
import { unpackOrderRest } from '../../history/rest-codec';

/**
 * Issue 16: one definition of an order's executed amount. A sell order's own
 * side counts what was sold before the network cost (fixedSideExecuted): the
 * fill %, the service's executedAmount and the key of a partial fill. The
 * transitions (008) recorded only executed_sell_amount, which includes the
 * cost, so a partial fill told from a change had another key than the
 * service's item for the same fill, which was then told again. The amount
 * before fees becomes a column (moved out of `rest` for rows written from
 * now on, copied out of it for the rows held), and the trigger records and
 * watches it.
 */
export const transitionsBeforeFeesMigration: Migration = {
  version: 12,
  name: 'transitions-before-fees',
  up(db) {
    db.function('rest_before_fees', { deterministic: true }, (rest: unknown) => {
      try {
        const value = (JSON.parse(unpackOrderRest(rest as Uint8Array)) as { executedSellAmountBeforeFees?: unknown }).executedSellAmountBeforeFees;
        return typeof value === 'string' ? value : null;
      } catch {
        // A row that cannot be read must not stop the upgrade: the next sync writes the order again, column and all.
        return null;
      }
    });
    db.exec(`
      DROP TRIGGER orders_record_transition;
      ALTER TABLE orders ADD COLUMN executed_sell_amount_before_fees TEXT;
      UPDATE orders SET executed_sell_amount_before_fees = rest_before_fees(rest);

      ALTER TABLE order_transitions ADD COLUMN from_executed_sell_before_fees TEXT;
      ALTER TABLE order_transitions ADD COLUMN to_executed_sell_before_fees TEXT;
      CREATE TRIGGER orders_record_transition
      AFTER UPDATE OF status, executed_sell_amount, executed_sell_amount_before_fees, executed_buy_amount ON orders
      WHEN OLD.status IS NOT NEW.status
        OR OLD.executed_sell_amount IS NOT NEW.executed_sell_amount
        OR OLD.executed_sell_amount_before_fees IS NOT NEW.executed_sell_amount_before_fees
        OR OLD.executed_buy_amount IS NOT NEW.executed_buy_amount
      BEGIN
        INSERT INTO order_transitions (uid, environment, account, chain_id, from_status, to_status,
          from_executed_sell, to_executed_sell, from_executed_sell_before_fees, to_executed_sell_before_fees,
          from_executed_buy, to_executed_buy, recorded_at)
        VALUES (NEW.uid, NEW.environment, NEW.account, NEW.chain_id, OLD.status, NEW.status,
          OLD.executed_sell_amount, NEW.executed_sell_amount, OLD.executed_sell_amount_before_fees, NEW.executed_sell_amount_before_fees,
          OLD.executed_buy_amount, NEW.executed_buy_amount, CAST(unixepoch('subsec') * 1000 AS INTEGER));
      END;
    `);
  },
};
