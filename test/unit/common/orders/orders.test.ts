import { describe, expect, it } from 'vitest';
import { userView } from '../../../../main/common/orders/ethflow-user';
import { executedAmounts, executionPriceBase, filledPercent, fixedSideTotal, limitPriceBase, tradeReaching } from '../../../../main/common/orders/fill';
import { cancelRoute, isCancellableStatus, isFinalStatus } from '../../../../main/common/orders/status';
import { surplusBps, surplusVersusLimit, surplusVersusQuote } from '../../../../main/common/orders/surplus';
import { NEWS_WINDOW_MS, partialFillOvertaken, placedSinceIsNews, serviceTimeOf, transitionsBetween, type OrderState } from '../../../../main/common/orders/transitions';
import { MAX_MARKET_VALIDITY_SECONDS, validityPresets, validityProblem } from '../../../../main/common/orders/validity';
import { progressOf } from '../../../../main/common/trade/order-progress';
import { apiOrderSchema } from '../../../../main/common/protocol/api';

const UID = `0x${'cd'.repeat(56)}`;

describe('order statuses: one list', () => {
  it('final and cancellable', () => {
    expect(['fulfilled', 'expired', 'cancelled'].every(isFinalStatus)).toBe(true);
    expect(isFinalStatus('open')).toBe(false);
    expect(isCancellableStatus('presignaturePending')).toBe(true);
    expect(isCancellableStatus('fulfilled')).toBe(false);
  });

  it('routes a cancellation: presign and on-chain orders never go into an off-chain batch', () => {
    const base = { status: 'open', ethflow: false, onchain: false };
    expect(cancelRoute({ ...base, signingScheme: 'eip712' })).toBe('offChain');
    expect(cancelRoute({ ...base, status: 'presignaturePending', signingScheme: 'presign' })).toBe('onChainSettlement');
    expect(cancelRoute({ ...base, signingScheme: 'presign' })).toBe('onChainSettlement');
    expect(cancelRoute({ ...base, onchain: true })).toBe('onChainSettlement');
    expect(cancelRoute({ ...base, ethflow: true, onchain: true })).toBe('ethFlow');
    expect(cancelRoute({ ...base, status: 'expired' })).toBe('none');
    expect(cancelRoute({ ...base, localState: 'submitting' })).toBe('none');
  });
});

describe('fill: one definition', () => {
  // A sell order of 1000 whose executedSellAmount holds a 10 network cost on top: the old tracker said 101%.
  const sold = { kind: 'sell' as const, sellAmount: '1000', buyAmount: '2000', executedSellAmount: '1010', executedSellAmountBeforeFees: '1000', executedBuyAmount: '2050' };

  it('counts the own side before fees and never says more than 100%', () => {
    expect(filledPercent(sold)).toBe(100);
    expect(filledPercent({ ...sold, executedSellAmountBeforeFees: undefined })).toBe(100);
    expect(filledPercent({ ...sold, executedSellAmountBeforeFees: '333', executedSellAmount: '340' })).toBe(33.3);
    expect(filledPercent({ kind: 'buy', sellAmount: '1000', buyAmount: '0', executedBuyAmount: '5' })).toBe(0);
  });

  it('the Trade tracker and the history agree on the same order', () => {
    const order = apiOrderSchema.parse({
      uid: UID, owner: `0x${'11'.repeat(20)}`, sellToken: `0x${'22'.repeat(20)}`, buyToken: `0x${'33'.repeat(20)}`, validTo: 1, status: 'fulfilled',
      creationDate: '2027-01-01T00:00:00Z', ...sold,
    });
    expect(progressOf(order, 1, 'https://explorer.cow.fi').filledPercent).toBe(100);
  });

  it('executed amounts and execution price beside the limit, per whole sell token', () => {
    expect(executedAmounts(sold)).toEqual({ sell: 1010n, buy: 2050n });
    expect(executedAmounts({ ...sold, executedBuyAmount: '0' })).toBeNull();
    // 6-decimal sell token: 2050 / 1010 buy units per sell unit, times 10^6.
    expect(executionPriceBase(sold, 6)).toBe((2050n * 10n ** 6n) / 1010n);
    expect(limitPriceBase(sold, 6)).toBe(2_000_000n);
  });
});

