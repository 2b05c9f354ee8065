import { AppError } from '../../../main/common/errors';
import type { OrderDraft, SignedOrder } from '../../../main/common/ipc/commands/signing';
import type { OrderProgress, SubmitResult, TradeQuote } from '../../../main/common/ipc/commands/trade';
import { toBaseUnits } from '../../../main/common/protocol/amounts';
import type { Environment } from '../../../main/common/protocol/environments';
import { appDataFor } from '../../../main/common/trade/app-data-doc';
import { limitOrderAmounts, marketOrderAmounts, parseSlippagePercent } from '../../../main/common/trade/order-math';
import { secondsUntil, validityProblem } from '../../../main/common/orders/validity';
import { api } from '../lib/api';
import { humanError } from '../shell/app-state.svelte';
import { appDataChecks } from './parts';
import { resolveToken, type TokenChoice } from './tokens';

export { validityPresets } from '../../../main/common/orders/validity';

/** What the user typed; everything else is derived from it or comes from main. */
export const form = $state({
  sellToken: 'WETH',
  sellDecimals: '',
  buyToken: 'USDC',
  buyDecimals: '',
  amount: '1',
  kind: 'sell' as 'sell' | 'buy',
  orderClass: 'market' as 'market' | 'limit',
  slippage: '0.5',
  /** Limit orders: buy token per one sell token, human units. */
  limitPrice: '',
  partiallyFillable: false,
  receiver: '',
  validity: 1800,
  /** A custom expiry date (datetime-local text) chosen instead of a preset; '' while a preset applies. */
  validUntil: '',
  signingScheme: 'eip712' as 'eip712' | 'ethsign' | 'presign',
  referrer: '',
  /** The advanced editor's text; null while the document is composed from the fields. */
  appDataText: null as string | null,
});

export const run = $state({
  quote: null as TradeQuote | null,
  quoting: false,
  submitting: false,
  error: null as { code: string; message: string } | null,
  draft: null as OrderDraft | null,
  result: null as SubmitResult | null,
  tracked: [] as OrderProgress[],
  /** An order sent whose answer was lost: "Send again" re-posts it; a new one for the same trade needs a confirmation. */
  unclear: null as UnclearOrder | null,
  /** The user was told the risk and chose to sign a second order for the trade of `unclear`. */
  secondConfirmed: false,
  /** The confirmation is on screen: the next draft waits for the user's answer. */
  askingSecond: false,
});

export interface UnclearOrder {
  uid: string;
  account: string;
  chainId: number;
  sellToken: string;
  buyToken: string;
  kind: 'sell' | 'buy';
}

/** Same account, chain, tokens and side: a second signature for it could trade twice. */
function sameTrade(unclear: UnclearOrder, draft: Pick<OrderDraft, 'account' | 'chainId' | 'sellToken' | 'buyToken' | 'kind'>): boolean {
  const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
  return same(unclear.account, draft.account) && unclear.chainId === draft.chainId && same(unclear.sellToken, draft.sellToken) && same(unclear.buyToken, draft.buyToken) && unclear.kind === draft.kind;
}

/** USD per whole token from the latest quotes, by chain and lower-case address: fills are valued with them. */
export const usdPrices = $state<Record<string, number>>({});
export const usdKey = (chainId: number, token: string) => `${chainId}:${token.toLowerCase()}`;

export interface Context {
  chainId: number;
  account: `0x${string}` | null;
  environment: Environment;
}

export type Resolved = { sell: TokenChoice; buy: TokenChoice; amount: bigint; slippageBips: number } | { error: string };

export function resolveForm(chainId: number): Resolved {
  const sell = resolveToken(chainId, form.sellToken, form.sellDecimals);
  if ('error' in sell) return { error: `Sell token: ${sell.error}` };
  const buy = resolveToken(chainId, form.buyToken, form.buyDecimals);
  if ('error' in buy) return { error: `Buy token: ${buy.error}` };
  const slippage = form.orderClass === 'market' ? parseSlippagePercent(form.slippage) : { ok: true as const, bips: 0 };
  if (!slippage.ok) return { error: slippage.error };
  const validity = validityProblem(form.orderClass, validitySeconds(Date.now()));
  if (validity) return { error: validity };
  try {
    const amount = toBaseUnits(form.amount.trim(), form.kind === 'sell' ? sell.token.decimals : buy.token.decimals);
    if (amount === 0n) return { error: 'Enter an amount above zero.' };
    return { sell: sell.token, buy: buy.token, amount, slippageBips: slippage.bips };
  } catch (error) {
    return { error: humanError(error) };
  }
}

