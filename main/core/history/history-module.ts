import { join } from 'node:path';
import { AppError } from '../../common/errors';
import { contract } from '../../common/ipc/contract';
import type { ApiOrder } from '../../common/protocol/api';
import type { Environment } from '../../common/protocol/environments';
import type { ApiClient } from '../api/api-client';
import type { StoreState } from '../health/health-service';
import type { EventBus } from '../ipc/event-bus';
import type { Logger } from '../log';
import type { SettingsService } from '../settings/settings-service';
import { EXPORT_DIR } from '../settings/settings-module';
import { AccountsRepo } from '../signer/accounts-repo';
import type { FilledAmountReader } from './cancellation-source';
import { FillTimes, type BlockClock } from './fill-times';
import { historyHandlers, type HistoryCommand } from './history-handlers';
import { apiOrderOf, toOrderParams } from './order-row';
import { OrdersRepo, orderStatements } from './orders-repo';
import type { Handlers } from '../ipc/router';
import { SubmissionJournal } from './submission-journal';
import { SyncService, type SyncTiming } from './sync-service';
import { TransitionStream } from './transition-stream';
import { StoreWriteError, StoreWriter } from '../store/store-writer';

export interface HistoryModuleOptions {
  storeState: StoreState;
  events: EventBus;
  api: ApiClient;
  settings: SettingsService;
  userDataDir: string;
  log: Logger;
  timing?: Partial<SyncTiming>;
  now?: () => number;
  /** The settlement contract's filledAmount (the wallet's chain clients): how a cancelled order was cancelled. */
  filledAmount?: FilledAmountReader;
  /** The chains' clocks (the wallet's chain clients): when each fill's block was mined. */
  blockClock?: BlockClock;
}

export interface HistoryModule {
  readonly handlers: Pick<Handlers, HistoryCommand>;
  /** Absent without a database. */
  readonly sync: SyncService | undefined;
  readonly journal: SubmissionJournal | undefined;
  /**
   * The one stream of order changes (migration 008): every stored change of
   * an order, whoever read it. The Trade tracker and the watcher consume it.
   */
  readonly transitions: TransitionStream | undefined;
  /** Reconciles the submission journal, then syncs now and on the timer. */
  start(): Promise<void>;
  /** A pass now (resume from sleep, a user's click). */
  syncNow(): Promise<void>;
  /**
   * Orders another module read from the service (the Trade tracker, the
   * watcher): stored as the sync would store them, and open screens told.
   * Storing a changed order records its transition (migration 008).
   * `placedSinceLastLook`: the account's newest orders, read since the
   * caller last looked, so one not held yet was placed since (elsewhere):
   * what happened to it is recorded too (OrdersRepo.writeOrders()).
   */
  storeOrders(chainId: number, orders: readonly ApiOrder[], options?: { placedSinceLastLook?: boolean }): void;
  /**
   * storeOrders() for background reads (the watcher's), in their turn with a sync's writer thread: while one runs,
   * the rows go to it behind the pages sent before them and its connection runs their SQL; else the main connection
   * writes them at once, as it does when the thread ends under them. Answers once they are committed. Beside two CPU
   * hogs the watcher's 256 orders written on the main connection held the main thread 55-110 ms, the longest blocks
   * of a 100k-order sync (issue 35).
   */
  storeInTurn(chainId: number, orders: readonly ApiOrder[], options?: { placedSinceLastLook?: boolean }): Promise<void>;
  /**
   * Runs a synchronous write of the store's main connection (the watcher's round's
   * transition-stream transaction) in its turn with the store's writer thread (StoreWriter.inTurn): the
   * watcher then waits for the thread's lock without blocking the main thread. At once when no thread runs.
   */
  inTurn<T>(write: () => T): Promise<T>;
  /** UIDs of the scope's orders that can still change, in UID order: all, or the next `limit` after `after`. */
  liveUids(account: string, chainId: number, environment: Environment, window?: { after?: string | null; limit?: number }): string[];
  /** How many of the scope's orders can still change. */
  liveCount(account: string, chainId: number, environment: Environment): number;
  /** Up to `limit` of the scope's orders that can still change whose validity ran out by `by` (epoch seconds). */
  liveExpired(account: string, chainId: number, environment: Environment, by: number, limit: number): string[];
  /** The stored order as the service last sent it, and its chain. */
  orderOf(uid: string): { order: ApiOrder; chainId: number } | undefined;
  /** Stops the sync; answers once no pass writes to the store any more. */
  close(): Promise<void>;
}

/**
 * Order history: the SQLite cache, its sync and the journal of submitted
 * orders. Listens on the event bus rather than being called by other modules:
 * a new account or chain syncs at once, and so does the connection coming back.
 */
