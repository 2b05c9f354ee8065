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

/** One trade of an order as the orderbook lists it: where it is on chain and what it sold and bought. */
export interface TradeOnChain {
  blockNumber: number;
  logIndex: number;
  /** Sold without the fee: what a sell order's executedSellAmountBeforeFees adds up. */
  sellAmountBeforeFees: string;
  buyAmount: string;
}

/**
 * How far an order had executed, by one side's total: what it had bought
 * (no network cost in it, so it means the same for sell and buy orders), or,
 * as the service's notifications count it, its fixed side (fixedSideExecuted).
 */
export interface ExecutedTotal {
  side: 'buy' | 'sellBeforeFees';
  amount: string;
  /**
   * Only a trade whose running total is exactly the amount: for an amount
   * the service's notification names, whose meaning the trades then confirm
   * (one that counts otherwise finds no trade, rather than a later one).
   */
  exact: boolean;
}

/** A notification's executedAmount (the order's fixed side, fixedSideExecuted) as the total it counts, for an order of `kind`: exact. */
export function fixedSideTotal(kind: OrderKind, amount: string): ExecutedTotal {
  return { side: kind === 'buy' ? 'buy' : 'sellBeforeFees', amount, exact: true };
}

/**
 * The trade at which the order had executed `reached` in all: the first, in
 * chain order, whose running total of that side reaches it (is it, when
 * exact). Its block is when the order reached that state. Null when the
 * trades listed do not reach it (the service has not indexed the trade yet),
 * or an exact total falls between two trades.
 */
export function tradeReaching<T extends TradeOnChain>(trades: readonly T[], reached: ExecutedTotal): T | null {
  const inChainOrder = [...trades].sort((a, b) => a.blockNumber - b.blockNumber || a.logIndex - b.logIndex);
  const target = BigInt(reached.amount);
  let total = 0n;
  for (const trade of inChainOrder) {
    total += BigInt(reached.side === 'buy' ? trade.buyAmount : trade.sellAmountBeforeFees);
    if (total >= target) return !reached.exact || total === target ? trade : null;
  }
  return null;
}
