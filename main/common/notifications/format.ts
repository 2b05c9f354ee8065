import type { NotificationType } from '../protocol/api/notifications';
import { formatDecimalString } from '../format/format';
import { formatUnits } from '../protocol/amounts';
import { CHAINS } from '../protocol/chains';
import { findKnownToken } from '../protocol/tokens';
import type { NotificationTarget } from './notifier';
import { filledPercent } from '../orders/fill';
import { formatSurplusPercent } from '../orders/surplus';

/** What is known about the order behind an event; service items for unknown orders carry little. */
export interface EventFacts {
  type: NotificationType;
  chainId: number | null;
  orderUid: string | null;
  order?: {
    kind: 'sell' | 'buy';
    sellToken: string;
    buyToken: string;
    sellAmount: string;
    buyAmount: string;
    executedSell: string;
    executedBuy: string;
  };
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

/** Human units when the token is known; raw base units of a shortened address otherwise. */
export function tokenAmount(chainId: number, token: string, amount: string): string {
  const known = findKnownToken(chainId, token);
  if (!known) return `${amount} base units of ${token.slice(0, 6)}…${token.slice(-4)}`;
  return `${formatDecimalString(formatUnits(BigInt(amount), known.decimals))} ${known.symbol}`;
}

export function tokenSymbol(chainId: number, token: string): string {
  return findKnownToken(chainId, token)?.symbol ?? `${token.slice(0, 6)}…${token.slice(-4)}`;
}

const chainName = (chainId: number) => CHAINS.find((chain) => chain.id === chainId)?.name ?? `chain ${chainId}`;

/**
 * Title and body of a desktop notification (and of the stored event), in the
 * words a trader uses: "Sold 1 WETH for 2,990 USDC on Ethereum". Pure, so it is
 * tested under Node apart from Electron.
 */
export function formatNotification(facts: EventFacts): FormattedNotification {
  const target: NotificationTarget = facts.orderUid ? { view: 'history', orderUid: facts.orderUid } : { view: 'notifications' };
  const { order, chainId } = facts;
  if (!order || chainId === null) {
    const uid = facts.orderUid ? ` (order ${facts.orderUid.slice(0, 10)}…)` : '';
    return { title: TITLES[facts.type], body: `${facts.message ?? TITLES[facts.type]}${uid}`, target };
  }
  const on = ` on ${chainName(chainId)}`;
  const pair = `${tokenSymbol(chainId, order.sellToken)} → ${tokenSymbol(chainId, order.buyToken)}`;
  const sell = (amount: string) => tokenAmount(chainId, order.sellToken, amount);
  const buy = (amount: string) => tokenAmount(chainId, order.buyToken, amount);
  const limit = order.kind === 'sell' ? `Sell ${sell(order.sellAmount)} for at least ${buy(order.buyAmount)}` : `Buy ${buy(order.buyAmount)} for at most ${sell(order.sellAmount)}`;
  const title = `${TITLES[facts.type]}: ${pair}`;
  switch (facts.type) {
    case 'order_filled':
      return { title, body: `Sold ${sell(order.executedSell)} for ${buy(order.executedBuy)}${on}.`, target };
    case 'order_partially_filled': {
      const percent = filledPercent({ ...order, executedSellAmount: order.executedSell, executedBuyAmount: order.executedBuy });
      return { title, body: `${percent}% filled so far: sold ${sell(order.executedSell)} for ${buy(order.executedBuy)}${on}.`, target };
    }
    case 'order_expired':
      return { title, body: `${limit}${on} expired${BigInt(order.executedSell) > 0n ? ' partly filled' : ' without a fill'}.`, target };
    case 'order_cancelled':
      return { title, body: `${limit}${on} was cancelled.`, target };
    case 'insufficient_balance':
      return { title, body: `${limit}${on} cannot fill: the ${tokenSymbol(chainId, order.sellToken)} balance is too low.`, target };
    case 'price_improvement': {
      const better = facts.surplusBps == null ? '' : `, ${formatSurplusPercent(facts.surplusBps)} better than your limit`;
      return { title, body: `Got ${buy(order.executedBuy)} for ${sell(order.executedSell)}${on}${better}.`, target };
    }
  }
}