export function createHistoryModule(options: HistoryModuleOptions): HistoryModule {
  const { storeState, events, api, settings } = options;
  if (!('store' in storeState)) return unavailable(storeState.error);
  const now = options.now ?? Date.now;
  const db = storeState.store.db;
  const repo = new OrdersRepo(db);
  const accounts = new AccountsRepo(db);
  const changed = () => events.emit('history.changed', { at: now() });
  const journal = new SubmissionJournal(repo, now, changed);
  const sync = new SyncService({
    repo,
    orderbook: () => api.orderbook,
    accounts: () => accounts.list(),
    chains: () => settings.current().enabledChains,
    environment: () => settings.environment(),
    onStatus: (status) => events.emit('history.status', status),
    onChanged: changed,
    log: options.log,
    now,
    ...(options.timing ? { timing: options.timing } : {}),
  });
  const accountFor = (order: ApiOrder): string => {
    const candidates = [order.owner, order.onchainOrderData?.sender, order.onchainUser].filter((value): value is NonNullable<typeof value> => Boolean(value));
    return candidates.map((address) => accounts.find(address)?.address).find(Boolean) ?? order.owner;
  };
  /** Orders read from the service as the store keeps them: whose they are, in the environment in effect, read now. */
  const orderRows = (chainId: number, orders: readonly ApiOrder[]) => {
    const at = now();
    return orders.map((order) => toOrderParams(order, accountFor(order), chainId, settings.environment(), at));
  };
  const storeOrders: HistoryModule['storeOrders'] = (chainId, orders, options = {}) => {
    if (orders.length === 0) return;
    repo.writeOrders(orderRows(chainId, orders), { placedSinceLastLook: options.placedSinceLastLook === true });
    changed();
  };
  let started = false;
  let closed = false;
  // Only a change of what is synced (environment, chains) starts a pass; the last view or a theme does not.
  const syncTarget = () => JSON.stringify([settings.environment(), settings.current().enabledChains]);
  let lastTarget = syncTarget();
  const unsubscribe = events.subscribe((event, payload) => {
    if (event === 'health.changed') {
      const orderbook = (payload as { services: { service: string; state: string }[] }).services.find((entry) => entry.service === 'orderbook');
      if (orderbook?.state === 'offline') sync.setOnline(false);
      else if (orderbook?.state === 'ok' || orderbook?.state === 'slow') sync.setOnline(true);
    } else if (event === 'accounts.changed' && started) {
      void sync.syncNow();
    } else if (event === 'settings.changed' && syncTarget() !== lastTarget) {
      lastTarget = syncTarget();
      if (started) void sync.syncNow();
    }
  });

  return {
    handlers: historyHandlers({
      repo,
      sync,
      journal,
      orderbook: () => api.orderbook,
      environment: () => settings.environment(),
      explorerBase: () => settings.endpoints().explorer,
      accountKind: (address) => accounts.find(address as `0x${string}`)?.kind,
      accountFor,
      exportDir: join(options.userDataDir, EXPORT_DIR),
      now,
      changed,
      filledAmount: options.filledAmount ?? (async () => null),
      fillTimes: new FillTimes(options.blockClock, options.log, now),
    }),
    sync,
    journal,
    transitions: new TransitionStream(db),
    async start() {
      started = true;
      try {
        await journal.reconcile((chainId, uid) => api.orderbook.getOrder(chainId, uid));
      } catch (error) {
        options.log.error('submission journal reconcile failed', { error: String(error) });
      }
      // Closed while the journal was reconciled (a quick quit): the sync must not start after its stop.
      if (!closed) sync.start();
    },
    syncNow: async () => void (await sync.syncNow()),
    storeOrders,
    async storeInTurn(chainId, orders, options = {}) {
      const writer = StoreWriter.liveFor(db);
      if (!writer || orders.length === 0) return storeOrders(chainId, orders, options);
      const rows = orderRows(chainId, orders);
      try {
        // The statements OrdersRepo.writeOrders() runs, on the thread's connection.
        await writer.run(orderStatements(options.placedSinceLastLook === true), rows as unknown as Record<string, unknown>[]);
      } catch (error) {
        // A batch refused is the caller's error; a thread that ended took nothing with it: the main connection writes.
        if (error instanceof StoreWriteError) throw error;
        repo.writeOrders(rows, { placedSinceLastLook: options.placedSinceLastLook === true });
      }
      // Told in turn too: the watcher's dispatch (on history.changed) takes the write lock the thread holds for its next page.
      await writer.inTurn(changed);
    },
    async inTurn(write) {
      const writer = StoreWriter.liveFor(db);
      return writer ? writer.inTurn(write) : write();
    },
    liveUids: (account, chainId, environment, window) => repo.liveUids({ account, chainId, environment }, window),
    liveCount: (account, chainId, environment) => repo.liveCount({ account, chainId, environment }),
    liveExpired: (account, chainId, environment, by, limit) => repo.liveExpired({ account, chainId, environment }, by, limit),
    orderOf(uid) {
      const row = repo.get(uid);
      return row ? { order: apiOrderOf(row), chainId: row.chain_id } : undefined;
    },
    async close() {
      closed = true;
      unsubscribe();
      await sync.stop();
    },
  };
}

/** Without the database the history has nothing to show or keep: every command says why. */
function unavailable(reason: string): HistoryModule {
  const fail = () => {
    throw new AppError('STORE_UNAVAILABLE', `CoW Desk's local database is not available: ${reason}`);
  };
  const names = Object.keys(contract.commands).filter((name) => name.startsWith('history.'));
  return {
    handlers: Object.fromEntries(names.map((name) => [name, fail])) as unknown as HistoryModule['handlers'],
    sync: undefined,
    journal: undefined,
    transitions: undefined,
    start: async () => undefined,
    syncNow: async () => undefined,
    storeOrders: () => undefined,
    storeInTurn: async () => undefined,
    inTurn: async (write) => write(),
    liveUids: () => [],
    liveCount: () => 0,
    liveExpired: () => [],
    orderOf: () => undefined,
    close: async () => undefined,
  };
}
