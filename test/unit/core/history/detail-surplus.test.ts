import { describe, expect, it } from 'vitest';
import { apiOrderSchema } from '../../../../main/common/protocol/api';
import { surplusOf } from '../../../../main/core/history/order-detail';
import { apiOrderFixture } from './order-fixture';

describe("the order detail's surplus", () => {
  it('a fill at exactly its quote shows zero versus the quote, not minus the network cost', () => {
    // WETH -> USDC: the quote sells 0.99 WETH after a 0.01 WETH network cost for 2970 USDC; the order sells 1 WETH and gets exactly 2970.
    const order = apiOrderSchema.parse(
      apiOrderFixture({
        sellToken: '0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2',
        buyToken: '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48',
        sellAmount: '1000000000000000000',
        buyAmount: '2955150000',
        executedSellAmount: '1000000000000000000',
        executedSellAmountBeforeFees: '1000000000000000000',
        executedBuyAmount: '2970000000',
        status: 'fulfilled',
        quote: { sellAmount: '990000000000000000', buyAmount: '2970000000', feeAmount: '10000000000000000', verified: true, metadata: {} },
      }),
    );
    const usdc = { token: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', decimals: 6, symbol: 'USDC' };
    expect(surplusOf(1, order)).toEqual([
      { key: 'limit', label: 'Versus the limit price', amount: { ...usdc, amount: '14850000' }, bps: 50 },
      { key: 'quote', label: 'Versus the quote', amount: { ...usdc, amount: '0' }, bps: 0 },
    ]);
  });
});
