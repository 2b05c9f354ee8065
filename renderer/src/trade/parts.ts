import { Lazy } from '../lib/lazy.svelte';

/**
 * The Trade screen's parts that load after it shows (lib/lazy.svelte.ts), each needed only once the user acts:
 * a quote, Review, the orders sent (main tracks those of this session), the appData editor, a dialog, selling the native token, an unknown token's warning.
 */
export const quotePanelPart = new Lazy('The quote', () => import('./QuotePanel.svelte').then((module) => module.default));
export const trackedOrdersPart = new Lazy('The list of your orders', () => import('./TrackedOrders.svelte').then((module) => module.default));
export const appDataChecks = new Lazy('The appData check', () => import('./app-data-checks'));
export const signingDialogPart = new Lazy('The signing dialog', () => import('../components/SigningDialog.svelte').then((module) => module.default));
export const txDialogPart = new Lazy('The transaction dialog', () => import('../wallet/TxDialog.svelte').then((module) => module.default));
export const ethFlowSellPart = new Lazy('Selling in one EthFlow transaction', () => import('./EthFlowSell.svelte').then((module) => module.default));
export const unknownTokenWarningPart = new Lazy('The unknown token warning', () => import('./UnknownTokenWarning.svelte').then((module) => module.default));

/** In the order they load when idle: what a quote and its Review need first. */
export const TRADE_PARTS: readonly Lazy<unknown>[] = [quotePanelPart, appDataChecks, signingDialogPart, trackedOrdersPart, txDialogPart, ethFlowSellPart, unknownTokenWarningPart];
