import type { OrderProgress } from '../ipc/commands/trade';
import type { ApiOrder } from '../protocol/api';
import { explorerOrderUrl } from '../protocol/explorers';
import { filledPercent } from '../orders/fill';
import { isFinalStatus } from '../orders/status';
import { userView } from '../orders/ethflow-user';

export function progressOf(order: ApiOrder, chainId: number, explorerBase: string): OrderProgress {
  const executedSellAmount = order.executedSellAmount ?? '0';
  const executedBuyAmount = order.executedBuyAmount ?? '0';
  // An EthFlow order is the user's (the contract only holds it), until the user's own deadline.
  const { owner, validTo, ethFlow } = userView(order) as { owner: ApiOrder['owner']; validTo: number; ethFlow: boolean };
  return {
    uid: order.uid,
    chainId,
    owner,
    kind: order.kind,
    sellToken: order.sellToken,
    buyToken: order.buyToken,
    sellAmount: order.sellAmount,
    buyAmount: order.buyAmount,
    executedSellAmount,
    executedBuyAmount,
    partiallyFillable: order.partiallyFillable ?? false,
    ethFlow,
    validTo,
    status: order.status,
    filledPercent: filledPercent(order),
    final: isFinalStatus(order.status),
    explorerUrl: explorerOrderUrl(explorerBase, chainId, order.uid),
    error: null,
  };
}

/** What the composer shows as changed: status, fills, or a read error appearing or clearing. */
export function sameProgress(a: OrderProgress, b: OrderProgress): boolean {
  return a.status === b.status && a.executedSellAmount === b.executedSellAmount && a.executedBuyAmount === b.executedBuyAmount && a.error === b.error;
}
