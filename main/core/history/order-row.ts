import { ethFlowRow, soldSymbol, userView } from '../../common/orders/ethflow-user';
import type { Address } from 'viem';
import type { HistoryRow } from '../../common/history/history-schema';
import type { ApiOrder } from '../../common/protocol/api';
import type { Environment } from '../../common/protocol/environments';
import { findKnownToken } from '../../common/protocol/tokens';
import { filledPercent } from '../../common/orders/fill';
import { unpackOrderRest } from './rest-codec';

/**
 * The orders table's columns (migration 007). Each field of the service's
 * order is stored once: the ones the History screen filters, sorts or shows
 * as columns, and everything else in `rest` exactly as the service sent it.
 * apiOrderOf() puts the two back together.
 */
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
  kind: 'sell' | 'buy';
  status: string;
  receiver: string | null;
  partially_fillable: number | null;
  executed_sell_amount: string | null;
  /** What a sell order's own side counts (fixedSideExecuted): a column so the transitions (migration 012) record it. */
  executed_sell_amount_before_fees: string | null;
  executed_buy_amount: string | null;
  invalidated: number | null;
  /** The other fields of the order: JSON, packed (rest-codec.ts). */
  rest: Uint8Array;
  // Derived on write, so the table can filter, sort and search on them.
  created_at: number;
  /** When the order stops being fillable: validTo, or for EthFlow orders the user's validTo. */
  expires_at: number;
  app_code: string | null;
  sell_symbol: string | null;
  buy_symbol: string | null;
  filled_pct: number;
  local_state: string | null;
  synced_at: number;
}

/**
 * An order as UPSERT_ORDER_SQL takes it: `rest` is the JSON, packed by the
 * statement (store/sql-functions.ts), so a sync packs on the writer thread.
 */
export type OrderParams = Omit<OrderColumns, 'rest'> & { rest: string };

export const ORDER_COLUMN_NAMES: readonly (keyof OrderColumns)[] = [
  'uid', 'account', 'chain_id', 'environment', 'owner', 'sell_token', 'buy_token', 'sell_amount', 'buy_amount', 'valid_to', 'kind',
  'status', 'receiver', 'partially_fillable', 'executed_sell_amount', 'executed_sell_amount_before_fees', 'executed_buy_amount', 'invalidated', 'rest',
  'created_at', 'expires_at', 'app_code', 'sell_symbol', 'buy_symbol', 'filled_pct', 'local_state', 'synced_at',
];

/** API fields kept as columns, with their column; a null or absent value stays in `rest` so it reads back as sent. */
const COLUMN_FIELDS = {
  uid: 'uid', owner: 'owner', sellToken: 'sell_token', buyToken: 'buy_token', sellAmount: 'sell_amount', buyAmount: 'buy_amount',
  validTo: 'valid_to', kind: 'kind', status: 'status', receiver: 'receiver', partiallyFillable: 'partially_fillable',
  executedSellAmount: 'executed_sell_amount', executedSellAmountBeforeFees: 'executed_sell_amount_before_fees', executedBuyAmount: 'executed_buy_amount',
  invalidated: 'invalidated',
} as const satisfies Partial<Record<keyof ApiOrder, keyof OrderColumns>>;
const BOOLEAN_FIELDS = new Set<string>(['partiallyFillable', 'invalidated']);

/** Statuses after which an order never changes again; the rest are refreshed on every sync. */
export { FINAL_STATUSES } from '../../common/orders/status';

const bool = (value: boolean | null | undefined) => (value === null || value === undefined ? null : value ? 1 : 0);

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

export function toOrderParams(order: ApiOrder, account: string, chainId: number, environment: Environment, now: number): OrderParams {
  const document = order.fullAppData ?? (order.appData?.startsWith('{') ? order.appData : null);
  const rest: Record<string, unknown> = { ...order };
  for (const field of Object.keys(COLUMN_FIELDS)) if (rest[field] !== null && rest[field] !== undefined) delete rest[field];
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
    kind: order.kind,
    status: order.status,
    receiver: order.receiver ?? null,
    partially_fillable: bool(order.partiallyFillable),
    executed_sell_amount: order.executedSellAmount ?? null,
    executed_sell_amount_before_fees: order.executedSellAmountBeforeFees ?? null,
    executed_buy_amount: order.executedBuyAmount ?? null,
    invalidated: bool(order.invalidated),
    rest: JSON.stringify(rest),
    created_at: creationMs(order.creationDate),
    // The user's expiry (an EthFlow order's contract validTo is 4294967295): what the user and the lapse checks go by.
    expires_at: userView(order).validTo,
    app_code: appCodeOf(document),
    sell_symbol: findKnownToken(chainId, order.sellToken)?.symbol ?? null,
    buy_symbol: findKnownToken(chainId, order.buyToken)?.symbol ?? null,
    filled_pct: filledPercent(order),
    local_state: null,
    synced_at: now,
  };
}

/** The order as the service sent it (field order aside), from its columns and `rest`. */
export function apiOrderOf(row: Pick<OrderColumns, (typeof COLUMN_FIELDS)[keyof typeof COLUMN_FIELDS] | 'rest'>): ApiOrder {
  const order = JSON.parse(unpackOrderRest(row.rest)) as Record<string, unknown>;
  for (const [field, column] of Object.entries(COLUMN_FIELDS)) {
    const value = row[column];
    if (value === null) continue;
    order[field] = BOOLEAN_FIELDS.has(field) ? value === 1 : value;
  }
  return order as ApiOrder;
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
    sellSymbol: soldSymbol(ethFlowRow({ owner: row.owner, account: row.account }), row.chain_id, row.sell_symbol),
    buySymbol: row.buy_symbol,
    sellDecimals: sell?.decimals ?? null,
    buyDecimals: buy?.decimals ?? null,
    sellAmount: row.sell_amount,
    buyAmount: row.buy_amount,
    executedSellAmount: row.executed_sell_amount,
    executedBuyAmount: row.executed_buy_amount,
    partiallyFillable: row.partially_fillable === 1,
    filledPct: row.filled_pct,
    validTo: row.expires_at,
    createdAt: row.created_at,
    appCode: row.app_code,
    invalidated: row.invalidated === 1,
  };
}
