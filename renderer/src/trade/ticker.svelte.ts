/**
 * The composer's sense of "now", refreshed four times a second while a view
 * uses it. Everything time-based (the quote countdown, the submit gate, the
 * re-quote on expiry) reads `ticker.now`, so one place decides what time it is.
 */
export const ticker = $state({ now: Date.now() });

export function startTicker(): () => void {
  ticker.now = Date.now();
  const timer = setInterval(() => (ticker.now = Date.now()), 250);
  return () => clearInterval(timer);
}
