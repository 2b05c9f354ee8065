import type { OrderKind } from '../protocol/order';

/** The amounts that define how far an order has filled; executed amounts absent mean nothing traded yet. */
export interface FillFacts {
  kind: OrderKind;
  sellAmount: string;
  buyAmount: string;
  executedSellAmount?: string | null | undefined;
  /** The sell amount traded without the network cost taken on top; what a sell order's sellAmount counts. */
  executedSellAmountBeforeFees?: string | null | undefined;
  executedBuyAmount?: string | null | undefined;
}

/**
 * The executed amount of the order's own side, the one its limit fixes: sell
 * orders count the sell amount before fees (executedSellAmount also holds the
 * fee, which made a full fill read 101%), buy orders the buy amount.
 */
export function fixedSideExecuted(order: FillFacts): bigint {
  if (order.kind === 'buy') return BigInt(order.executedBuyAmount ?? '0');
  return BigInt(order.executedSellAmountBeforeFees ?? order.executedSellAmount ?? '0');
}

/** Filled share of the order in percent with two decimals, never above 100. */
export function filledPercent(order: FillFacts): number {
  const whole = BigInt(order.kind === 'sell' ? order.sellAmount : order.buyAmount);
  if (whole === 0n) return 0;
  const basisPoints = (fixedSideExecuted(order) * 10_000n) / whole;
  return Math.min(100, Number(basisPoints) / 100);
}

/** What was sold (fee included) and bought; null before any fill. */
export function executedAmounts(order: FillFacts): { sell: bigint; buy: bigint } | null {
  const sell = BigInt(order.executedSellAmount ?? '0');
  const buy = BigInt(order.executedBuyAmount ?? '0');
  return sell === 0n || buy === 0n ? null : { sell, buy };
}

/**
 * The average price over all fills (the one definition: History's table,
 * detail and CSV): executed buy over executed sell, as buy base units per one
 * whole sell token (the unit the limit is shown in), from what was actually
 * paid, fee included; null before any fill.
 */
export function executionPriceBase(order: FillFacts, sellDecimals: number): bigint | null {
  const executed = executedAmounts(order);
  if (!executed) return null;
  return (executed.buy * 10n ** BigInt(sellDecimals)) / executed.sell;
}

/** The limit price in the same unit: buy base units per one whole sell token. */
export function limitPriceBase(order: Pick<FillFacts, 'sellAmount' | 'buyAmount'>, sellDecimals: number): bigint | null {
  const sell = BigInt(order.sellAmount);
  return sell === 0n ? null : (BigInt(order.buyAmount) * 10n ** BigInt(sellDecimals)) / sell;
}

/** One trade of an order as the orderbook lists it: where it is on chain and what it bought. */
export interface TradeOnChain {
  blockNumber: number;
  logIndex: number;
  buyAmount: string;
}

/**
 * The trade at which the order had bought `executedBuy` in all: the first, in
 * chain order, whose running total reaches it. Its block is when the order
 * reached that state. The bought side counts because it carries no network
 * cost, so it means the same for sell and buy orders. Null when the trades
 * listed do not reach it (the service has not indexed the trade yet).
 */
export function tradeReachingBought<T extends TradeOnChain>(trades: readonly T[], executedBuy: bigint): T | null {
  const inChainOrder = [...trades].sort((a, b) => a.blockNumber - b.blockNumber || a.logIndex - b.logIndex);
  let bought = 0n;
  for (const trade of inChainOrder) {
    bought += BigInt(trade.buyAmount);
    if (bought >= executedBuy) return trade;
  }
  return null;
}
