import { AppError } from '../../common/errors';
import type { Competition } from '../../common/history/detail-schema';
import type { Environment } from '../../common/protocol/environments';
import type { OrderbookClient } from '../api/orderbook-client';
import type { Handlers } from '../ipc/router';
import type { Trade } from '../../common/protocol/api';
import { exportedBlocks, exportHistory } from './history-export';
import type { FillTimes } from './fill-times';
import { queryHistory } from './history-query';
import { describeCancellation, type FilledAmountReader } from './cancellation-source';
import { buildDetail, toCompetition } from './order-detail';
import { apiOrderOf } from './order-row';
import { toOrderParams } from './order-row';
import type { OrdersRepo } from './orders-repo';
import type { SubmissionJournal } from './submission-journal';
import type { SyncService } from './sync-service';
import type { LookupDeps } from './lookup';
import { lookupUids } from './lookup';

export type HistoryCommand =
  | 'history.query'
  | 'history.export'
  | 'history.detail'
  | 'history.competition'
  | 'history.lookup'
  | 'history.sendCancellation'
  | 'history.status'
  | 'history.syncNow'
  | 'history.cancelSync';

export interface HistoryHandlerDeps {
  repo: OrdersRepo;
  sync: SyncService;
  journal: SubmissionJournal;
  orderbook: () => OrderbookClient;
  environment: () => Environment;
  explorerBase: () => string;
  accountKind: (address: string) => 'keychain' | 'passphrase' | 'watch' | undefined;
  accountFor: LookupDeps['accountFor'];
  exportDir: string;
  now: () => number;
  changed: () => void;
  /** The settlement contract's filledAmount of an order: tells an on-chain cancellation from a signed one. */
  filledAmount: FilledAmountReader;
  /** When fills happened, by their blocks on chain. */
  fillTimes: FillTimes;
}

export function historyHandlers(deps: HistoryHandlerDeps): Pick<Handlers, HistoryCommand> {
  const { repo } = deps;
  const stored = (uid: string) => {
    const row = repo.get(uid);
    if (!row) throw new AppError('ORDER_NOT_FOUND', `Order ${uid} is not in the local history. Look it up by UID to fetch it.`);
    return row;
  };
  const { fillTimes } = deps;
  const detail = async (uid: string) => {
    const row = stored(uid);
    const trades = repo.tradesOf(row.uid);
    const submission = deps.journal.find(row.uid);
    await fillTimes.date(trades.map((trade) => ({ chainId: row.chain_id, blockNumber: trade.blockNumber })));
    const at = (trade: Trade) => fillTimes.at(row.chain_id, trade.blockNumber);
    return buildDetail(row, trades, {
      explorerBase: deps.explorerBase(),
      accountKind: deps.accountKind,
      submissionNote: submission && submission.state !== 'submitted' ? submission.error : null,
      cancellation: await describeCancellation(row.chain_id, apiOrderOf(row), deps.filledAmount),
      fillTimes: { at, note: trades.some((trade) => at(trade) === null) ? fillTimes.note(row.chain_id) : null },
    });
  };
  return {
    'history.query': (query) => queryHistory(repo.db, query, deps.environment()),
    'history.export': async ({ query, format }) => {
      const environment = deps.environment();
      // The CSV names each fill's time: the blocks of the fills it will list are read first (kept once read).
      if (format === 'csv') await fillTimes.date(exportedBlocks(repo, query, environment));
      const fills = { of: (uid: string) => repo.tradesOf(uid), at: (chainId: number, trade: Trade) => fillTimes.at(chainId, trade.blockNumber) };
      return exportHistory(repo.db, query, environment, format, deps.exportDir, new Date(deps.now()), fills);
    },
    'history.detail': ({ uid }) => detail(uid),
    'history.competition': async ({ uid }): Promise<Competition> => {
      const row = stored(uid);
      const settled = repo.tradesOf(row.uid).find((trade) => trade.txHash);
      const none = (message: string): Competition => ({ available: false, message, auctionId: null, solutions: [] });
      if (!settled?.txHash) return none('No settlement yet: the solver competition is shown once the order has a fill with a transaction.');
      try {
        return toCompetition(await deps.orderbook().solverCompetition(row.chain_id, { txHash: settled.txHash }));
      } catch (error) {
        if (error instanceof AppError && 'status' in error && error.status === 404) return none('The orderbook has no solver competition recorded for this settlement.');
        if (error instanceof AppError) return none(error.message);
        throw error;
      }
    },
    'history.lookup': ({ chainId, inputs }) =>
      lookupUids(
        { repo, ordersByUids: (chain, uids) => deps.orderbook().ordersByUids(chain, uids), accountFor: deps.accountFor, environment: deps.environment(), now: deps.now },
        chainId,
        inputs,
      ).finally(deps.changed),
    'history.sendCancellation': async ({ uid, signature, signingScheme }) => {
      const row = stored(uid);
      const reason = (await detail(uid)).cancel.reason;
      if (reason) throw new AppError('CANNOT_CANCEL', reason);
      const orderbook = deps.orderbook();
      await orderbook.cancelOrders(row.chain_id, { orderUids: [row.uid], signature, signingScheme });
      const fresh = await orderbook.getOrder(row.chain_id, row.uid);
      repo.writeOrders([toOrderParams(fresh, row.account, row.chain_id, row.environment, deps.now())]);
      deps.changed();
      return detail(uid);
    },
    'history.status': () => deps.sync.status(),
    'history.syncNow': () => deps.sync.syncNow(),
    'history.cancelSync': () => {
      deps.sync.cancel();
      return deps.sync.status();
    },
  };
}
