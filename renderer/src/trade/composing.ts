import { USER_ACTIVE_MS } from '../../../main/common/limits';
import { api } from '../lib/api';

let composingToldAt = Number.NEGATIVE_INFINITY;

/**
 * The user is editing the order: main is told (at most twice in the time it
 * counts the user active), so background work leaves the orderbook's slots
 * free before the quote is asked, and the quote never waits behind a sync.
 */
export function composing(): void {
  const now = performance.now();
  if (now - composingToldAt < USER_ACTIVE_MS / 2) return;
  composingToldAt = now;
  // Only a hint: if it fails, the quote still goes, at most one slot's spacing later.
  api.invoke('trade.composing', undefined).catch(() => undefined);
}
