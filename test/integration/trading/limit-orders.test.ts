import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderDraft } from '../../../main/common/ipc/commands/signing';
import { appDataFor } from '../../../main/common/trade/app-data-doc';
import { limitOrderAmounts } from '../../../main/common/trade/order-math';
import { TEST_ACCOUNTS } from '../../sandbox';
import { USDC, WETH } from '../sandbox/sandbox-kit';
import { startTradingKit, type TradingKit } from './trading-kit';

const { trader } = TEST_ACCOUNTS;
const DAY = 86_400;

/**
 * A limit order's quote is its market reference only: the service quotes at
 * most 3 hours ahead, while the order itself may be valid for a year.
 */
describe('limit orders valid for days to months', () => {
  let kit: TradingKit;
  beforeAll(async () => {
    kit = await startTradingKit();
    await kit.importKey(trader.privateKey);
  });
  afterAll(async () => kit.stop());

  async function placeLimit(seconds: number, factor: bigint, replacedOrder: string | null = null) {
    const { fullAppData } = appDataFor({ environment: 'production', orderClass: 'limit', slippageBips: null, replacedOrder });
    const amount = 10n ** 17n;
    const quote = await kit.call('trade.quote', {
      account: trader.address, chainId: 1, sellToken: WETH, buyToken: USDC, kind: 'sell', amount: amount.toString(),
      receiver: null, validFor: seconds, partiallyFillable: false, fullAppData, signingScheme: 'eip712',
    });
    // A limit `factor`% of the market's price: above 100 the order waits, open.
    const marketPerWeth = (BigInt(quote.buyAmount) * 10n ** 18n) / BigInt(quote.sellAmount);
    const amounts = limitOrderAmounts('sell', amount, (marketPerWeth * factor) / 100n, 18);
    const draft: OrderDraft = {
      account: trader.address, chainId: 1, sellToken: WETH, buyToken: USDC, receiver: null,
      sellAmount: amounts.sellAmount.toString(), buyAmount: amounts.buyAmount.toString(), validTo: Math.floor(Date.now() / 1000) + seconds,
      kind: 'sell', partiallyFillable: false, fullAppData, signingScheme: 'eip712',
    };
    return { draft, quoteId: quote.quoteId };
  }

  for (const [label, seconds] of [['1 week', 7 * DAY], ['1 month', 30 * DAY]] as const) {
    it(`a limit order valid for ${label}: quoted, signed, placed open with its own expiry`, async () => {
      const { draft, quoteId } = await placeLimit(seconds, 110n);
      const result = await kit.signAndSubmit(draft, quoteId);
      const order = await kit.services.api.orderbook.getOrder(1, result.uid);
      expect({ status: order.status, validTo: order.validTo, class: order.class }).toEqual({ status: 'open', validTo: draft.validTo, class: 'limit' });
    });
  }

  it('lists the open orders with their limit against the market now, fill and expiry; replace is one new order and the old one cancelled', async () => {
    const { draft, quoteId } = await placeLimit(7 * DAY, 120n);
    const { uid } = await kit.signAndSubmit(draft, quoteId);
    const listed = (await kit.call('trade.openOrders', { account: trader.address, chainId: 1 })).find((order) => order.uid === uid);
    // The limit asks 20% more than the quote's price; the quote itself is a little under the USD market (its network cost).
    expect(listed).toMatchObject({ filledPercent: 0, validTo: draft.validTo, status: 'open' });
    expect(listed!.vsMarketPercent).toBeGreaterThan(15);
    expect(listed!.vsMarketPercent).toBeLessThan(21);

    const replacement = await placeLimit(7 * DAY, 105n, uid);
    const signed = await kit.signOrder(replacement.draft);
    const { placed, cancelled } = await kit.call('trade.replace', { replaces: uid, draft: replacement.draft, signed, quoteId: replacement.quoteId });
    expect(cancelled.cancelled).toEqual([uid]);
    expect((await kit.services.api.orderbook.getOrder(1, uid)).status).toBe('cancelled');
    const fresh = await kit.services.api.orderbook.getOrder(1, placed.uid);
    expect(fresh.status).toBe('open');
    expect(JSON.parse(fresh.fullAppData!).metadata.replacedOrder).toEqual({ uid });
    const open = (await kit.call('trade.openOrders', { account: trader.address, chainId: 1 })).map((order) => order.uid);
    expect(open).toContain(placed.uid);
    expect(open).not.toContain(uid);
  });

  it('refuses a replacement on another chain than the order it replaces: nothing placed, the old order left open', async () => {
    // An open order on Gnosis Chain from an earlier session, known from the history.
    const [uid] = kit.sandbox.orders.seed(100, trader.address, 1, { openShare: 1 });
    await kit.call('history.syncNow', undefined);
    const replacement = await placeLimit(DAY, 105n, uid!);
    const posts = () => kit.sandbox.requests.filter((entry) => entry.method === 'POST' && entry.path.endsWith('/orders')).length;
    const posted = posts();
    const signed = await kit.signOrder(replacement.draft);
    const error = await kit.failure(kit.call('trade.replace', { replaces: uid!, draft: replacement.draft, signed, quoteId: replacement.quoteId }));
    expect(error.message).toBe('The order it replaces is on Gnosis Chain: place the replacement there, not on Ethereum.');
    expect(posts()).toBe(posted);
    expect(kit.sandbox.orders.get(uid!)).toMatchObject({ status: 'open' });
  });

  it('refuses a replacement whose appData does not name the order it replaces', async () => {
    const { draft, quoteId } = await placeLimit(DAY, 130n);
    const { uid } = await kit.signAndSubmit(draft, quoteId);
    const other = await placeLimit(DAY, 125n);
    const signed = await kit.signOrder(other.draft);
    const error = await kit.failure(kit.call('trade.replace', { replaces: uid, draft: other.draft, signed, quoteId: other.quoteId }));
    expect(error.message).toMatch(/must name the order it replaces/);
    expect((await kit.services.api.orderbook.getOrder(1, uid)).status).toBe('open');
  });
});
