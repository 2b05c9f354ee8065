import { describe, expect, it } from 'vitest';
import { toOrderParams } from '../../../../main/core/history/order-row';
import { OrdersRepo } from '../../../../main/core/history/orders-repo';
import { openStore } from '../../../../main/core/store/open-store';
import { apiOrders } from '../../../bench/api-orders';

describe("the sync's lookup of orders that can still change", () => {
  it('answers, of the UIDs given, those stored with a status that can change: in the order given, in any case, unknown and final ones left out', () => {
    const db = openStore(':memory:').db;
    const { orders } = apiOrders(60, { seed: 7 });
    new OrdersRepo(db).writeOrders(orders.map((order) => toOrderParams(order, order.onchainUser ?? order.owner, 1, 'production', 1)));
    const live = orders.filter((order) => order.status === 'open' || order.status === 'presignaturePending');
    const final = orders.filter((order) => !live.includes(order));
    expect(live.length).toBeGreaterThan(2);
    expect(final.length).toBeGreaterThan(2);
    const unknown = `0x${'ef'.repeat(56)}`;
    // Newest last, one in upper case, mixed with final and unknown ones and a repeat.
    const [first, second, ...rest] = [...live].reverse().map((order) => order.uid);
    const asked = [final[0]!.uid, first!, unknown, `0x${second!.slice(2).toUpperCase()}`, final[1]!.uid, ...rest, first!];
    expect(new OrdersRepo(db).stillLive(asked)).toEqual([first, `0x${second!.slice(2).toUpperCase()}`, ...rest, first]);
    expect(new OrdersRepo(db).stillLive([])).toEqual([]);
  });
});
