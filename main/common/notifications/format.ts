import type { NotificationType } from '../protocol/api/notifications';
import { formatTokenAmount } from '../format/format';
import { unknownTokenAmount } from '../format/unknown-token';
import { chainName } from '../protocol/chains';
import { findKnownToken, type TokenLookup } from '../protocol/tokens';
import type { NotificationTarget } from './notifier';
import { filledPercent } from '../orders/fill';
import { formatSurplusPercent } from '../orders/surplus';
import { soldSymbol } from '../orders/ethflow-user';

const builtIn: TokenLookup = (chainId, address) => findKnownToken(chainId, address);

/** What is known about the order behind an event; service items for unknown orders carry little. */
export interface EventFacts {
  type: NotificationType;
  chainId: number | null;
  orderUid: string | null;
  order?: {
    kind: 'sell' | 'buy';
    /** An EthFlow order (userView): it sells the user's native currency (soldSymbol). */
    ethFlow: boolean;
    sellToken: string;
    buyToken: string;
    sellAmount: string;
    buyAmount: string;
    /** Null when the service's list tells a fill before the stored order shows it: then only `executedAmount` is known. */
    executedSell: string | null;
    executedBuy: string | null;
  };
  /** The service item's executed amount, of the order's own side (sell for a sell order, buy for a buy order). */
  executedAmount?: string | null;
  surplusBps?: number | null;
  /** The service's own text, used when the order is not known locally. */
  message?: string | null;
}

export interface FormattedNotification {
  title: string;
  body: string;
  target: NotificationTarget;
}

const TITLES: Record<NotificationType, string> = {
  order_filled: 'Order filled',
  order_partially_filled: 'Order partially filled',
  order_expired: 'Order expired',
  order_cancelled: 'Order cancelled',
  insufficient_balance: 'Insufficient balance',
  price_improvement: 'Price improvement',
};

const shortAddress = (token: string) => `${token.slice(0, 6)}…${token.slice(-4)}`;

/** Exact token units with the symbol, in the one formatter; a token no list knows as its whole count. */
export function tokenAmount(chainId: number, token: string, amount: string, tokens: TokenLookup = builtIn): string {
  const known = tokens(chainId, token);
  return known ? formatTokenAmount(BigInt(amount), known.decimals, known.symbol, { exact: true }) : unknownTokenAmount(amount, token);
}

export function tokenSymbol(chainId: number, token: string, tokens: TokenLookup = builtIn): string {
  return tokens(chainId, token)?.symbol ?? shortAddress(token);
}

/**
 * Title and body of a desktop notification (and of the stored event), in the
 * words a trader uses: "Sold 1 WETH for 2,990 USDC on Ethereum", the pair in
 * the title. Pure, so it is tested under Node apart from Electron.
 */
export function formatNotification(facts: EventFacts, tokens: TokenLookup = builtIn): FormattedNotification {
  const target: NotificationTarget = facts.orderUid ? { view: 'history', orderUid: facts.orderUid } : { view: 'notifications' };
  const { order, chainId } = facts;
  if (!order || chainId === null) {
    const uid = facts.orderUid ? ` (order ${facts.orderUid.slice(0, 10)}…)` : '';
    return { title: TITLES[facts.type], body: `${facts.message ?? TITLES[facts.type]}${uid}`, target };
  }
  const on = ` on ${chainName(chainId)}`;
  // The sold token's amounts under the symbol the user knows it by: ETH, not WETH, for an EthFlow order.
  const sellTokens: TokenLookup = (chain, address) => {
    const known = tokens(chain, address);
    return known && { ...known, symbol: soldSymbol(order.ethFlow, chain, known.symbol) ?? known.symbol };
  };
  const pair = `${tokenSymbol(chainId, order.sellToken, sellTokens)} → ${tokenSymbol(chainId, order.buyToken, tokens)}`;
  const sell = (amount: string) => tokenAmount(chainId, order.sellToken, amount, sellTokens);
  const buy = (amount: string) => tokenAmount(chainId, order.buyToken, amount, tokens);
  const limit = order.kind === 'sell' ? `Sell ${sell(order.sellAmount)} for at least ${buy(order.buyAmount)}` : `Buy ${buy(order.buyAmount)} for at most ${sell(order.sellAmount)}`;
  const title = `${TITLES[facts.type]}: ${pair}`;
  const { executedSell, executedBuy } = order;
  if (executedSell === null || executedBuy === null) return { title, body: aheadOfOrder(facts, limit + on, order.kind === 'sell' ? sell : buy), target };
  switch (facts.type) {
    case 'order_filled':
      return { title, body: `Sold ${sell(executedSell)} for ${buy(executedBuy)}${on}.`, target };
    case 'order_partially_filled': {
      const percent = filledPercent({ ...order, executedSellAmount: executedSell, executedBuyAmount: executedBuy });
      return { title, body: `${percent}% filled so far: sold ${sell(executedSell)} for ${buy(executedBuy)}${on}.`, target };
    }
    case 'order_expired':
      return { title, body: `${limit}${on} expired${BigInt(executedSell) > 0n ? ' partly filled' : ' without a fill'}.`, target };
    case 'order_cancelled':
      return { title, body: `${limit}${on} was cancelled.`, target };
    case 'insufficient_balance':
      return { title, body: `${limit}${on} cannot fill: the ${tokenSymbol(chainId, order.sellToken, sellTokens)} balance is too low.`, target };
    case 'price_improvement': {
      const better = facts.surplusBps == null ? '' : `, ${formatSurplusPercent(facts.surplusBps)} better than your limit`;
      return { title, body: `Got ${buy(executedBuy)} for ${sell(executedSell)}${on}${better}.`, target };
    }
  }
}

/**
 * The service told a fill the stored order does not show yet: the order's
 * limit, and the executed amount of its own side where the service gave it.
 */
function aheadOfOrder(facts: EventFacts, limitOn: string, ownSide: (amount: string) => string): string {
  const executed = facts.executedAmount ? ownSide(facts.executedAmount) : null;
  switch (facts.type) {
    case 'order_filled':
      return `${limitOn} filled.`;
    case 'order_partially_filled':
      return executed ? `${limitOn}: ${executed} filled so far.` : `${limitOn} is partly filled.`;
    case 'price_improvement': {
      const better = facts.surplusBps == null ? ' better than your limit' : `, ${formatSurplusPercent(facts.surplusBps)} better than your limit`;
      return `${limitOn} filled${better}.`;
    }
    case 'order_expired':
      return `${limitOn} expired.`;
    case 'order_cancelled':
      return `${limitOn} was cancelled.`;
    case 'insufficient_balance':
      return `${limitOn} cannot fill: the balance is too low.`;
  }
}
