/**
 * Requests from outside the Trade screen (the command palette) to act on it:
 * each counter is bumped by the palette and watched by the screen, so the
 * action runs with the screen's own context (chain, account, quote).
 */
export const tradeIntents = $state({ quote: 0, review: 0, cancelSelected: 0 });
