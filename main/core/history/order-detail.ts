import { ethFlowRefundOrder, userView } from '../../common/orders/ethflow';
import type { Competition, OrderDetail } from '../../common/history/detail-schema';
import { formatUnits } from '../../common/protocol/amounts';
import { cancelRoute } from '../../common/orders/status';
import { formatSurplusPercent, surplusVersusLimit, surplusVersusQuote, type Surplus } from '../../common/orders/surplus';
import type { ApiOrder, SolverCompetition, Trade } from '../../common/protocol/api';
import { blockExplorerTxUrl, explorerOrderUrl } from '../../common/protocol/explorers';
import { parseOrderUid } from '../../common/protocol/order-uid';
import { findKnownToken } from '../../common/protocol/tokens';
import { apiOrderOf, toHistoryRow, type OrderColumns } from './order-row';

type Field = OrderDetail['fields'][number];

/** Base units in human units with the symbol, or raw with "base units" when the token is unknown. */
export function humanAmount(chainId: number, token: string | null | undefined, amount: string | null | undefined): string | null {
  if (amount === null || amount === undefined) return null;
  const known = token ? findKnownToken(chainId, token) : undefined;
  return known ? `${formatUnits(BigInt(amount), known.decimals)} ${known.symbol}` : `${amount} base units of ${token ?? 'an unknown token'}`;
}

const iso = (seconds: number | null | undefined) => (seconds === null || seconds === undefined ? null : new Date(seconds * 1000).toISOString());
const text = (value: unknown): string | null =>
  value === null || value === undefined ? null : typeof value === 'object' ? JSON.stringify(value, null, 2) : String(value);

/** Every field of interface.md's Order table, in its order, in human units. */
function orderFields(chainId: number, order: ApiOrder): Field[] {
  const sell = (amount: string | null | undefined) => humanAmount(chainId, order.sellToken, amount);
  const buy = (amount: string | null | undefined) => humanAmount(chainId, order.buyToken, amount);
  const entries: [keyof ApiOrder, string, string | null][] = [
    ['sellToken', 'Sell token', order.sellToken], ['buyToken', 'Buy token', order.buyToken],
    ['sellAmount', 'Sell amount', sell(order.sellAmount)], ['buyAmount', 'Buy amount', buy(order.buyAmount)],
    ['validTo', 'Valid to', iso(order.validTo)], ['feeAmount', 'Fee amount', sell(order.feeAmount)],
    ['kind', 'Kind', order.kind], ['partiallyFillable', 'Partially fillable', text(order.partiallyFillable)],
    ['signingScheme', 'Signing scheme', text(order.signingScheme)], ['signature', 'Signature', text(order.signature)],
    ['appData', 'appData', text(order.appData)], ['appDataHash', 'appData hash', text(order.appDataHash)],
    ['fullAppData', 'Full appData', text(order.fullAppData)], ['creationDate', 'Created', order.creationDate],
    ['class', 'Class', text(order.class)], ['owner', 'Owner', order.owner], ['uid', 'UID', order.uid],
    ['executedSellAmount', 'Executed sell amount', sell(order.executedSellAmount)],
    ['executedSellAmountBeforeFees', 'Executed sell amount before fees', sell(order.executedSellAmountBeforeFees)],
    ['executedBuyAmount', 'Executed buy amount', buy(order.executedBuyAmount)],
    ['executedFeeAmount', 'Executed fee amount', sell(order.executedFeeAmount)],
    ['executedFee', 'Executed fee', humanAmount(chainId, order.executedFeeToken ?? order.sellToken, order.executedFee)],
    ['executedFeeToken', 'Executed fee token', text(order.executedFeeToken)], ['invalidated', 'Invalidated', text(order.invalidated)],
    ['status', 'Status', order.status], ['settlementContract', 'Settlement contract', text(order.settlementContract)],
    ['receiver', 'Receiver', order.receiver ?? `${order.owner} (the owner)`], ['sellTokenBalance', 'Sell token balance', text(order.sellTokenBalance)],
    ['buyTokenBalance', 'Buy token balance', text(order.buyTokenBalance)], ['from', 'From', text(order.from)],
    ['quoteId', 'Quote id', text(order.quoteId)], ['fullBalanceCheck', 'Full balance check', text(order.fullBalanceCheck)],
    ['availableBalance', 'Available balance', sell(order.availableBalance)], ['isLiquidityOrder', 'Liquidity order', text(order.isLiquidityOrder)],
    ['onchainUser', 'On-chain user', text(order.onchainUser)], ['validFrom', 'Valid from', iso(order.validFrom)],
    ['ethflowData', 'EthFlow data', text(order.ethflowData)], ['onchainOrderData', 'On-chain order data', text(order.onchainOrderData)],
    ['quote', 'Quote', text(order.quote)], ['interactions', 'Interactions', text(order.interactions)],
  ];
  return entries.map(([key, label, value]) => ({ key, label, value }));
}

