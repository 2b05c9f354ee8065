import { describe, expect, it } from 'vitest';
import type { OrderProgress } from '../../../../main/common/ipc/commands/trade';
import { detectTransitions, surplusBps } from '../../../../main/core/watcher/transitions';

const UID = `0x${'cd'.repeat(56)}`;
const progress = (overrides: Partial<OrderProgress>): OrderProgress =>
  ({
    uid: UID,
    chainId: 1,
    kind: 'sell',
    sellAmount: '1000',
    buyAmount: '2000',
    executedSellAmount: '0',
    executedBuyAmount: '0',
    status: 'open',
    error: null,
    ...overrides,
  }) as OrderProgress;
const before = { uid: UID, status: 'open', executedSell: '0', executedBuy: '0' };
const types = (now: OrderProgress, from = before, threshold = 50) => detectTransitions(from, now, threshold).map((event) => event.key);

describe('watcher transitions', () => {
  it('sees nothing when nothing changed', () => {
    expect(types(progress({}))).toEqual([]);
  });

  it('keys a fill by order, a partial fill by its executed amount, and adds a price improvement above the threshold only', () => {
    expect(types(progress({ status: 'fulfilled', executedSellAmount: '1000', executedBuyAmount: '2010' }))).toEqual([`order_filled:${UID}`]);
    expect(types(progress({ status: 'fulfilled', executedSellAmount: '1000', executedBuyAmount: '2100' }))).toEqual([`order_filled:${UID}`, `price_improvement:${UID}`]);
    expect(types(progress({ executedSellAmount: '400', executedBuyAmount: '800' }))).toEqual([`order_partially_filled:${UID}:400`]);
    const afterFirst = { ...before, executedSell: '400', executedBuy: '800' };
    expect(types(progress({ executedSellAmount: '700', executedBuyAmount: '1400' }), afterFirst)).toEqual([`order_partially_filled:${UID}:700`]);
  });

  it('reports expiry and cancellation once, whatever was filled before', () => {
    expect(types(progress({ status: 'expired' }))).toEqual([`order_expired:${UID}`]);
    expect(types(progress({ status: 'cancelled', executedSellAmount: '400', executedBuyAmount: '800' }), { ...before, executedSell: '400', executedBuy: '800' })).toEqual([
      `order_cancelled:${UID}`,
    ]);
  });

  it('measures surplus against the limit price for both kinds', () => {
    expect(surplusBps(progress({ executedSellAmount: '1000', executedBuyAmount: '2100' }))).toBe(500);
    // A buy order that paid 900 for the 2000 it asked at most 1000 for.
    expect(surplusBps(progress({ kind: 'buy', executedSellAmount: '900', executedBuyAmount: '2000' }))).toBe(1111);
    expect(surplusBps(progress({}))).toBeNull();
  });
});