/** Seconds the order will be valid from `nowMs`: until the custom date when one is chosen, else the preset. */
export function validitySeconds(nowMs: number): number {
  if (!form.validUntil) return form.validity;
  return secondsUntil(form.validUntil, nowMs) ?? Number.NaN;
}

export function appDataOf(environment: Environment, slippageBips: number): { fullAppData: string; hash: string } | { error: string } {
  if (form.appDataText !== null) {
    // The editor opens once its check is loaded (AppDataEditor), so this waits only on a load that failed.
    if (!appDataChecks.value) return { error: `appData: ${appDataChecks.error ?? 'the document check is loading…'}` };
    const edited = appDataChecks.value.canonicalAppData(form.appDataText);
    return edited.ok ? edited : { error: `appData: ${edited.error}` };
  }
  const referrer = form.referrer.trim();
  if (referrer && !/^0x[0-9a-fA-F]{40}$/.test(referrer)) return { error: 'The referrer must be an address (0x + 40 hex digits).' };
  return appDataFor({
    environment,
    orderClass: form.orderClass,
    slippageBips: form.orderClass === 'market' ? slippageBips : null,
    referrer: referrer ? (referrer as `0x${string}`) : null,
  });
}

const receiverOf = (): `0x${string}` | null => (form.receiver.trim() ? (form.receiver.trim() as `0x${string}`) : null);

function fail(error: unknown): void {
  run.error = { code: error instanceof AppError ? error.code : 'ERROR', message: humanError(error) };
}

export async function requestQuote(context: Context): Promise<void> {
  const resolved = resolveForm(context.chainId);
  if ('error' in resolved) return void (run.error = { code: 'FORM', message: resolved.error });
  if (!context.account) return void (run.error = { code: 'FORM', message: 'Choose an account (add one in Accounts first).' });
  // The orderbook refuses a native sell token (InvalidNativeSellToken): the screen offers wrap, then sell.
  if (resolved.sell.native) return void (run.error = { code: 'FORM', message: `${resolved.sell.symbol} is sold by wrapping it first: use "Wrap, then sell" below the form.` });
  const appData = appDataOf(context.environment, resolved.slippageBips);
  if ('error' in appData) return void (run.error = { code: 'FORM', message: appData.error });
  run.quoting = true;
  run.error = null;
  try {
    const quote = await api.invoke('trade.quote', {
      account: context.account,
      chainId: context.chainId,
      sellToken: resolved.sell.address,
      buyToken: resolved.buy.address,
      kind: form.kind,
      amount: resolved.amount.toString(),
      receiver: receiverOf(),
      // Main asks the service within what it quotes (3 h): the order's own validity is signed later.
      validFor: validitySeconds(Date.now()),
      partiallyFillable: form.partiallyFillable,
      fullAppData: appData.fullAppData,
      signingScheme: form.signingScheme,
    });
    // Expired on arrival means the clocks disagree; re-quoting on expiry would then never stop.
    if (quote.expiresAt <= Date.now()) {
      run.quote = null;
      run.error = { code: 'QUOTE_EXPIRED_ON_ARRIVAL', message: 'The quote had already expired when it arrived: check that this computer\'s clock is right, then quote again.' };
    } else {
      run.quote = quote;
      if (quote.usd.sell !== null) usdPrices[usdKey(context.chainId, quote.sellToken)] = quote.usd.sell;
      if (quote.usd.buy !== null) usdPrices[usdKey(context.chainId, quote.buyToken)] = quote.usd.buy;
    }
  } catch (error) {
    run.quote = null;
    fail(error);
  } finally {
    run.quoting = false;
  }
}

/** Limit orders: the amounts that will be signed at the user's price, or null while the price is not valid. */
export function limitAmountsOf(resolved: Resolved): { sellAmount: bigint; buyAmount: bigint } | null {
  if (form.orderClass !== 'limit' || 'error' in resolved || !form.limitPrice.trim()) return null;
  try {
    const price = toBaseUnits(form.limitPrice.trim(), resolved.buy.decimals);
    return price === 0n ? null : limitOrderAmounts(form.kind, resolved.amount, price, resolved.sell.decimals);
  } catch {
    return null;
  }
}

/** The switch-tokens button: sell what was bought; a limit price no longer means anything and is cleared. */
export function switchTokens(): void {
  [form.sellToken, form.buyToken] = [form.buyToken, form.sellToken];
  [form.sellDecimals, form.buyDecimals] = [form.buyDecimals, form.sellDecimals];
  form.limitPrice = '';
}

