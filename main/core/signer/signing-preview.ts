import { zeroAddress, type Address } from 'viem';
import type { Account } from '../../common/ipc/commands/accounts';
import type { OrderDraft, SigningPreview } from '../../common/ipc/commands/signing';
import { formatDate, formatDuration, formatPercent, formatRate, formatTokenAmount, formatUsd, type FormatOptions } from '../../common/format/format';
import { unknownTokenAmount } from '../../common/format/unknown-token';
import { resolveChain } from '../../common/protocol/chains';
import type { Environment } from '../../common/protocol/environments';
import { findKnownToken } from '../../common/protocol/tokens';
import { appDataEffects, volumePartnerFeeBips, type PartnerFeeEffect } from '../../common/trade/app-data-effects';
import { differenceFromMarket, marketWarning, rateOf, usdValue } from '../../common/trade/market-compare';
import { NETWORK_COST_WARNING_PERCENT } from '../../common/trade/order-math';
import type { BuiltOrder } from './order-draft';

/** What main knows about the two tokens besides the struct: metadata (token lists) and USD prices. */
export interface PreviewFacts {
  /** Symbol and decimals of a token not in KNOWN_TOKENS (from the token lists), or null. */
  token?: (chainId: number, address: Address) => { symbol: string; decimals: number } | null;
  usd?: { sell: number | null; buy: number | null };
  nowSeconds?: number;
  format?: FormatOptions;
}

/**
 * What the user confirms before signing, decoded from the struct main will
 * sign (not from what the renderer thinks it sent): tokens and amounts in
 * human units with USD values, the limit price both ways against the market,
 * who receives, when it expires, and every appData element that changes what
 * happens (hooks, partner fees, referrer, replaced order).
 */
export function signingPreview(draft: OrderDraft, built: BuiltOrder, environment: Environment, account: Account, facts: PreviewFacts = {}): SigningPreview {
  const { struct } = built;
  const chain = resolveChain(draft.chainId);
  const format = facts.format ?? {};
  const meta = (token: Address) => findKnownToken(chain.id, token) ?? facts.token?.(chain.id, token) ?? null;
  const sell = tokenAmount(meta(struct.sellToken), struct.sellToken, struct.sellAmount, facts.usd?.sell ?? null, format);
  const buy = tokenAmount(meta(struct.buyToken), struct.buyToken, struct.buyAmount, facts.usd?.buy ?? null, format);
  const receiver = struct.receiver && struct.receiver !== zeroAddress ? struct.receiver : built.owner;
  const receiverIsOwner = receiver.toLowerCase() === built.owner.toLowerCase();
  const effects = appDataEffects(draft.fullAppData);
  const now = facts.nowSeconds ?? Math.floor(Date.now() / 1000);

  const known = sell.decimals !== null && buy.decimals !== null;
  const sellSide = { amount: struct.sellAmount, decimals: sell.decimals ?? 0, usd: sell.usdPrice };
  const buySide = { amount: struct.buyAmount, decimals: buy.decimals ?? 0, usd: buy.usdPrice };
  const rate = known ? rateOf(sellSide, buySide) : null;
  const percent = known ? differenceFromMarket(sellSide, buySide) : null;
  const marketRate = sell.usdPrice !== null && buy.usdPrice !== null ? sell.usdPrice / buy.usdPrice : null;
  const warning = known ? marketWarning(percent, struct.kind, sell.symbol ?? '', buy.symbol ?? '') : null;

  const warnings: string[] = [];
  if (!receiverIsOwner) warnings.push(`The bought tokens go to ${receiver}, not to the signing account.`);
  if (environment === 'staging') warnings.push('Staging: signed for the staging settlement contract; not valid on production.');
  if (!known) warnings.push('A token is unknown to CoW Desk and its decimals are unknown: its amount is shown as a whole count. Check it against the token before signing.');
  if (warning) warnings.push(warning);
  const costPercent = draft.quote && struct.sellAmount > 0n ? Number((BigInt(draft.quote.feeAmount) * 1_000_000n) / struct.sellAmount) / 10_000 : null;
  const networkCost = draft.quote ? tokenAmount(meta(struct.sellToken), struct.sellToken, BigInt(draft.quote.feeAmount), facts.usd?.sell ?? null, format) : null;
  if (costPercent !== null && networkCost && costPercent > NETWORK_COST_WARNING_PERCENT) {
    warnings.push(`The network cost (${networkCost.display}) is ${formatPercent(costPercent, format)} of what you sell: a larger amount would lose a smaller share.`);
  }
  if (effects.hooks.length > 0) warnings.push(`The settlement will run ${effects.hooks.length} hook call(s) for this order: check each target and call below.`);
  if (effects.unreadable.length > 0) warnings.push(`Parts of the appData could not be read (${effects.unreadable.join(', ')}); they are still signed.`);

  return {
    environment,
    chainId: chain.id,
    chainName: chain.name,
    owner: built.owner,
    accountLabel: account.label,
    accountKind: account.kind,
    kind: struct.kind,
    sell,
    buy,
    limitPrice: rate === null || rate === 0 ? null : formatRate(rate, sell.symbol ?? '', buy.symbol ?? '', format),
    limitPriceInverse: rate === null || rate === 0 ? null : formatRate(1 / rate, buy.symbol ?? '', sell.symbol ?? '', format),
    labels: labelsOf(effects.orderClass === 'market', struct.kind, volumePartnerFeeBips(draft.fullAppData), format),
    expected: expectedOf(draft, struct.kind, (token, amount, usd) => tokenAmount(meta(token), token, amount, usd, format), facts),
    networkCost,
    networkCostPercent: costPercent,
    market: {
      percent,
      display: percent === null ? null : formatPercent(percent, { ...format, signed: true }),
      price: known && marketRate !== null ? formatRate(marketRate, sell.symbol ?? '', buy.symbol ?? '', format) : null,
      warning,
    },
    receiver,
    receiverIsOwner,
    validTo: struct.validTo,
    expiresAt: new Date(struct.validTo * 1000).toISOString(),
    expiresDisplay: formatDate(struct.validTo * 1000, format),
    // Whole minutes past ten minutes: the seconds spent reading the dialog are not news.
    validForDisplay: formatDuration(struct.validTo - now >= 600 ? Math.round((struct.validTo - now) / 60) * 60 : struct.validTo - now, format),
    partiallyFillable: struct.partiallyFillable,
    appData: {
      hash: struct.appData,
      bytes: new TextEncoder().encode(draft.fullAppData).length,
      appCode: effects.appCode,
      orderClass: effects.orderClass,
      slippageBips: effects.slippageBips,
      hooks: effects.hooks,
      partnerFees: effects.partnerFees.map((fee) => ({ ...fee, text: partnerFeeText(fee, format) })),
      referrer: effects.referrer,
      replacedOrder: effects.replacedOrder,
      unreadable: effects.unreadable,
    },
    signingScheme: draft.signingScheme,
    verifyingContract: built.domain.verifyingContract,
    digest: built.digest,
    uid: built.uid,
    warnings,
  };
}

