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

  for (const [label, seconds] of [['1 week', 7 * DAY], ['1 month', 30 * DAY]] as const) {
    it(`a limit order valid for ${label}: quoted, signed, placed open with its own expiry`, async () => {
      const { fullAppData } = appDataFor({ environment: 'production', orderClass: 'limit', slippageBips: null });
      const amount = 10n ** 17n;
      const quote = await kit.call('trade.quote', {
        account: trader.address, chainId: 1, sellToken: WETH, buyToken: USDC, kind: 'sell', amount: amount.toString(),
        receiver: null, validFor: seconds, partiallyFillable: false, fullAppData, signingScheme: 'eip712',
      });
      // A limit 10% above the market's price: the order waits, open.
      const marketPerWeth = (BigInt(quote.buyAmount) * 10n ** 18n) / BigInt(quote.sellAmount);
      const amounts = limitOrderAmounts('sell', amount, (marketPerWeth * 11n) / 10n, 18);
      const validTo = Math.floor(Date.now() / 1000) + seconds;
      const draft: OrderDraft = {
        account: trader.address, chainId: 1, sellToken: WETH, buyToken: USDC, receiver: null,
        sellAmount: amounts.sellAmount.toString(), buyAmount: amounts.buyAmount.toString(), validTo,
        kind: 'sell', partiallyFillable: false, fullAppData, signingScheme: 'eip712',
      };
      const result = await kit.signAndSubmit(draft, quote.quoteId);
      const order = await kit.services.api.orderbook.getOrder(1, result.uid);
      expect({ status: order.status, validTo: order.validTo, class: order.class }).toEqual({ status: 'open', validTo, class: 'limit' });
    });
  }
});