/** The order to sign from the quote: slippage for market orders, the user's price for limit orders. */
export function prepareDraft(context: Context, nowMs: number): void {
  // The partner fee is read with the appData checks, loaded when idle after the screen shows: a Review
  // before that prepares the draft once they are loaded, or says why they could not be.
  const checks = appDataChecks.value;
  if (!checks) return void appDataChecks.load().then(() => prepareDraft(context, nowMs), fail);
  const resolved = resolveForm(context.chainId);
  const quote = run.quote;
  if ('error' in resolved || !quote || !context.account) return;
  const appData = appDataOf(context.environment, resolved.slippageBips);
  if ('error' in appData) return void (run.error = { code: 'FORM', message: appData.error });
  let amounts: { sellAmount: bigint; buyAmount: bigint };
  if (form.orderClass === 'market') {
    amounts = marketOrderAmounts(
      { kind: quote.kind, sellAmount: BigInt(quote.sellAmount), buyAmount: BigInt(quote.buyAmount), feeAmount: BigInt(quote.feeAmount) },
      resolved.slippageBips,
      checks.volumePartnerFeeBips(appData.fullAppData),
    );
  } else {
    try {
      amounts = limitOrderAmounts(form.kind, resolved.amount, toBaseUnits(form.limitPrice.trim(), resolved.buy.decimals), resolved.sell.decimals);
    } catch (error) {
      return fail(error);
    }
  }
  run.error = null;
  const draft: OrderDraft = {
    account: context.account,
    chainId: context.chainId,
    sellToken: resolved.sell.address,
    buyToken: resolved.buy.address,
    receiver: receiverOf(),
    sellAmount: amounts.sellAmount.toString(),
    buyAmount: amounts.buyAmount.toString(),
    validTo: Math.floor(nowMs / 1000) + validitySeconds(nowMs),
    kind: form.kind,
    partiallyFillable: form.partiallyFillable,
    fullAppData: appData.fullAppData,
    signingScheme: form.signingScheme,
    // Shown at signing (expected amount, network cost); the signed struct does not carry it.
    quote: { sellAmount: quote.sellAmount, buyAmount: quote.buyAmount, feeAmount: quote.feeAmount },
  };
  // The same trade as an order whose answer was lost: the user decides, told the risk, before anything is signed.
  if (run.unclear && sameTrade(run.unclear, draft) && !run.secondConfirmed) return void (run.askingSecond = true);
  run.draft = draft;
}

/** "Sign a second order anyway" after the risk was named: the draft is prepared again and goes to signing. */
export function confirmSecondOrder(context: Context, nowMs: number): void {
  run.secondConfirmed = true;
  run.askingSecond = false;
  prepareDraft(context, nowMs);
}

/** "Send again": the journalled order whose answer was lost, same signature and UID. */
export async function sendAgain(): Promise<void> {
  const unclear = run.unclear;
  if (!unclear || run.submitting) return;
  run.submitting = true;
  run.error = null;
  try {
    run.result = await api.invoke('trade.resend', { uid: unclear.uid as `0x${string}` });
    run.unclear = null;
    run.askingSecond = false;
    upsertTracked(run.result.order);
  } catch (error) {
    fail(error);
  } finally {
    run.submitting = false;
  }
}

export async function submitSigned(signed: SignedOrder): Promise<void> {
  const draft = run.draft;
  run.draft = null;
  if (!draft) return;
  run.submitting = true;
  run.error = null;
  // A failed submission must not leave the previous order's "submitted" on screen.
  run.result = null;
  const used = run.quote;
  try {
    const acknowledgeUnclear = run.secondConfirmed;
    run.result = await api.invoke('trade.submit', { draft, signed, quoteId: used?.quoteId ?? null, acknowledgeUnclear });
    run.secondConfirmed = false;
    // A quote backs one order: the next one starts from a fresh quote. One asked for meanwhile stays.
    if (run.quote === used) run.quote = null;
    upsertTracked(run.result.order);
  } catch (error) {
    fail(error);
    const uid = error instanceof AppError ? error.details?.uid : undefined;
    // Unconfirmed now, or (UNCLEAR_ORDER_PENDING) an earlier order of this trade main still cannot confirm.
    if (typeof uid === 'string' && ['SUBMISSION_UNCONFIRMED', 'UNCLEAR_ORDER_PENDING'].includes((error as AppError).code)) {
      run.unclear = { uid, account: draft.account, chainId: draft.chainId, sellToken: draft.sellToken, buyToken: draft.buyToken, kind: draft.kind };
    }
  } finally {
    run.submitting = false;
  }
}

export function upsertTracked(order: OrderProgress): void {
  const index = run.tracked.findIndex((entry) => entry.uid === order.uid);
  if (index === -1) run.tracked = [order, ...run.tracked];
  else run.tracked[index] = order;
}

export function connectTracking(): () => void {
  api.invoke('trade.tracked').then((list) => list.forEach(upsertTracked), () => undefined);
  return api.on('trade.orderUpdated', upsertTracked);
}