/** What the order got beyond its limit price, and beyond its quote when it has one (main/common/orders/surplus). */
export function surplusOf(chainId: number, order: ApiOrder): Field[] {
  const result: Field[] = [];
  const add = (key: string, label: string, surplus: Surplus | null) => {
    if (!surplus) return;
    const value = `${signed(chainId, surplus.token === 'buy' ? order.buyToken : order.sellToken, surplus.amount)} (${formatSurplusPercent(surplus.bps)})`;
    result.push({ key, label, value });
  };
  add('limit', 'Versus the limit price', surplusVersusLimit(order));
  add('quote', 'Versus the quote', surplusVersusQuote(order, order.quote));
  return result;
}

function signed(chainId: number, token: string, amount: bigint): string {
  const magnitude = humanAmount(chainId, token, (amount < 0n ? -amount : amount).toString())!;
  return amount < 0n ? `-${magnitude}` : `+${magnitude}`;
}

export interface DetailContext {
  explorerBase: string;
  accountKind: (address: string) => 'keychain' | 'passphrase' | 'watch' | undefined;
  submissionNote: string | null;
  /** How it was cancelled, in words (cancellation-source.ts), or null when it was not. */
  cancellation: string | null;
}

export function buildDetail(row: OrderColumns, trades: readonly Trade[], context: DetailContext): OrderDetail {
  const order = apiOrderOf(row);
  const parts = parseOrderUid(row.uid);
  const user = userView(order);
  const kind = context.accountKind(row.account);
  const route = cancelRoute({
    status: row.status,
    localState: row.local_state,
    ethflow: (order.ethflowData ?? null) !== null,
    onchain: (order.onchainOrderData ?? null) !== null,
    signingScheme: order.signingScheme,
  });
  const reason =
    route === 'none'
      ? `Only open orders can be cancelled; this one is ${row.local_state ?? row.status}.`
      : kind === undefined
        ? 'This order belongs to no account in CoW Desk.'
        : kind === 'watch'
          ? 'This is a watch-only account: CoW Desk has no key to sign its cancellation.'
          : route === 'ethFlow'
            ? 'EthFlow orders are cancelled on-chain through the EthFlow contract by the wallet that placed them.'
            : route === 'onChainSettlement'
              ? 'This order is cancelled on-chain: its owner calls invalidateOrder on the settlement contract (presign and on-chain orders cannot be cancelled by signature).'
              : null;
  return {
    row: toHistoryRow(row),
    fields: orderFields(row.chain_id, order),
    uidParts: { digest: parts.digest, owner: parts.owner, validTo: parts.validTo, validToIso: iso(parts.validTo)! },
    ethFlow: user.ethFlow ? ethFlowDetail(order, user, row.chain_id) : null,
    fills: trades.map((trade) => ({
      blockNumber: trade.blockNumber,
      logIndex: trade.logIndex,
      txHash: trade.txHash,
      txUrl: trade.txHash ? blockExplorerTxUrl(row.chain_id, trade.txHash) : null,
      sold: humanAmount(row.chain_id, trade.sellToken, trade.sellAmount)!,
      bought: humanAmount(row.chain_id, trade.buyToken, trade.buyAmount)!,
    })),
    surplus: surplusOf(row.chain_id, order),
    cancellation: context.cancellation,
    explorerUrl: explorerOrderUrl(context.explorerBase, row.chain_id, row.uid),
    cancel: { possible: reason === null, reason },
    submissionNote: context.submissionNote,
  };
}

export function toCompetition(found: SolverCompetition): Competition {
  return {
    available: true,
    message: null,
    auctionId: found.auctionId,
    solutions: found.solutions.map((solution) => ({
      ranking: solution.ranking ?? null,
      solver: solution.solverAddress ?? null,
      score: solution.score ?? null,
      isWinner: solution.isWinner ?? false,
    })),
  };
}

/** An EthFlow order's user, deadline and refund: the data to refund it with, and the refund once sent. */
function ethFlowDetail(order: ReturnType<typeof apiOrderOf>, user: ReturnType<typeof userView>, chainId: number): NonNullable<OrderDetail['ethFlow']> {
  const refundTxHash = order.ethflowData?.refundTxHash ?? null;
  return { user: user.owner, validTo: user.validTo, validToIso: iso(user.validTo)!, refundOrder: ethFlowRefundOrder(order), refundTxHash, refundTxUrl: refundTxHash ? blockExplorerTxUrl(chainId, refundTxHash) : null };
}
