import { RUNNER_UP_SOLVER, SOLVER } from '../account-fixtures';
import { json, text } from '../http/reply';
import type { CompetitionRecord } from '../records';
import type { OrderbookContext, OrderbookRoute } from './context';
import { isHash32 } from './fields';

const notFound = () => text(404, 'no competition found');

const latest = (context: OrderbookContext) => context.state.competitions.filter((entry) => entry.chainId === context.chainId).at(-1);

/** GET /api/v2/solver_competition/latest (listed before `{auction_id}` so it wins the match). */
export const latestCompetitionRoute: OrderbookRoute = {
  method: 'GET',
  pattern: ['v2', 'solver_competition', 'latest'],
  handle: (_request, _params, context) => {
    const found = latest(context);
    return found ? json(200, toApiCompetition(found)) : notFound();
  },
};

export const competitionByIdRoute: OrderbookRoute = {
  method: 'GET',
  pattern: ['v2', 'solver_competition', ':auctionId'],
  handle: (_request, params, context) => {
    if (!/^[0-9]+$/.test(params.auctionId ?? '')) return text(400, 'Invalid URL: Cannot parse `auction_id`');
    const id = Number(params.auctionId);
    const found = context.state.competitions.find((entry) => entry.chainId === context.chainId && entry.auctionId === id);
    return found ? json(200, toApiCompetition(found)) : notFound();
  },
};

export const competitionByTxRoute: OrderbookRoute = {
  method: 'GET',
  pattern: ['v2', 'solver_competition', 'by_tx_hash', ':txHash'],
  handle: (_request, params, context) => {
    if (!isHash32(params.txHash)) return text(400, 'Invalid URL: Cannot parse `tx_hash`');
    const hash = params.txHash.toLowerCase();
    const found = context.state.competitions.find((entry) => entry.chainId === context.chainId && entry.txHash === hash);
    return found ? json(200, toApiCompetition(found)) : notFound();
  },
};

/** The winner settled the batch; a runner-up with a lower score shows the competition was real. */
function toApiCompetition(entry: CompetitionRecord): Record<string, unknown> {
  const orders = entry.trades.map((trade) => ({ id: trade.orderUid, sellAmount: trade.sellAmount.toString(), buyAmount: trade.buyAmount.toString() }));
  const score = entry.trades.reduce((sum, trade) => sum + trade.buyAmount / 1000n, 0n) + 1n;
  const runnerUpScore = (score * 9n) / 10n;
  return {
    auctionId: entry.auctionId,
    auctionStartBlock: entry.blockNumber - 1,
    auctionDeadlineBlock: entry.blockNumber + 2,
    transactionHashes: [entry.txHash],
    referenceScores: { [SOLVER]: runnerUpScore.toString() },
    auction: { orders: orders.map((order) => order.id), prices: entry.prices },
    solutions: [
      {
        ranking: 2,
        solverAddress: RUNNER_UP_SOLVER,
        score: runnerUpScore.toString(),
        referenceScore: null,
        txHash: null,
        clearingPrices: {},
        orders,
        isWinner: false,
        filteredOut: false,
      },
      {
        ranking: 1,
        solverAddress: SOLVER,
        score: score.toString(),
        referenceScore: runnerUpScore.toString(),
        txHash: entry.txHash,
        clearingPrices: {},
        orders,
        isWinner: true,
        filteredOut: false,
      },
    ],
  };
}
