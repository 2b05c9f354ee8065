import { APPROXIMATE, formatDate, formatTokenAmount } from '../../../main/common/format/format';
import type { TokenAmount } from '../../../main/common/history/detail-schema';
import type { HistoryRow } from '../../../main/common/history/history-schema';
import { executedAmounts, executionPriceBase, limitPriceBase } from '../../../main/common/orders/fill';

/** Base units in human units when the decimals are known; raw otherwise, marked as such. */
export function amount(value: string | null, decimals: number | null, symbol: string | null, options: { exact?: boolean; signed?: boolean } = {}): string {
  if (value === null) return '';
  if (decimals === null) return `${value} units of ${symbol ?? 'a token'} (decimals unknown)`;
  const base = BigInt(value);
  const text = formatTokenAmount(base, decimals, symbol, { exact: options.exact ?? false });
  if (!options.signed || base <= 0n) return text;
  return text.startsWith(APPROXIMATE) ? `${APPROXIMATE}+${text.slice(APPROXIMATE.length)}` : `+${text}`;
}

/** An amount of the order detail (main/common/history/detail-schema), in the user's locale. */
export const tokenAmountText = (value: TokenAmount, options: { exact?: boolean; signed?: boolean } = {}) =>
  amount(value.amount, value.decimals, tokenLabel(value.symbol, value.token), options);

export const tokenLabel = (symbol: string | null, address: string) => symbol ?? `${address.slice(0, 6)}…${address.slice(-4)}`;

export { chainName } from '../../../main/common/protocol/chains';

export const shortUid = (uid: string) => `${uid.slice(0, 10)}…${uid.slice(-8)}`;

export const dateTime = (ms: number) => formatDate(ms, { dateStyle: 'short' });

/** A moment of the order detail to the second: a fill, a deadline. */
export const moment = (ms: number) => formatDate(ms, { seconds: true });

/** "3 minutes ago", for the last-synced line. */
export function ago(ms: number, now: number): string {
  const seconds = Math.max(0, Math.round((now - ms) / 1000));
  if (seconds < 60) return `${seconds} s ago`;
  if (seconds < 3600) return `${Math.round(seconds / 60)} min ago`;
  return formatDate(ms);
}

/** YYYY-MM-DD of a date input to epoch ms, at the start or the end of that day (local time). */
export function dayBound(value: string, end: boolean): number | undefined {
  if (!value) return undefined;
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  return end ? new Date(year, month - 1, day, 23, 59, 59, 999).getTime() : new Date(year, month - 1, day).getTime();
}

/** What traded so far, in both tokens (main/common/orders/fill); null before any fill. */
export function executedParts(row: HistoryRow): { sold: string; bought: string } | null {
  const executed = executedAmounts(row);
  if (!executed) return null;
  return {
    sold: amount(executed.sell.toString(), row.sellDecimals, tokenLabel(row.sellSymbol, row.sellToken)),
    bought: amount(executed.buy.toString(), row.buyDecimals, tokenLabel(row.buySymbol, row.buyToken)),
  };
}

/** Buy token per one sell token: the average price the fills paid (executionPriceBase) and, beside it, the limit. Needs both tokens' decimals. */
export function priceText(row: HistoryRow): { execution: string; limit: string } | null {
  if (row.sellDecimals === null || row.buyDecimals === null) return null;
  const unit = `${tokenLabel(row.buySymbol, row.buyToken)}/${tokenLabel(row.sellSymbol, row.sellToken)}`;
  const show = (base: bigint | null) => (base === null ? '' : formatTokenAmount(base, row.buyDecimals!, unit));
  return { execution: show(executionPriceBase(row, row.sellDecimals)), limit: show(limitPriceBase(row, row.sellDecimals)) };
}
