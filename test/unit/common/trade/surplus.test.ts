import { describe, expect, it } from 'vitest';
import { surplusAgainstLimit } from '../../../../main/common/trade/surplus';

describe('surplusAgainstLimit', () => {
  it('counts extra buy tokens of a sell order for the part filled so far', () => {
    // Limit: 1 WETH for 3000 USDC; half filled for 1530 USDC: 30 USDC (2%) over the limit.
    const surplus = surplusAgainstLimit({ kind: 'sell', sellAmount: '1000000000000000000', buyAmount: '3000000000', executedSellAmount: '500000000000000000', executedBuyAmount: '1530000000' });
    expect(surplus).toEqual({ side: 'buy', amount: 30_000_000n, percent: 2 });
  });

  it('counts sell tokens saved by a buy order', () => {
    // Limit: at most 3000 USDC for 1 WETH; filled for 2940 USDC: 60 USDC (2%) saved.
    const surplus = surplusAgainstLimit({ kind: 'buy', sellAmount: '3000000000', buyAmount: '1000000000000000000', executedSellAmount: '2940000000', executedBuyAmount: '1000000000000000000' });
    expect(surplus).toEqual({ side: 'sell', amount: 60_000_000n, percent: 2 });
  });

  it('has nothing to say before a fill', () => {
    expect(surplusAgainstLimit({ kind: 'sell', sellAmount: '1', buyAmount: '1', executedSellAmount: '0', executedBuyAmount: '0' })).toBeNull();
  });
});