describe('surplus: limit and quote', () => {
  it('a fill at exactly its quote is zero versus the quote: the network cost is on the quote\'s side', () => {
    // Quote: 1000 USDC after a 6.75 USDC network cost buys 0.5 WETH; the order sells 1006.75 and gets exactly 0.5.
    const quote = { sellAmount: '1000000000', buyAmount: '500000000000000000', feeAmount: '6750000' };
    const order = { kind: 'sell' as const, sellAmount: '1006750000', buyAmount: '497500000000000000', executedSellAmount: '1006750000', executedBuyAmount: '500000000000000000' };
    expect(surplusVersusQuote(order, quote)).toMatchObject({ token: 'buy', amount: 0n, bps: 0 });
    expect(surplusVersusLimit(order)).toMatchObject({ token: 'buy', amount: 2_500_000_000_000_000n });
  });

  it('a buy order\'s surplus is sell token saved', () => {
    const order = { kind: 'buy' as const, sellAmount: '1000', buyAmount: '2000', executedSellAmount: '900', executedBuyAmount: '2000' };
    expect(surplusVersusLimit(order)).toMatchObject({ token: 'sell', amount: 100n });
    expect(surplusVersusQuote(order, { sellAmount: '880', buyAmount: '2000', feeAmount: '20' })).toMatchObject({ token: 'sell', amount: 0n });
    // 100 saved against the 1000 the limit asked: 10%, as the sandbox's notification and every screen say.
    expect(surplusBps(order)).toBe(1000);
    expect(surplusVersusQuote(order, null)).toBeNull();
  });
});

describe('EthFlow: the user and their expiry', () => {
  it('shows the on-chain sender as owner and userValidTo, not the contract and 4294967295', () => {
    const order = { owner: '0xba3cb449bd2b4adddbc894d8697f5170800eadec', validTo: 4294967295, ethflowData: { userValidTo: 1800000000 }, onchainOrderData: { sender: '0xabc' } };
    expect(userView(order)).toEqual({ owner: '0xabc', validTo: 1800000000, ethFlow: true });
    expect(userView({ owner: '0x1', validTo: 5 })).toEqual({ owner: '0x1', validTo: 5, ethFlow: false });
  });
});

describe('transitions: one definition', () => {
  const state = (overrides: Partial<OrderState>): OrderState => ({
    uid: UID, kind: 'sell', sellAmount: '1000', buyAmount: '2000', executedSellAmount: '0', executedBuyAmount: '0', status: 'open', validTo: 1_800_000_000, ...overrides,
  });
  const keys = (before: OrderState | undefined, after: OrderState) => transitionsBetween(before, after).map((transition) => transition.key);

  it('tells nothing of an order first seen (old history) or unchanged', () => {
    expect(keys(undefined, state({ status: 'fulfilled', executedSellAmount: '1000', executedBuyAmount: '2000' }))).toEqual([]);
    expect(keys(state({}), state({}))).toEqual([]);
  });

  it('keys a fill per order, a partial fill per executed amount, and any improvement for the threshold to judge', () => {
    expect(keys(state({}), state({ status: 'fulfilled', executedSellAmount: '1000', executedBuyAmount: '2000' }))).toEqual([`order_filled:${UID}`]);
    expect(keys(state({}), state({ status: 'fulfilled', executedSellAmount: '1000', executedBuyAmount: '2100' }))).toEqual([`order_filled:${UID}`, `price_improvement:${UID}`]);
    expect(keys(state({}), state({ executedSellAmount: '400', executedBuyAmount: '800' }))).toEqual([`order_partially_filled:${UID}:400`]);
    expect(keys(state({ status: 'submitting' }), state({}))).toEqual([]);
  });

  it('expiry and cancellation once, and the expiry at the order\'s own time', () => {
    expect(keys(state({}), state({ status: 'expired' }))).toEqual([`order_expired:${UID}`]);
    expect(keys(state({ executedSellAmount: '400' }), state({ status: 'cancelled', executedSellAmount: '400' }))).toEqual([`order_cancelled:${UID}`]);
    expect(serviceTimeOf('order_expired', { validTo: 1_800_000_000 }, 5)).toBe(1_800_000_000_000);
    expect(serviceTimeOf('order_filled', { validTo: 1_800_000_000 }, 5)).toBe(5);
  });

  it('a partial fill the list tells is overtaken once the order filled further on its own side (sold before fees, or bought)', () => {
    const sell = { kind: 'sell' as const, sellAmount: '4000', buyAmount: '8000', executedSellAmount: '2400', executedSellAmountBeforeFees: '2300', executedBuyAmount: '4700' };
    expect(partialFillOvertaken('1000', sell)).toBe(true);
    expect(partialFillOvertaken('2300', sell)).toBe(false);
    // The fee is not part of what the sell side's executedAmount counts.
    expect(partialFillOvertaken('2350', sell)).toBe(false);
    const buy = { kind: 'buy' as const, sellAmount: '4000', buyAmount: '8000', executedSellAmount: '2400', executedBuyAmount: '4700' };
    expect(partialFillOvertaken('4000', buy)).toBe(true);
    expect(partialFillOvertaken('4700', buy)).toBe(false);
  });

  it('an order first found is news only to a reader that looked within the news window: never, or long ago, it is history', () => {
    const now = 1_800_000_000_000;
    expect(placedSinceIsNews(now - 60_000, now)).toBe(true);
    expect(placedSinceIsNews(now - NEWS_WINDOW_MS, now)).toBe(true);
    expect(placedSinceIsNews(now - NEWS_WINDOW_MS - 1, now)).toBe(false);
    expect(placedSinceIsNews(null, now)).toBe(false);
    expect(placedSinceIsNews(undefined, now)).toBe(false);
  });
});

