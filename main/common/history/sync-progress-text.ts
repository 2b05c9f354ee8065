import { formatCount } from '../format/format';
import { chainName } from '../protocol/chains';
import type { SyncProgress } from './history-schema';

/** At most this many account-chain pairs are named; the rest are counted. */
export const NAMED_PAIRS = 2;

const PHASE_TEXT: Record<SyncProgress['phase'], string> = {
  orders: 'reading orders',
  refresh: 'refreshing open orders',
  trades: 'reading fills',
  done: 'done',
  failed: 'failed',
};

/**
 * One line for a running sync. Every account is synced on every enabled chain,
 * so a list of each pair ran to fifteen items of "chain N: orders 0"; the line
 * counts the pairs and names only those with orders coming in.
 */
export function syncProgressText(progress: readonly SyncProgress[]): string {
  if (progress.length === 0) return 'Syncing…';
  const finished = progress.filter((entry) => entry.phase === 'done' || entry.phase === 'failed').length;
  const stored = progress.reduce((sum, entry) => sum + entry.done, 0);
  const busy = progress.filter((entry) => entry.phase !== 'done' && entry.phase !== 'failed' && entry.done > 0);
  const named = busy.slice(0, NAMED_PAIRS).map((entry) => {
    const count = entry.total === null ? formatCount(entry.done) : `${formatCount(entry.done)} of ${formatCount(entry.total)}`;
    return `${entry.account.slice(0, 6)}…${entry.account.slice(-4)} on ${chainName(entry.chainId)}: ${PHASE_TEXT[entry.phase]}, ${count}`;
  });
  const more = busy.length > NAMED_PAIRS ? ` and ${busy.length - NAMED_PAIRS} more` : '';
  const pairs = `${formatCount(finished)} of ${formatCount(progress.length)} account-chain pairs done, ${formatCount(stored)} order${stored === 1 ? '' : 's'} stored`;
  return `Syncing… ${pairs}${named.length > 0 ? ` (${named.join('; ')}${more})` : ''}.`;
}
