import { jsonList, text } from '../http/reply';
import type { TradeRecord } from '../records';
import { apiError } from './answers';
import type { OrderbookRoute } from './context';
import { readAddress, readPage, readUid } from './fields';
import { listingsPerSandbox, OwnerListings } from './owner-listing';

/** The volume fee policy the sandbox reports on every trade (2 bps of the bought amount). */
const VOLUME_FEE_FACTOR_BPS = 2n;

const newestFirst = (a: TradeRecord, b: TradeRecord) => b.blockNumber - a.blockNumber || b.logIndex - a.logIndex;

/** An owner's trades, newest first; like the live service, with those of on-chain (EthFlow) orders the owner placed. */
const tradesOf = listingsPerSandbox(
  (state) =>
    new OwnerListings(
      () => state.trades.length,
      (chainId, owner) =>
        state.trades.filter((trade) => trade.chainId === chainId && (trade.owner === owner || state.orders.get(trade.orderUid)?.ethflow?.sender === owner)).sort(newestFirst),
    ),
);

/** GET /api/v2/trades?owner=|orderUid=&offset&limit: exactly one filter; newest first. */
export const tradesRoute: OrderbookRoute = {
  method: 'GET',
  pattern: ['v2', 'trades'],
  handle: (request, _params, { chainId, state }) => {
    const ownerParam = request.query.get('owner');
    const uidParam = request.query.get('orderUid');
    if ((ownerParam === null) === (uidParam === null)) {
      return apiError(400, 'InvalidTradeFilter', 'Exactly one of owner and orderUid must be set.');
    }
    const owner = ownerParam === null ? null : readAddress(ownerParam);
    const uid = uidParam === null ? null : readUid(uidParam);
    if (owner === undefined || uid === undefined) return text(400, 'Invalid query string');
    const page = readPage(request.query);
    if (!page.ok) return page.invalidLimit ? apiError(400, 'InvalidLimit', 'limit must be between 1 and 1000.') : text(400, 'Invalid query string');
    const trades = (owner ? tradesOf(state).of(chainId, owner) : state.trades.filter((trade) => trade.chainId === chainId && trade.orderUid === uid).sort(newestFirst)).slice(
      page.offset,
      page.offset + page.limit,
    );
    return jsonList(200, trades.map(toApiTrade));
  },
};

function toApiTrade(trade: TradeRecord): Record<string, unknown> {
  return {
    blockNumber: trade.blockNumber,
    logIndex: trade.logIndex,
    orderUid: trade.orderUid,
    owner: trade.owner,
    sellToken: trade.sellToken,
    buyToken: trade.buyToken,
    sellAmount: trade.sellAmount.toString(),
    // Signed fees are 0 now, so the amount before fees is the whole sold amount.
    sellAmountBeforeFees: trade.sellAmount.toString(),
    buyAmount: trade.buyAmount.toString(),
    txHash: trade.txHash,
    executedProtocolFees: [
      {
        policy: { volume: { factor: Number(VOLUME_FEE_FACTOR_BPS) / 10_000 } },
        amount: ((trade.buyAmount * VOLUME_FEE_FACTOR_BPS) / 10_000n).toString(),
        token: trade.buyToken,
      },
    ],
  };
}
