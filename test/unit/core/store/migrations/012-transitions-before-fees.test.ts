import { describe, expect, it } from 'vitest';
import { apiOrderSchema } from '../../../../../main/common/protocol/api';
import { apiOrderOf, ORDER_COLUMN_NAMES, toOrderParams } from '../../../../../main/core/history/order-row';
import { OrdersRepo } from '../../../../../main/core/history/orders-repo';
import { TransitionStream } from '../../../../../main/core/history/transition-stream';
import { migrate } from '../../../../../main/core/store/migrate';
import { MIGRATIONS } from '../../../../../main/core/store/migrations';
import { transitionsBeforeFeesMigration } from '../../../../../main/core/store/migrations/012-transitions-before-fees';
import { openStore } from '../../../../../main/core/store/open-store';
import { apiOrderFixture } from '../../history/order-fixture';

const OWNER = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';
const uidOf = (n: number) => `0x${n.toString(16).padStart(64, '0')}${OWNER.slice(2)}6a000000`;

describe('migration 012: the amount sold before fees, a column the transitions record', () => {
  /** A version 11 store holding orders as 011 wrote them: the amount before fees inside the packed `rest`. */
  function version11Store() {
    const db = openStore(':memory:', MIGRATIONS.slice(0, MIGRATIONS.indexOf(transitionsBeforeFeesMigration))).db;
    const columns = ORDER_COLUMN_NAMES.filter((name) => name !== 'executed_sell_amount_before_fees');
    const insert = db.prepare(`INSERT INTO orders (${columns.join(', ')}) VALUES (${columns.map((name) => (name === 'rest' ? 'pack_order_rest(@rest)' : `@${name}`)).join(', ')})`);
    const store = (overrides: Record<string, unknown>) => {
      const order = apiOrderSchema.parse(apiOrderFixture(overrides));
      const { executed_sell_amount_before_fees: _moved, ...params } = toOrderParams(order, OWNER, 1, 'production', 1);
      const rest = JSON.parse(params.rest) as Record<string, unknown>;
      if (order.executedSellAmountBeforeFees !== undefined) rest.executedSellAmountBeforeFees = order.executedSellAmountBeforeFees;
      insert.run({ ...params, rest: JSON.stringify(rest) });
      return order;
    };
    const withFee = store({ uid: uidOf(1), executedSellAmount: '1010', executedSellAmountBeforeFees: '1000' });
    const without = store({ uid: uidOf(2), executedSellAmountBeforeFees: undefined });
    // A row whose `rest` cannot be read (unpacked: it is not deflate data) must not stop the upgrade.
    const unreadable = store({ uid: uidOf(3) });
    db.prepare("UPDATE orders SET rest = X'FF00' WHERE uid = ?").run(unreadable.uid);
    return { db, withFee, without, unreadable };
  }

  it('copies the amount out of every held order, records no transition, and the orders read back as the service sent them', () => {
    const { db, withFee, without, unreadable } = version11Store();
    migrate(db, MIGRATIONS);
    const repo = new OrdersRepo(db);
    expect(repo.get(withFee.uid)?.executed_sell_amount_before_fees).toBe('1000');
    expect(repo.get(without.uid)?.executed_sell_amount_before_fees).toBeNull();
    expect(repo.get(unreadable.uid)?.executed_sell_amount_before_fees).toBeNull();
    expect(apiOrderOf(repo.get(withFee.uid)!)).toEqual(withFee);
    expect(apiOrderOf(repo.get(without.uid)!)).toEqual(without);
    expect(new TransitionStream(db).pending('test')).toEqual([]);

    // The same order written again (now with the amount as a column): no change of the order, none recorded.
    repo.writeOrders([toOrderParams(withFee, OWNER, 1, 'production', 2)]);
    expect(new TransitionStream(db).pending('test')).toEqual([]);
    // A further fill is recorded with the amount before fees on both sides.
    repo.writeOrders([toOrderParams({ ...withFee, executedSellAmount: '2020', executedSellAmountBeforeFees: '2000' }, OWNER, 1, 'production', 3)]);
    expect(new TransitionStream(db).pending('test').map((change) => [change.before.executedSellAmountBeforeFees, change.after.executedSellAmountBeforeFees])).toEqual([['1000', '2000']]);
  });
});
