import { ceilDiv, type PriceTable } from '../price-table';
import type { OrderRecord } from '../records';

/** What one batch would execute for an order at the price table's market price. */
export interface FillPlan {
  sell: bigint;
  buy: bigint;
  /** Network cost in sell-token atoms, taken out of the sold amount. */
  fee: bigint;
  /** The order is completely executed after this fill. */
  complete: boolean;
  /** Surplus over the limit price, in basis points of the limit amount. */
  surplusBps: bigint;
}

const PRECISION = 1_000_000n;

/**
 * Sell orders sell a chunk (the rest, or `fraction` of it when partially
 * fillable), pay the network cost out of it and receive the market value of
 * the remainder; buy orders buy a chunk and pay its market cost plus the
 * network cost. Returns null when the limit price is not met after costs (or a
 * price is missing), i.e. no solver would settle it.
 */
export function planFill(order: OrderRecord, prices: PriceTable, fraction: number): FillPlan | null {
  const { chainId, struct } = order;
  const fee = prices.networkFee(chainId, struct.sellToken);
  if (fee === null) return null;
  const share = struct.partiallyFillable ? BigInt(Math.round(Math.min(Math.max(fraction, 0), 1) * Number(PRECISION))) : PRECISION;

  if (struct.kind === 'sell') {
    const remaining = struct.sellAmount - order.executedSell;
    let sell = (remaining * share) / PRECISION;
    // A chunk that would not even cover the network cost is not worth a partial fill.
    if (sell <= fee) sell = remaining;
    if (sell <= fee) return null;
    const buy = prices.convert(chainId, struct.sellToken, struct.buyToken, sell - fee, 'down');
    const limitBuy = ceilDiv(struct.buyAmount * sell, struct.sellAmount);
    if (buy === null || buy < limitBuy || buy === 0n) return null;
    return { sell, buy, fee, complete: sell === remaining, surplusBps: ((buy - limitBuy) * 10_000n) / limitBuy };
  }

  const remaining = struct.buyAmount - order.executedBuy;
  let buy = (remaining * share) / PRECISION;
  if (buy === 0n) buy = remaining;
  const cost = prices.convert(chainId, struct.buyToken, struct.sellToken, buy, 'up');
  if (cost === null) return null;
  const sell = cost + fee;
  const limitSell = (struct.sellAmount * buy) / struct.buyAmount;
  if (sell > limitSell || limitSell === 0n) return null;
  return { sell, buy, fee, complete: buy === remaining, surplusBps: ((limitSell - sell) * 10_000n) / limitSell };
}
