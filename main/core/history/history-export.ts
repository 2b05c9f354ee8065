import { closeSync, mkdirSync, openSync, renameSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import type { Database } from 'better-sqlite3';
import type { HistoryQuery } from '../../common/history/history-schema';
import { soldSymbol, userView } from '../../common/orders/ethflow-user';
import { executionPriceBase, limitPriceBase } from '../../common/orders/fill';
import { orderStatusText } from '../../common/orders/status';
import { surplusVersusLimit } from '../../common/orders/surplus';
import { formatUnits } from '../../common/protocol/amounts';
import type { Trade } from '../../common/protocol/api';
import type { Environment } from '../../common/protocol/environments';
import { findKnownToken } from '../../common/protocol/tokens';
import type { BlockRef } from './fill-times';
import { iterateHistory } from './history-query';
import { apiOrderOf, type OrderColumns } from './order-row';
import type { OrdersRepo } from './orders-repo';

export type ExportFormat = 'csv' | 'json';

/** The fills of an order and when each happened (fill-times.ts), for the CSV's fill columns. */
export interface ExportFills {
  of(uid: string): Trade[];
  at(chainId: number, trade: Trade): number | null;
}

/**
 * One line per order. Amounts in base units (exact, for programs) beside the
 * same in human units (plain decimals, no grouping, for spreadsheets; empty
 * for a token CoW Desk does not know); prices in buy token per sell token;
 * fills in chain order, their transactions and times (ISO 8601, UTC; empty
 * where the chain's node could not date the block) joined by ";".
 */
export const CSV_HEADER = [
  'uid', 'account', 'chainId', 'status', 'statusText', 'kind', 'createdAt', 'validTo',
  'sellToken', 'sellSymbol', 'sellDecimals', 'sellAmount', 'sellAmountHuman',
  'buyToken', 'buySymbol', 'buyDecimals', 'buyAmount', 'buyAmountHuman',
  'executedSellAmount', 'executedSellAmountHuman', 'executedBuyAmount', 'executedBuyAmountHuman', 'filledPct', 'partiallyFillable',
  'averagePrice', 'limitPrice', 'priceUnit',
  'feeToken', 'fee', 'feeHuman',
  'surplusToken', 'surplus', 'surplusHuman', 'surplusPct',
  'fillCount', 'fillTxHashes', 'fillTimes',
  'receiver', 'appCode', 'owner',
] as const;

/** RFC 4180 quoting; a leading = + - @ is prefixed so a spreadsheet never runs a cell as a formula. */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Base units as a plain decimal in the token's units (signed), or empty for an unknown token. */
function human(chainId: number, token: string, amount: bigint | string | null | undefined): string {
  const known = findKnownToken(chainId, token);
  if (!known || amount === null || amount === undefined) return '';
  const value = BigInt(amount);
  return `${value < 0n ? '-' : ''}${formatUnits(value < 0n ? -value : value, known.decimals)}`;
}

const symbolOf = (chainId: number, token: string) => findKnownToken(chainId, token)?.symbol ?? token;

function csvLine(row: OrderColumns, fills: ExportFills): string {
  const order = apiOrderOf(row);
  // Owner and validTo as the user knows them: an EthFlow order's are the user and their expiry, not the EthFlow contract's.
  const user = userView(order);
  const chainId = row.chain_id;
  const sellDecimals = findKnownToken(chainId, row.sell_token)?.decimals ?? null;
  const price = (base: bigint | null) => (base === null ? '' : human(chainId, row.buy_token, base));
  const surplus = surplusVersusLimit(order);
  const surplusToken = surplus ? (surplus.token === 'buy' ? row.buy_token : row.sell_token) : null;
  const feeToken = order.executedFeeToken ?? row.sell_token;
  const fee = order.executedFee ?? order.executedFeeAmount ?? null;
  const trades = fills.of(row.uid);
  const status = row.local_state ?? row.status;
  return [
    row.uid, row.account, chainId, status, orderStatusText(status), row.kind, new Date(row.created_at).toISOString(), new Date(user.validTo * 1000).toISOString(),
    row.sell_token, soldSymbol(user.ethFlow, chainId, row.sell_symbol), sellDecimals, row.sell_amount, human(chainId, row.sell_token, row.sell_amount),
    row.buy_token, row.buy_symbol, findKnownToken(chainId, row.buy_token)?.decimals ?? null, row.buy_amount, human(chainId, row.buy_token, row.buy_amount),
    row.executed_sell_amount, human(chainId, row.sell_token, row.executed_sell_amount), row.executed_buy_amount, human(chainId, row.buy_token, row.executed_buy_amount),
    row.filled_pct, row.partially_fillable === 1,
    sellDecimals === null ? '' : price(executionPriceBase(order, sellDecimals)), sellDecimals === null ? '' : price(limitPriceBase(order, sellDecimals)),
    `${symbolOf(chainId, row.buy_token)}/${soldSymbol(user.ethFlow, chainId, symbolOf(chainId, row.sell_token))}`,
    fee === null ? null : feeToken, fee, human(chainId, feeToken, fee),
    surplusToken, surplus?.amount, surplusToken ? human(chainId, surplusToken, surplus!.amount) : '',
    // Surplus against the limit in percent (whole bps, so two decimals): the figure Trade, History and the alerts show.
    surplus ? formatUnits(BigInt(surplus.bps), 2) : '',
    trades.length, trades.map((trade) => trade.txHash ?? '').join(';'),
    trades.map((trade) => fills.at(chainId, trade)).map((at) => (at === null ? '' : new Date(at).toISOString())).join(';'),
    row.receiver, row.app_code, user.owner,
  ].map(csvCell).join(',');
}

/** The blocks of the fills an export of `query` lists: what FillTimes dates before the CSV is written. */
export function* exportedBlocks(repo: Pick<OrdersRepo, 'db' | 'tradesOf'>, query: HistoryQuery, environment: Environment): Generator<BlockRef> {
  for (const row of iterateHistory(repo.db, query, environment)) {
    for (const trade of repo.tradesOf(row.uid)) yield { chainId: row.chain_id, blockNumber: trade.blockNumber };
  }
}

/**
 * Writes the rows the history table currently selects (same filter, search and
 * sort) to a file in the export folder: CSV with human amounts beside the raw
 * ones, or JSON with every order exactly as the service sent it. Rows stream
 * from SQLite, and the file appears under its final name only when complete.
 */
export function exportHistory(
  db: Database,
  query: HistoryQuery,
  environment: Environment,
  format: ExportFormat,
  dir: string,
  now: Date,
  fills: ExportFills,
): { path: string; rows: number } {
  mkdirSync(dir, { recursive: true });
  const path = join(dir, `cow-desk-orders-${now.toISOString().replace(/[:.]/g, '-')}.${format}`);
  const partial = `${path}.partial`;
  const fd = openSync(partial, 'w', 0o600);
  let rows = 0;
  try {
    writeSync(fd, format === 'csv' ? `${CSV_HEADER.join(',')}\n` : '[\n');
    // One read transaction: a sync writing meanwhile cannot tear the snapshot.
    db.transaction(() => {
      for (const row of iterateHistory(db, query, environment)) {
        if (format === 'csv') writeSync(fd, `${csvLine(row, fills)}\n`);
        else writeSync(fd, `${rows > 0 ? ',\n' : ''}${JSON.stringify({ account: row.account, chainId: row.chain_id, environment: row.environment, order: apiOrderOf(row) })}`);
        rows += 1;
      }
    })();
    if (format === 'json') writeSync(fd, '\n]\n');
  } finally {
    closeSync(fd);
  }
  renameSync(partial, path);
  return { path, rows };
}
