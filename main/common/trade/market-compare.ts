import { formatUnits } from '../protocol/amounts';
import { formatPercent } from '../format/format';

/**
 * A price against the market, where "the market" is the token service's USD
 * prices of both tokens (what CoW Swap compares with too). One definition for
 * the quote panel, the limit field and the signing dialog.
 */

/** A limit this much worse than the market (in %) gets a warning on the form and in the dialog. */
export const LIMIT_WARNING_PERCENT = 5;

export interface PricedAmount {
  amount: bigint;
  decimals: number;
  /** USD per whole token; null when the token service has no price. */
  usd: number | null;
}

/** Whole tokens as a float, for ratios and USD values only (never for what is signed). */
export const wholeTokens = (amount: bigint, decimals: number): number => Number(formatUnits(amount, decimals));

export const usdValue = (side: PricedAmount): number | null => (side.usd === null ? null : wholeTokens(side.amount, side.decimals) * side.usd);

/** Buy tokens per one sell token at these amounts; null when the sell amount is zero. */
export function rateOf(sell: { amount: bigint; decimals: number }, buy: { amount: bigint; decimals: number }): number | null {
  const sold = wholeTokens(sell.amount, sell.decimals);
  return sold === 0 ? null : wholeTokens(buy.amount, buy.decimals) / sold;
}

/**
 * What the user gets against what they give, both valued at market USD prices,
 * in %: 0 is the market price, -66.67 a limit at a third of it (for a sell:
 * the limit price is 66.67 % below market; for a buy: the same loss of value).
 * Null without both prices.
 */
export function differenceFromMarket(sell: PricedAmount, buy: PricedAmount): number | null {
  const given = usdValue(sell);
  const got = usdValue(buy);
  if (given === null || got === null || given === 0) return null;
  return (got / given - 1) * 100;
}

/** The warning for a price far worse than the market, or null. */
export function marketWarning(percent: number | null, kind: 'sell' | 'buy', sellSymbol: string, buySymbol: string): string | null {
  if (percent === null || percent > -LIMIT_WARNING_PERCENT) return null;
  const shown = formatPercent(Math.abs(percent));
  return kind === 'sell'
    ? `This price is ${shown} below the market price: the order sells ${sellSymbol} for ${shown} less ${buySymbol} than it is worth.`
    : `This price is ${shown} worse than the market price: the ${buySymbol} bought is worth ${shown} less than the ${sellSymbol} paid.`;
}
