import { formatPercent } from '../format/format';
import type { FillFacts } from './fill';

export interface QuoteFacts {
  sellAmount?: string | null | undefined;
  buyAmount?: string | null | undefined;
  /** The network cost the quote estimated, in sell token. */
  feeAmount?: string | null | undefined;
}

/**
 * Surplus in the token it is counted in: buy token for a sell order, sell token
 * for a buy order; and as a share of what the reference price gave for the
 * executed part. The one definition of surplus: Trade, History, the alerts, the
 * alert threshold and the export all show these figures.
 */
export interface Surplus {
  token: 'buy' | 'sell';
  amount: bigint;
  /** What the reference price gives (sell order) or asks (buy order) for the executed part, in the same token. */
  reference: bigint;
  /** amount against reference in whole basis points, cut toward zero (a buy order paying 90 against a limit of 100: 1000). */
  bps: number;
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
  const token = order.kind === 'sell' ? 'buy' : 'sell';
  const reference = token === 'buy' ? (buyRef * sold) / sellRef : (sellRef * bought) / buyRef;
  if (reference === 0n) return null;
  const amount = token === 'buy' ? bought - reference : reference - sold;
  return { token, amount, reference, bps: Number((amount * 10_000n) / reference) };
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
  return surplusVersusLimit(order)?.bps ?? null;
}

/** The surplus share as every screen and alert shows it: "10.00%" (two decimals, exactly the whole bps). */
export function formatSurplusPercent(bps: number, locale?: string): string {
  return formatPercent(bps / 100, { minDigits: 2, ...(locale ? { locale } : {}) });
}