/**
 * A market order's signed amount is the worst it accepts after slippage
 * ("Minimum received"), not a price the user chose; a limit order's is its
 * limit. A partner fee on the volume is already taken out of that bound.
 */
function labelsOf(market: boolean, kind: 'sell' | 'buy', partnerBips: number, format: FormatOptions): SigningPreview['labels'] {
  const fee = partnerBips > 0 ? ` (after the ${formatPercent(partnerBips / 100, format)} partner fee)` : '';
  if (market) return { bound: `${kind === 'sell' ? 'Minimum received' : 'Maximum sold'}${fee}`, price: 'Worst price (with slippage)' };
  return { bound: `${kind === 'sell' ? 'You get at least' : 'You sell at most'}${fee}`, price: 'Limit price' };
}

/** The quote's amount of the side the order leaves open: bought for a sell order, sold (network cost included) for a buy order. */
function expectedOf(
  draft: OrderDraft,
  kind: 'sell' | 'buy',
  amountOf: (token: Address, amount: bigint, usd: number | null) => SigningPreview['sell'],
  facts: PreviewFacts,
): SigningPreview['expected'] {
  if (!draft.quote) return null;
  if (kind === 'sell') return amountOf(draft.buyToken, BigInt(draft.quote.buyAmount), facts.usd?.buy ?? null);
  return amountOf(draft.sellToken, BigInt(draft.quote.sellAmount) + BigInt(draft.quote.feeAmount), facts.usd?.sell ?? null);
}

function tokenAmount(
  known: { symbol: string; decimals: number } | null,
  token: Address,
  amount: bigint,
  usdPrice: number | null,
  format: FormatOptions,
): SigningPreview['sell'] {
  const usd = known && usdPrice !== null ? usdValue({ amount, decimals: known.decimals, usd: usdPrice }) : null;
  return {
    token,
    symbol: known?.symbol ?? null,
    decimals: known?.decimals ?? null,
    amount: amount.toString(),
    display: known ? formatTokenAmount(amount, known.decimals, known.symbol, { ...format, exact: true }) : unknownTokenAmount(amount, token),
    usdPrice: known ? usdPrice : null,
    usd,
    usdDisplay: usd === null ? null : formatUsd(usd, format),
  };
}

function partnerFeeText(fee: PartnerFeeEffect, format: FormatOptions): string {
  const share = (bps: number) => formatPercent(bps / 100, format);
  const cap = fee.maxVolumeBps === null ? '' : `, at most ${share(fee.maxVolumeBps)} of the volume`;
  const of = fee.policy === 'volume' ? 'of the traded volume' : fee.policy === 'surplus' ? 'of the surplus' : 'of the price improvement';
  return `Partner fee: ${share(fee.bps)} ${of}${cap}, paid to ${fee.recipient}`;
}
