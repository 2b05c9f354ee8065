import type { OrderKind } from '../protocol/order';

/** Submission is refused with less quote validity than this: signing and sending take a few seconds. */
export const MIN_QUOTE_SECONDS_TO_SUBMIT = 5;
export const DEFAULT_SLIPPAGE_BIPS = 50;
/** Above this share of the amount sold, the network cost is worth a warning at signing (a 100 DAI sell paying 6.75 DAI). */
export const NETWORK_COST_WARNING_PERCENT = 5;
const BIPS = 10_000n;

export interface QuoteGuard {
  /** Whole seconds left, never negative. */
  secondsLeft: number;
  canSubmit: boolean;
  expired: boolean;
}

/** The countdown and submit gate of a quote, from its expiration and the time now (both epoch ms). */
export function quoteGuard(expiresAtMs: number, nowMs: number): QuoteGuard {
  const leftMs = expiresAtMs - nowMs;
  return {
    secondsLeft: Math.max(0, Math.ceil(leftMs / 1000)),
    canSubmit: leftMs >= MIN_QUOTE_SECONDS_TO_SUBMIT * 1000,
    expired: leftMs <= 0,
  };
}

export interface QuotedAmounts {
  kind: OrderKind;
  /** The quote's amounts: sellAmount is after the network cost for a sell order. */
  sellAmount: bigint;
  buyAmount: bigint;
  /** Network cost in sell token, estimated by the service. */
  feeAmount: bigint;
}

/**
 * The amounts to sign for a market order. Orders are signed with fee 0, so the
 * network cost moves into the limit: a sell order sells its whole amount
 * (quote sell + fee) and asks at least the quoted buy minus slippage; a buy
 * order buys exactly and pays at most (quote sell + fee) plus slippage. A
 * partner fee on the volume (appData partnerFee) is taken at settlement, so
 * the limit carries it too: less bought at least, more paid at most.
 */
export function marketOrderAmounts(quote: QuotedAmounts, slippageBips: number, partnerFeeBips = 0): { sellAmount: bigint; buyAmount: bigint } {
  const slippage = BigInt(slippageBips);
  const partner = BigInt(partnerFeeBips);
  const sellWithFee = quote.sellAmount + quote.feeAmount;
  if (quote.kind === 'sell') return { sellAmount: sellWithFee, buyAmount: (quote.buyAmount * (BIPS - slippage) * (BIPS - partner)) / (BIPS * BIPS) };
  return { sellAmount: (sellWithFee * (BIPS + slippage) * (BIPS + partner) + BIPS * BIPS - 1n) / (BIPS * BIPS), buyAmount: quote.buyAmount };
}

/**
 * A limit order from a price in buy-token units per sell-token unit, both
 * given as base-unit amounts of one whole sell token (so no floating point):
 * `priceBase` is how many buy base units one whole sell token must fetch.
 */
export function limitOrderAmounts(kind: OrderKind, amount: bigint, priceBase: bigint, sellDecimals: number): { sellAmount: bigint; buyAmount: bigint } {
  const oneSell = 10n ** BigInt(sellDecimals);
  if (kind === 'sell') return { sellAmount: amount, buyAmount: (amount * priceBase) / oneSell };
  return { sellAmount: priceBase === 0n ? 0n : (amount * oneSell + priceBase - 1n) / priceBase, buyAmount: amount };
}

/** Parses a slippage percentage typed by the user ("0.5") into basis points, or an error. */
export function parseSlippagePercent(text: string): { ok: true; bips: number } | { ok: false; error: string } {
  if (!/^\d+(\.\d{1,2})?$/.test(text.trim())) return { ok: false, error: 'Slippage is a percentage with at most two decimals, e.g. 0.5.' };
  const bips = Math.round(Number(text.trim()) * 100);
  if (bips > 5000) return { ok: false, error: 'Slippage above 50% is refused: it would let the order fill at almost any price.' };
  return { ok: true, bips };
}
