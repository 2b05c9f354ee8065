import type { FillFacts } from './fill';

export interface QuoteFacts {
  sellAmount?: string | null | undefined;
  buyAmount?: string | null | undefined;
  /** The network cost the quote estimated, in sell token. */
  feeAmount?: string | null | undefined;
}

/** Surplus in the token it is counted in: buy token for a sell order, sell token for a buy order. */
export interface Surplus {
  token: 'buy' | 'sell';
  amount: bigint;
}

/**
 * What the fill got beyond a reference price (sellRef for buyRef): a sell
 * order more buy token than the reference gives for what it sold, a buy order
 * less sell token paid than the reference asks for what it bought. Sold is
 * counted with its network cost (executedSellAmount), the cost the reference
 * must then carry too.
 */
function beyond(order: FillFacts, sellRef: bigint, buyRef: bigint): Surplus | null {
  const sold = BigInt(order.executedSellAmount ?? '0');
  const bought = BigInt(order.executedBuyAmount ?? '0');
  if (sold === 0n || bought === 0n || sellRef === 0n || buyRef === 0n) return null;
  if (order.kind === 'sell') return { token: 'buy', amount: bought - (buyRef * sold) / sellRef };
  return { token: 'sell', amount: (sellRef * bought) / buyRef - sold };
}

/** Against the signed limit: the limit's sellAmount already holds the network cost (orders are signed with fee 0). */
export function surplusVersusLimit(order: FillFacts): Surplus | null {
  return beyond(order, BigInt(order.sellAmount), BigInt(order.buyAmount));
}

/**
 * Against the quote the order was placed from. The quote's sellAmount is after
 * the network cost, so the cost goes on the quote's side (sellAmount +
 * feeAmount buys buyAmount): a fill at exactly its quote is zero surplus, not
 * minus the fee.
 */
export function surplusVersusQuote(order: FillFacts, quote: QuoteFacts | null | undefined): Surplus | null {
  if (!quote?.sellAmount || !quote.buyAmount) return null;
  return beyond(order, BigInt(quote.sellAmount) + BigInt(quote.feeAmount ?? '0'), BigInt(quote.buyAmount));
}

/** Surplus over the limit in basis points of the limit (price improvement), null before any fill. */
export function surplusBps(order: FillFacts): number | null {
  const sold = BigInt(order.executedSellAmount ?? '0');
  const bought = BigInt(order.executedBuyAmount ?? '0');
  const limitSell = BigInt(order.sellAmount);
  const limitBuy = BigInt(order.buyAmount);
  if (sold === 0n || bought === 0n || limitSell === 0n || limitBuy === 0n) return null;
  // Executed buy per sell against limit buy per sell; the same ratio serves buy orders, whose limit caps the sell side.
  return Number((bought * limitSell * 10_000n) / (sold * limitBuy) - 10_000n);
}
