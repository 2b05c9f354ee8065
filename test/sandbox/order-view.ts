import { CONTRACTS } from '../../main/common/protocol/contracts';
import { SOLVER } from './account-fixtures';
import { isoMicros } from './clock';
import type { OrderRecord } from './records';
import type { SandboxState } from './state';

/**
 * An order in the API's shape: every field of interface.md's Order table that
 * applies to it. Amounts are decimal strings, appData is the full JSON
 * document (the hash is in appDataHash), creationDate carries microseconds.
 */
export function toApiOrder(order: OrderRecord, state: SandboxState): Record<string, unknown> {
  const { struct } = order;
  const quote = order.quoteId === null ? undefined : state.quotes.get(order.quoteId);
  // The signed fee is always 0 now, so "before fees" equals the executed sell amount.
  const view: Record<string, unknown> = {
    sellToken: struct.sellToken,
    buyToken: struct.buyToken,
    receiver: order.receiver,
    sellAmount: struct.sellAmount.toString(),
    buyAmount: struct.buyAmount.toString(),
    validTo: struct.validTo,
    appData: order.fullAppData,
    appDataHash: order.appDataHash,
    feeAmount: struct.feeAmount.toString(),
    kind: struct.kind,
    partiallyFillable: struct.partiallyFillable,
    sellTokenBalance: struct.sellTokenBalance ?? 'erc20',
    buyTokenBalance: struct.buyTokenBalance ?? 'erc20',
    signingScheme: order.signingScheme,
    signature: order.signature,
    from: order.owner,
    quoteId: order.quoteId,
    fullBalanceCheck: order.fullBalanceCheck,
    creationDate: isoMicros(order.createdAt, order.sequence % 1_000_000),
    class: order.class,
    owner: order.owner,
    uid: order.uid,
    availableBalance: null,
    executedSellAmount: order.executedSell.toString(),
    executedSellAmountBeforeFees: order.executedSell.toString(),
    executedBuyAmount: order.executedBuy.toString(),
    executedFeeAmount: '0',
    executedFee: order.executedFee.toString(),
    executedFeeToken: struct.sellToken,
    invalidated: order.invalidated,
    status: order.phase,
    isLiquidityOrder: order.class === 'liquidity',
    fullAppData: order.fullAppData,
    settlementContract: CONTRACTS[state.environment].settlement,
    interactions: { pre: [], post: [] },
  };
  if (order.onchainUser) view.onchainUser = order.onchainUser;
  if (order.ethflow) {
    view.ethflowData = { refundTxHash: order.ethflow.refundTxHash, userValidTo: order.ethflow.userValidTo };
    view.onchainOrderData = order.ethflow.placementError ? { sender: order.ethflow.sender, placementError: order.ethflow.placementError } : { sender: order.ethflow.sender };
  }
  if (quote) {
    view.quote = {
      gasAmount: quote.gasAmount.toString(),
      gasPrice: quote.gasPrice.toString(),
      sellTokenPrice: quote.sellTokenPrice,
      sellAmount: quote.sellAmount.toString(),
      buyAmount: quote.buyAmount.toString(),
      feeAmount: quote.feeAmount.toString(),
      solver: SOLVER,
      verified: quote.verified,
      // Like live: the route is only revealed once the order can no longer trade.
      metadata: order.phase === 'open' || order.phase === 'presignaturePending' ? {} : { interactions: [] },
    };
  }
  return view;
}
