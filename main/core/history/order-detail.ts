import { ethFlowRefundOrder } from '../../common/orders/ethflow';
import { userView } from '../../common/orders/ethflow-user';
import type { Competition, DetailField, OrderDetail, TokenAmount } from '../../common/history/detail-schema';
import { cancelRoute, orderStatusText } from '../../common/orders/status';
import { surplusVersusLimit, surplusVersusQuote, type Surplus } from '../../common/orders/surplus';
import type { ApiOrder, SolverCompetition, Trade } from '../../common/protocol/api';
import { blockExplorerTxUrl, explorerOrderUrl } from '../../common/protocol/explorers';
import { parseOrderUid } from '../../common/protocol/order-uid';
import { findKnownToken } from '../../common/protocol/tokens';
import { apiOrderOf, toHistoryRow, type OrderColumns } from './order-row';

type Field = DetailField;

/** An amount in base units with the token's decimals and symbol when CoW Desk knows the token: the screen formats it. */
export function tokenAmount(chainId: number, token: string, amount: string | bigint): TokenAmount {
  const known = findKnownToken(chainId, token);
  return { token, amount: amount.toString(), decimals: known?.decimals ?? null, symbol: known?.symbol ?? null };
}

const text = (value: unknown): string | null =>
  value === null || value === undefined ? null : typeof value === 'object' ? JSON.stringify(value, null, 2) : String(value);

/** Every field of interface.md's Order table, in its order: amounts and moments as such, for the screen to put in the user's locale. */
function orderFields(chainId: number, order: ApiOrder): Field[] {
  const plain = (key: keyof ApiOrder, label: string, value: string | null): Field => ({ key, label, value });
  const amountOf = (key: keyof ApiOrder, label: string, token: string, value: string | null | undefined): Field =>
    value === null || value === undefined ? plain(key, label, null) : { key, label, value: null, amount: tokenAmount(chainId, token, value) };
  const moment = (key: keyof ApiOrder, label: string, ms: number | null): Field => (ms === null || !Number.isFinite(ms) ? plain(key, label, null) : { key, label, value: null, at: ms });
  const seconds = (value: number | null | undefined) => (value === null || value === undefined ? null : value * 1000);
  const sell = (key: keyof ApiOrder, label: string) => amountOf(key, label, order.sellToken, order[key] as string | null | undefined);
  const buy = (key: keyof ApiOrder, label: string) => amountOf(key, label, order.buyToken, order[key] as string | null | undefined);
  return [
    plain('sellToken', 'Sell token', order.sellToken), plain('buyToken', 'Buy token', order.buyToken),
    sell('sellAmount', 'Sell amount'), buy('buyAmount', 'Buy amount'),
    moment('validTo', 'Valid to', seconds(order.validTo)), sell('feeAmount', 'Fee amount'),
    plain('kind', 'Kind', order.kind), plain('partiallyFillable', 'Partially fillable', text(order.partiallyFillable)),
    plain('signingScheme', 'Signing scheme', text(order.signingScheme)), plain('signature', 'Signature', text(order.signature)),
    plain('appData', 'appData', text(order.appData)), plain('appDataHash', 'appData hash', text(order.appDataHash)),
    plain('fullAppData', 'Full appData', text(order.fullAppData)), moment('creationDate', 'Created', Date.parse(order.creationDate)),
    plain('class', 'Class', text(order.class)), plain('owner', 'Owner', order.owner), plain('uid', 'UID', order.uid),
    sell('executedSellAmount', 'Executed sell amount'),
    sell('executedSellAmountBeforeFees', 'Executed sell amount before fees'),
    buy('executedBuyAmount', 'Executed buy amount'),
    sell('executedFeeAmount', 'Executed fee amount'),
    amountOf('executedFee', 'Executed fee', order.executedFeeToken ?? order.sellToken, order.executedFee),
    plain('executedFeeToken', 'Executed fee token', text(order.executedFeeToken)), plain('invalidated', 'Invalidated', text(order.invalidated)),
    plain('status', 'Status', orderStatusText(order.status)), plain('settlementContract', 'Settlement contract', text(order.settlementContract)),
    plain('receiver', 'Receiver', order.receiver ?? `${order.owner} (the owner)`), plain('sellTokenBalance', 'Sell token balance', text(order.sellTokenBalance)),
    plain('buyTokenBalance', 'Buy token balance', text(order.buyTokenBalance)), plain('from', 'From', text(order.from)),
    plain('quoteId', 'Quote id', text(order.quoteId)), plain('fullBalanceCheck', 'Full balance check', text(order.fullBalanceCheck)),
    sell('availableBalance', 'Available balance'), plain('isLiquidityOrder', 'Liquidity order', text(order.isLiquidityOrder)),
    plain('onchainUser', 'On-chain user', text(order.onchainUser)), moment('validFrom', 'Valid from', seconds(order.validFrom)),
    plain('ethflowData', 'EthFlow data', text(order.ethflowData)), plain('onchainOrderData', 'On-chain order data', text(order.onchainOrderData)),
    plain('quote', 'Quote', text(order.quote)), plain('interactions', 'Interactions', text(order.interactions)),
  ];
}

/** What the order got beyond its limit price, and beyond its quote when it has one (main/common/orders/surplus). */
export function surplusOf(chainId: number, order: ApiOrder): SurplusItem[] {
  const result: SurplusItem[] = [];
  const add = (key: SurplusItem['key'], label: string, surplus: Surplus | null) => {
    if (!surplus) return;
    result.push({ key, label, amount: tokenAmount(chainId, surplus.token === 'buy' ? order.buyToken : order.sellToken, surplus.amount), bps: surplus.bps });
  };
  add('limit', 'Versus the limit price', surplusVersusLimit(order));
  add('quote', 'Versus the quote', surplusVersusQuote(order, order.quote));
  return result;
}

export interface DetailContext {
  explorerBase: string;
  accountKind: (address: string) => 'keychain' | 'passphrase' | 'watch' | undefined;
  submissionNote: string | null;
  /** How it was cancelled, in words (cancellation-source.ts), or null when it was not. */
  cancellation: string | null;
  /** When each fill's block was mined (fill-times.ts), and why not where it is not known. */
  fillTimes: { at(trade: Trade): number | null; note: string | null };
}

type SurplusItem = OrderDetail['surplus'][number];

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
      ? `Only open orders can be cancelled; this one is ${orderStatusText(row.local_state ?? row.status).toLowerCase()}.`
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
    uidParts: { digest: parts.digest, owner: parts.owner, validTo: parts.validTo },
    ethFlow: user.ethFlow ? ethFlowDetail(order, user, row.chain_id) : null,
    fills: trades.map((trade) => ({
      blockNumber: trade.blockNumber,
      logIndex: trade.logIndex,
      txHash: trade.txHash,
      txUrl: trade.txHash ? blockExplorerTxUrl(row.chain_id, trade.txHash) : null,
      sold: tokenAmount(row.chain_id, trade.sellToken, trade.sellAmount),
      bought: tokenAmount(row.chain_id, trade.buyToken, trade.buyAmount),
      at: context.fillTimes.at(trade),
    })),
    fillTimesNote: context.fillTimes.note,
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
  return { user: user.owner, validTo: user.validTo, refundOrder: ethFlowRefundOrder(order), refundTxHash, refundTxUrl: refundTxHash ? blockExplorerTxUrl(chainId, refundTxHash) : null };
}
