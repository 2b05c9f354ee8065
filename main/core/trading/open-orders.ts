import type { OpenOrder } from '../../common/ipc/commands/trade';
import { userView } from '../../common/orders/ethflow-user';
import { filledPercent } from '../../common/orders/fill';
import { isCancellableStatus } from '../../common/orders/status';
import { appDataEffects } from '../../common/trade/app-data-effects';
import type { ApiOrder } from '../../common/protocol/api';
import type { Environment } from '../../common/protocol/environments';
import { chainName } from '../../common/protocol/chains';
import { findKnownToken } from '../../common/protocol/tokens';
import { differenceFromMarket } from '../../common/trade/market-compare';

export interface OpenOrdersDeps {
  liveUids: (account: string, chainId: number, environment: Environment) => string[];
  orderOf: (uid: string) => { order: ApiOrder; chainId: number } | undefined;
  /** USD per whole token now, or null where the token service has none. */
  usdPrice: (chainId: number, token: string) => Promise<number | null>;
  environment: () => Environment;
}

/**
 * The account's open orders as stored by the history (kept current by the
 * sync, the tracker and the watcher), each with its limit against the market
 * now: both sides valued at the token service's USD prices, one request per
 * token however many orders share it.
 */
export async function openOrders(deps: OpenOrdersDeps, account: string, chainId: number): Promise<OpenOrder[]> {
  const orders = deps
    .liveUids(account, chainId, deps.environment())
    .map((uid) => deps.orderOf(uid)?.order)
    .filter((order): order is ApiOrder => order !== undefined && isCancellableStatus(order.status));
  const prices = new Map<string, Promise<number | null>>();
  const usd = (token: string) => {
    const key = token.toLowerCase();
    if (!prices.has(key)) prices.set(key, deps.usdPrice(chainId, token).catch(() => null));
    return prices.get(key)!;
  };
  return Promise.all(
    orders.map(async (order) => {
      const sell = findKnownToken(chainId, order.sellToken);
      const buy = findKnownToken(chainId, order.buyToken);
      const [sellUsd, buyUsd] = await Promise.all([usd(order.sellToken), usd(order.buyToken)]);
      const vsMarketPercent =
        sell && buy
          ? differenceFromMarket({ amount: BigInt(order.sellAmount), decimals: sell.decimals, usd: sellUsd }, { amount: BigInt(order.buyAmount), decimals: buy.decimals, usd: buyUsd })
          : null;
      const { ethFlow, validTo } = userView(order);
      return {
        uid: order.uid,
        chainId,
        kind: order.kind,
        sellToken: order.sellToken,
        buyToken: order.buyToken,
        sellAmount: order.sellAmount,
        buyAmount: order.buyAmount,
        filledPercent: filledPercent(order),
        ethFlow,
        validTo,
        vsMarketPercent,
        status: order.status,
      };
    }),
  );
}

/**
 * The replacement must say which order it replaces, and be the same account's on the same chain: else it is just
 * another order, and the old one (cancelled once the new one is placed) would be cancelled on a chain it does not trade on.
 */
export function replacementProblem(replaces: string, fullAppData: string, owner: string, chainId: number, stored: { order: ApiOrder; chainId: number } | undefined): string | null {
  if (!stored) return `Order ${replaces} is not in the local history; only a known open order can be replaced.`;
  if (stored.order.owner.toLowerCase() !== owner.toLowerCase()) return 'The replacement is signed by another account than the order it replaces.';
  if (stored.chainId !== chainId) return `The order it replaces is on ${chainName(stored.chainId)}: place the replacement there, not on ${chainName(chainId)}.`;
  if (appDataEffects(fullAppData).replacedOrder?.toLowerCase() !== replaces.toLowerCase()) {
    return 'The replacement\'s appData must name the order it replaces (metadata.replacedOrder).';
  }
  return null;
}
