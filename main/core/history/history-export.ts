import { closeSync, mkdirSync, openSync, renameSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import type { Database } from 'better-sqlite3';
import type { HistoryQuery } from '../../common/history/history-schema';
import { formatUnits } from '../../common/protocol/amounts';
import type { Environment } from '../../common/protocol/environments';
import { findKnownToken } from '../../common/protocol/tokens';
import { userView } from '../../common/orders/ethflow';
import { surplusVersusLimit } from '../../common/orders/surplus';
import { iterateHistory } from './history-query';
import { apiOrderOf, type OrderColumns } from './order-row';

export type ExportFormat = 'csv' | 'json';

const CSV_HEADER = [
  'uid', 'account', 'chainId', 'status', 'kind', 'createdAt', 'validTo', 'sellToken', 'sellSymbol', 'sellAmount', 'sellAmountHuman',
  'buyToken', 'buySymbol', 'buyAmount', 'buyAmountHuman', 'executedSellAmount', 'executedBuyAmount', 'filledPct', 'partiallyFillable',
  'receiver', 'appCode', 'owner', 'surplusPct',
];

/** RFC 4180 quoting; a leading = + - @ is prefixed so a spreadsheet never runs a cell as a formula. */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function human(chainId: number, token: string, amount: string | null): string {
  const known = findKnownToken(chainId, token);
  return known && amount !== null ? formatUnits(BigInt(amount), known.decimals) : '';
}

/** Surplus against the limit in percent (whole bps, so two decimals): the figure Trade, History and the alerts show; empty before a fill. */
function surplusPct(row: OrderColumns): string {
  const surplus = surplusVersusLimit(apiOrderOf(row));
  return surplus ? formatUnits(BigInt(surplus.bps), 2) : '';
}

function csvLine(row: OrderColumns): string {
  // Owner and validTo as the user knows them: an EthFlow order's are the user and their expiry, not the EthFlow contract's.
  const user = userView(apiOrderOf(row));
  return [
    row.uid, row.account, row.chain_id, row.local_state ?? row.status, row.kind, new Date(row.created_at).toISOString(),
    new Date(user.validTo * 1000).toISOString(), row.sell_token, row.sell_symbol, row.sell_amount, human(row.chain_id, row.sell_token, row.sell_amount),
    row.buy_token, row.buy_symbol, row.buy_amount, human(row.chain_id, row.buy_token, row.buy_amount), row.executed_sell_amount,
    row.executed_buy_amount, row.filled_pct, row.partially_fillable === 1, row.receiver, row.app_code, user.owner, surplusPct(row),
  ].map(csvCell).join(',');
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
        if (format === 'csv') writeSync(fd, `${csvLine(row)}\n`);
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
