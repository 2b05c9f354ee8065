import { describe, expect, it } from 'vitest';
import { formatNotification } from '../../../../main/common/notifications/format';
import { formatSurplusPercent, surplusVersusLimit, surplusVersusQuote } from '../../../../main/common/orders/surplus';
import { transitionsBetween, type OrderState } from '../../../../main/common/orders/transitions';

const UID = `0x${'cd'.repeat(56)}`;
const WETH = '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2';
const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';

/**
 * One definition: the surplus is what the fill got beyond the reference, as a
 * share of what the reference gave (sell order) or asked (buy order) for the
 * executed part. A buy order that paid 90 against a limit of 100 is 10%.
 */
describe('surplus: one definition', () => {
  // Buy 1 WETH paying at most 100 USDC; paid 90.
  const buy = { kind: 'buy' as const, sellAmount: '100000000', buyAmount: '1000000000000000000', executedSellAmount: '90000000', executedBuyAmount: '1000000000000000000' };

  it('a buy order paying 90 against a limit of 100: 10 saved, 1000 bps, "10.00%"', () => {
    expect(surplusVersusLimit(buy)).toEqual({ token: 'sell', amount: 10_000_000n, reference: 100_000_000n, bps: 1000 });
    expect(formatSurplusPercent(1000)).toBe('10.00%');
  });

  it('a sell order getting 110 against a limit of 100: the same 1000 bps', () => {
    const sell = { kind: 'sell' as const, sellAmount: '1000000000000000000', buyAmount: '100000000', executedSellAmount: '1000000000000000000', executedBuyAmount: '110000000' };
    expect(surplusVersusLimit(sell)?.bps).toBe(1000);
  });

  it('the price-improvement alert carries and says the same figure (its threshold is applied to it)', () => {
    const state = (overrides: Partial<OrderState>): OrderState => ({ uid: UID, status: 'open', validTo: 1_800_000_000, ...buy, executedSellAmount: '0', executedBuyAmount: '0', ...overrides });
    const [, improvement] = transitionsBetween(state({}), state({ status: 'fulfilled', executedSellAmount: buy.executedSellAmount, executedBuyAmount: buy.executedBuyAmount }));
    expect(improvement).toMatchObject({ type: 'price_improvement', surplusBps: 1000 });
    const order = { kind: 'buy' as const, ethFlow: false, sellToken: USDC, buyToken: WETH, sellAmount: buy.sellAmount, buyAmount: buy.buyAmount, executedSell: buy.executedSellAmount, executedBuy: buy.executedBuyAmount };
    expect(formatNotification({ type: 'price_improvement', chainId: 1, orderUid: UID, order, surplusBps: improvement!.surplusBps }).body).toBe(
      'Got 1 WETH for 90 USDC on Ethereum, 10.00% better than your limit.',
    );
  });

  it('against the quote, with the network cost on the quote\'s side', () => {
    expect(surplusVersusQuote(buy, { sellAmount: '85000000', buyAmount: '1000000000000000000', feeAmount: '5000000' })).toMatchObject({ amount: 0n, bps: 0 });
    expect(surplusVersusQuote(buy, null)).toBeNull();
  });
});
