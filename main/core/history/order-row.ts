import type { Address } from 'viem';
import type { HistoryRow } from '../../common/history/history-schema';
import type { ApiOrder } from '../../common/protocol/api';
import type { Environment } from '../../common/protocol/environments';
import { findKnownToken } from '../../common/protocol/tokens';
import { filledPercent } from '../../common/orders/fill';

/** The orders table's columns, named as in migration 003. */
export interface OrderColumns {
  uid: string;
  account: string;
  chain_id: number;
  environment: Environment;
  owner: string;
  sell_token: string;
  buy_token: string;
  sell_amount: string;
  buy_amount: string;
  valid_to: number;
  fee_amount: string | null;
  kind: 'sell' | 'buy';
  partially_fillable: number | null;
  signing_scheme: string | null;
  signature: string | null;
  app_data: string | null;
  app_data_hash: string | null;
  full_app_data: string | null;
  creation_date: string;
  created_at: number;
  class: string | null;
  owner_from: string | null;
  receiver: string | null;
  executed_sell_amount: string | null;
  executed_sell_amount_before_fees: string | null;
  executed_buy_amount: string | null;
  executed_fee_amount: string | null;
  executed_fee: string | null;
  executed_fee_token: string | null;
  invalidated: number | null;
  status: string;
  settlement_contract: string | null;
  sell_token_balance: string | null;
  buy_token_balance: string | null;
  quote_id: number | null;
  full_balance_check: number | null;
  available_balance: string | null;
  is_liquidity_order: number | null;
  onchain_user: string | null;
  valid_from: number | null;
  ethflow_data: string | null;
  onchain_order_data: string | null;
  quote: string | null;
  interactions: string | null;
  raw: string;
  app_code: string | null;
  sell_symbol: string | null;
  buy_symbol: string | null;
  filled_pct: number;
  local_state: string | null;
  synced_at: number;
}

export const ORDER_COLUMN_NAMES: readonly (keyof OrderColumns)[] = [
  'uid', 'account', 'chain_id', 'environment', 'owner', 'sell_token', 'buy_token', 'sell_amount', 'buy_amount', 'valid_to',
  'fee_amount', 'kind', 'partially_fillable', 'signing_scheme', 'signature', 'app_data', 'app_data_hash', 'full_app_data',
  'creation_date', 'created_at', 'class', 'owner_from', 'receiver', 'executed_sell_amount', 'executed_sell_amount_before_fees',
  'executed_buy_amount', 'executed_fee_amount', 'executed_fee', 'executed_fee_token', 'invalidated', 'status',
  'settlement_contract', 'sell_token_balance', 'buy_token_balance', 'quote_id', 'full_balance_check', 'available_balance',
  'is_liquidity_order', 'onchain_user', 'valid_from', 'ethflow_data', 'onchain_order_data', 'quote', 'interactions', 'raw',
  'app_code', 'sell_symbol', 'buy_symbol', 'filled_pct', 'local_state', 'synced_at',
];

/** Statuses after which an order never changes again; the rest are refreshed on every sync. */
export { FINAL_STATUSES } from '../../common/orders/status';

const bool = (value: boolean | null | undefined) => (value === null || value === undefined ? null : value ? 1 : 0);
const json = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));

/** appCode from the appData document, when the order carries the document rather than the hash. */
export function appCodeOf(document: string | null | undefined): string | null {
  if (!document || !document.startsWith('{')) return null;
  try {
    const parsed = JSON.parse(document) as { appCode?: unknown };
    return typeof parsed.appCode === 'string' ? parsed.appCode.slice(0, 100) : null;
  } catch {
    return null;
  }
}


/** creationDate carries microseconds and a Z; Date.parse handles the millisecond part. */
export function creationMs(creationDate: string): number {
  const ms = Date.parse(creationDate);
  return Number.isFinite(ms) ? ms : 0;
}

export function toOrderColumns(order: ApiOrder, account: string, chainId: number, environment: Environment, now: number): OrderColumns {
  const document = order.fullAppData ?? (order.appData?.startsWith('{') ? order.appData : null);
  return {
    uid: order.uid,
    account,
    chain_id: chainId,
    environment,
    owner: order.owner,
    sell_token: order.sellToken,
    buy_token: order.buyToken,
    sell_amount: order.sellAmount,
    buy_amount: order.buyAmount,
    valid_to: order.validTo,
    fee_amount: order.feeAmount ?? null,
    kind: order.kind,
    partially_fillable: bool(order.partiallyFillable),
    signing_scheme: order.signingScheme ?? null,
    signature: order.signature ?? null,
    app_data: order.appData ?? null,
    app_data_hash: order.appDataHash ?? null,
    full_app_data: order.fullAppData ?? null,
    creation_date: order.creationDate,
    created_at: creationMs(order.creationDate),
    class: order.class ?? null,
    owner_from: order.from ?? null,
    receiver: order.receiver ?? null,
    executed_sell_amount: order.executedSellAmount ?? null,
    executed_sell_amount_before_fees: order.executedSellAmountBeforeFees ?? null,
    executed_buy_amount: order.executedBuyAmount ?? null,
    executed_fee_amount: order.executedFeeAmount ?? null,
    executed_fee: order.executedFee ?? null,
    executed_fee_token: order.executedFeeToken ?? null,
    invalidated: bool(order.invalidated),
    status: order.status,
    settlement_contract: order.settlementContract ?? null,
    sell_token_balance: order.sellTokenBalance ?? null,
    buy_token_balance: order.buyTokenBalance ?? null,
    quote_id: order.quoteId ?? null,
    full_balance_check: bool(order.fullBalanceCheck),
    available_balance: order.availableBalance ?? null,
    is_liquidity_order: bool(order.isLiquidityOrder),
    onchain_user: order.onchainUser ?? null,
    valid_from: order.validFrom ?? null,
    ethflow_data: json(order.ethflowData),
    onchain_order_data: json(order.onchainOrderData),
    quote: json(order.quote),
    interactions: json(order.interactions),
    raw: JSON.stringify(order),
    app_code: appCodeOf(document),
    sell_symbol: findKnownToken(chainId, order.sellToken)?.symbol ?? null,
    buy_symbol: findKnownToken(chainId, order.buyToken)?.symbol ?? null,
    filled_pct: filledPercent(order),
    local_state: null,
    synced_at: now,
  };
}

/** A stored row as the history table shows it. */
export function toHistoryRow(row: OrderColumns): HistoryRow {
  const sell = findKnownToken(row.chain_id, row.sell_token);
  const buy = findKnownToken(row.chain_id, row.buy_token);
  return {
    uid: row.uid as HistoryRow['uid'],
    account: row.account as Address,
    chainId: row.chain_id,
    environment: row.environment,
    owner: row.owner as Address,
    kind: row.kind,
    status: row.local_state ?? row.status,
    sellToken: row.sell_token as Address,
    buyToken: row.buy_token as Address,
    sellSymbol: row.sell_symbol,
    buySymbol: row.buy_symbol,
    sellDecimals: sell?.decimals ?? null,
    buyDecimals: buy?.decimals ?? null,
    sellAmount: row.sell_amount,
    buyAmount: row.buy_amount,
    executedSellAmount: row.executed_sell_amount,
    executedBuyAmount: row.executed_buy_amount,
    partiallyFillable: row.partially_fillable === 1,
    filledPct: row.filled_pct,
    validTo: row.valid_to,
    createdAt: row.created_at,
    appCode: row.app_code,
    invalidated: row.invalidated === 1,
  };
}
