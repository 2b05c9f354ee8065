import type { OrderProgress } from '../ipc/commands/trade';
import type { ApiOrder } from '../protocol/api';
import { explorerOrderUrl } from '../protocol/endpoints';

/** Statuses after which an order never changes again. */
export const FINAL_ORDER_STATUSES: ReadonlySet<string> = new Set(['fulfilled', 'expired', 'cancelled']);

/** Filled share of the order's own side, to two decimals (a sell order counts sell, a buy order buy). */
function filledPercent(total: string, executed: string): number {
  const whole = BigInt(total);
  if (whole === 0n) return 0;
  return Number((BigInt(executed) * 10_000n) / whole) / 100;
}

export function progressOf(order: ApiOrder, chainId: number, explorerBase: string): OrderProgress {
  const executedSellAmount = order.executedSellAmount ?? '0';
  const executedBuyAmount = order.executedBuyAmount ?? '0';
  return {
    uid: order.uid,
    chainId,
    owner: order.owner,
    kind: order.kind,
    sellToken: order.sellToken,
    buyToken: order.buyToken,
    sellAmount: order.sellAmount,
    buyAmount: order.buyAmount,
    executedSellAmount,
    executedBuyAmount,
    partiallyFillable: order.partiallyFillable ?? false,
    validTo: order.validTo,
    status: order.status,
    filledPercent: order.kind === 'sell' ? filledPercent(order.sellAmount, executedSellAmount) : filledPercent(order.buyAmount, executedBuyAmount),
    final: FINAL_ORDER_STATUSES.has(order.status),
    explorerUrl: explorerOrderUrl(explorerBase, chainId, order.uid),
    error: null,
  };
}

/** What the composer shows as changed: status, fills, or a read error appearing or clearing. */
export function sameProgress(a: OrderProgress, b: OrderProgress): boolean {
  return a.status === b.status && a.executedSellAmount === b.executedSellAmount && a.executedBuyAmount === b.executedBuyAmount && a.error === b.error;
}
