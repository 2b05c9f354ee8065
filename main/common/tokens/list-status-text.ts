import { formatCount, formatDate, type FormatOptions } from '../format/format';
import type { TokenListStatus } from './token-list';

/**
 * One token list's last refresh in words, as Settings shows it: when, the
 * outcome (ok, or failed and why) and which copy the picker uses meanwhile.
 */
export function listStatusText(status: TokenListStatus, options: FormatOptions = {}): { outcome: 'ok' | 'failed' | 'never'; line: string; detail: string | null } {
  const date = (at: number) => formatDate(at, { ...options, seconds: true });
  const tokens = (count: number | null) => `${formatCount(count ?? 0, options)} tokens`;
  const skipped =
    status.skipped > 0
      ? `${formatCount(status.skipped, options)} ${status.skipped === 1 ? 'entry' : 'entries'} skipped as unusable${status.skippedExample ? ` (e.g. ${status.skippedExample})` : ''}.`
      : null;
  if (status.outcome === null || status.checkedAt === null) {
    return { outcome: 'never', line: 'Not refreshed yet on this computer: the shipped snapshot answers for it.', detail: null };
  }
  if (status.outcome === 'ok') {
    return { outcome: 'ok', line: `Last refresh ${date(status.checkedAt)}: ok, ${tokens(status.tokens)}.`, detail: skipped };
  }
  const fallback = status.refreshedAt !== null ? `Using the copy from ${date(status.refreshedAt)} (${tokens(status.tokens)}).` : 'Using the shipped snapshot.';
  return { outcome: 'failed', line: `Last refresh ${date(status.checkedAt)}: failed: ${status.error ?? 'unknown reason'}.`, detail: fallback };
}
