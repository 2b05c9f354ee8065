import { describe, expect, it } from 'vitest';
import { apiOrderSchema } from '../../../../main/common/protocol/api';
import { toOrderParams } from '../../../../main/core/history/order-row';
import { OrdersRepo } from '../../../../main/core/history/orders-repo';
import { TransitionStream } from '../../../../main/core/history/transition-stream';
import { openStore } from '../../../../main/core/store/open-store';
import { eventsOfChange } from '../../../../main/core/watcher/order-events';
import { apiOrderFixture } from '../history/order-fixture';

/**
 * A sell order's own side counts the amount sold before the network cost
 * (fixedSideExecuted): the fill % and the service's executedAmount do. The
 * event told from a stored change must key its partial fill by that amount
 * too, or the service's item for the same fill is not found and is told again.
 */
describe('events of a stored change', () => {
  it('key a sell order\'s partial fill by the amount sold before fees, as the fill % counts it', () => {
    const { db } = openStore(':memory:');
    const repo = new OrdersRepo(db);
    const write = (overrides: Record<string, unknown>) => {
      const order = apiOrderSchema.parse(apiOrderFixture({ kind: 'sell', ...overrides }));
      repo.writeOrders([toOrderParams(order, order.owner, 1, 'production', 1)]);
      return order;
    };
    write({ status: 'open', executedSellAmount: '0', executedSellAmountBeforeFees: '0', executedBuyAmount: '0' });
    const order = write({ status: 'open', executedSellAmount: '1010000000', executedSellAmountBeforeFees: '1000000000', executedFee: '10000000', executedBuyAmount: '330000000000000000' });
    const [change] = new TransitionStream(db).pending('test');
    const events = eventsOfChange(change!, order, 10_000);
    expect(events.map((event) => event.key)).toEqual([`order_partially_filled:${order.uid.toLowerCase()}:1000000000`]);
  });
});