describe('validity: what the live service accepts', () => {
  it('offers no market preset over 3 hours and explains a longer market validity before signing', () => {
    expect(Math.max(...validityPresets('market').map((preset) => preset.seconds))).toBe(MAX_MARKET_VALIDITY_SECONDS);
    expect(validityProblem('market', 86_400)).toMatch(/at most 3 hours/);
    expect(validityProblem('market', 3 * 3600)).toBeNull();
    expect(validityProblem('limit', 30 * 86_400)).toBeNull();
    expect(Math.max(...validityPresets('limit').map((preset) => preset.seconds))).toBeGreaterThan(MAX_MARKET_VALIDITY_SECONDS);
  });
});

describe('the trade that brought an order to its state', () => {
  // Sold before fees and bought apart, so a count of the wrong side finds another trade.
  const trade = (blockNumber: number, logIndex: number, buyAmount: bigint, sold = buyAmount * 10n) => ({
    blockNumber, logIndex, buyAmount: buyAmount.toString(), sellAmountBeforeFees: sold.toString(),
  });
  // The orderbook lists trades newest first; the running total is counted in chain order.
  const trades = [trade(30, 0, 5n), trade(20, 4, 3n, 100n), trade(20, 1, 2n)];
  const bought = (amount: bigint) => tradeReaching(trades, { side: 'buy', amount: amount.toString(), exact: false });

  it('is the first trade, in chain order, at which the bought total reaches the amount', () => {
    expect(bought(2n)).toEqual(trades[2]);
    expect(bought(4n)).toEqual(trades[1]);
    expect(bought(5n)).toEqual(trades[1]);
    expect(bought(10n)).toEqual(trades[0]);
  });

  it("counts a sell order's fixed side as the service's notifications name it: sold before fees", () => {
    const sold = (amount: bigint) => tradeReaching(trades, fixedSideTotal('sell', amount.toString()));
    expect(sold(20n)).toEqual(trades[2]);
    expect(sold(120n)).toEqual(trades[1]);
    expect(sold(170n)).toEqual(trades[0]);
    // A buy order's fixed side is what it bought.
    expect(tradeReaching(trades, fixedSideTotal('buy', '5'))).toEqual(trades[1]);
  });

  it("finds no trade for a notification's amount that no running total is (one that counts otherwise is never dated by a later trade)", () => {
    for (const amount of ['0', '21', '119', '121']) expect(tradeReaching(trades, fixedSideTotal('sell', amount))).toBeNull();
    expect(tradeReaching(trades, fixedSideTotal('buy', '4'))).toBeNull();
  });

  it('is none while the service has not listed enough trades', () => {
    expect(bought(11n)).toBeNull();
    expect(tradeReaching(trades, fixedSideTotal('sell', '171'))).toBeNull();
    expect(tradeReaching([], { side: 'buy', amount: '1', exact: false })).toBeNull();
  });
});
