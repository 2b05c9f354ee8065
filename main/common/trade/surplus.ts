/**
 * What a (partly) filled order got beyond its limit price: for a sell order
 * extra buy tokens over the limit for the amount sold so far, for a buy order
 * sell tokens saved against the limit for the amount bought so far. Null
 * before any fill.
 */
export interface LimitSurplus {
  /** Which token the surplus is counted in. */
  side: 'buy' | 'sell';
  /** Base units of that token; negative would mean worse than the limit (never for a valid fill). */
  amount: bigint;
  /** Surplus over the limit amount for the executed part, in %. */
  percent: number;
}

export function surplusAgainstLimit(order: {
  kind: 'sell' | 'buy';
  sellAmount: string;
  buyAmount: string;
  executedSellAmount: string;
  executedBuyAmount: string;
}): LimitSurplus | null {
  const sell = BigInt(order.sellAmount);
  const buy = BigInt(order.buyAmount);
  const executedSell = BigInt(order.executedSellAmount);
  const executedBuy = BigInt(order.executedBuyAmount);
  if (sell === 0n || buy === 0n || executedSell === 0n || executedBuy === 0n) return null;
  if (order.kind === 'sell') {
    const atLimit = (buy * executedSell) / sell;
    if (atLimit === 0n) return null;
    return { side: 'buy', amount: executedBuy - atLimit, percent: Number(((executedBuy - atLimit) * 1_000_000n) / atLimit) / 10_000 };
  }
  const atLimit = (sell * executedBuy) / buy;
  if (atLimit === 0n) return null;
  return { side: 'sell', amount: atLimit - executedSell, percent: Number(((atLimit - executedSell) * 1_000_000n) / atLimit) / 10_000 };
}
