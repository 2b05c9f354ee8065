import type { SyncProgress, SyncStatus } from '../../common/history/history-schema';
import type { Environment } from '../../common/protocol/environments';
import { AppError } from '../../common/errors';
import type { Logger } from '../log';
import type { OrdersRepo, SyncScope } from './orders-repo';
import { syncScope, type SyncEngineDeps } from './sync-engine';
import { holdSyncWriter } from './sync-writer';
import { PeriodicTask } from '../periodic-task';

export interface SyncTiming {
  /** Between passes while the services answer. */
  intervalMs: number;
  /** Between passes while they do not: the history catches up soon after the network returns. */
  offlineRetryMs: number;
}

export const DEFAULT_SYNC_TIMING: SyncTiming = { intervalMs: 5 * 60_000, offlineRetryMs: 15_000 };

export interface SyncServiceOptions {
  repo: OrdersRepo;
  orderbook: () => SyncEngineDeps['orderbook'];
  /** Every account, watch-only included. */
  accounts: () => readonly { address: string }[];
  chains: () => readonly number[];
  environment: () => Environment;
  onStatus: (status: SyncStatus) => void;
  /** Stored history changed: open screens re-read it. */
  onChanged: () => void;
  log: Logger;
  timing?: Partial<SyncTiming>;
  now?: () => number;
}

const isOffline = (error: unknown) => error instanceof AppError && (error.code === 'NETWORK' || error.code === 'TIMEOUT');

/**
 * Runs sync passes: at start, on demand, on a timer, on resume from sleep and
 * when the connection comes back. One pass at a time; asking during a pass
 * joins it. A pass walks every account on every enabled chain of the current
 * environment; cancel() aborts it between or inside requests.
 */
export class SyncService {
  private readonly timing: SyncTiming;
  private readonly now: () => number;
  /** One pass at a time, the next after intervalMs (offlineRetryMs while offline). */
  private readonly passes: PeriodicTask;
  private syncing = false;
  private controller: AbortController | undefined;
  /** After stop() the database may close while a cancelled pass unwinds: it must not be read again. */
  private stopped = false;
  private lastSyncedAt: number | null = null;
  private offline = false;
  private lastError: string | null = null;
  private progress = new Map<string, SyncProgress>();

  constructor(private readonly options: SyncServiceOptions) {
    this.timing = { ...DEFAULT_SYNC_TIMING, ...options.timing };
    this.now = options.now ?? Date.now;
    this.passes = new PeriodicTask({
      name: 'history sync',
      run: () => this.runPass(),
      nextInMs: () => (this.offline ? this.timing.offlineRetryMs : this.timing.intervalMs),
      log: options.log,
    });
  }

  status(): SyncStatus {
    if (!this.stopped) this.lastSyncedAt = this.options.repo.lastSyncedAt(this.options.environment(), this.scopes());
    return {
      syncing: this.syncing,
      offline: this.offline,
      lastSyncedAt: this.lastSyncedAt,
      lastError: this.lastError,
      progress: [...this.progress.values()],
    };
  }

  start(): void {
    if (this.passes.isStarted) return;
    this.stopped = false;
    this.passes.start();
  }

  /** Whether passes run at start and on the timer (the composition's parity check reads it). */
  isRunning(): boolean {
    return this.passes.isStarted;
  }

  /** Cancels the pass and answers once it has unwound: its writes committed or rolled back (the store's close ends the writer thread). */
  async stop(): Promise<void> {
    this.stopped = true;
    this.cancel();
    await this.passes.stop();
  }

  cancel(): void {
    this.controller?.abort(new AppError('SYNC_CANCELLED', 'The history sync was cancelled.'));
  }

  /** The connection monitor's view: offline stops the pass waiting on retries; back online syncs at once. */
  setOnline(online: boolean): void {
    if (online === !this.offline) return;
    this.offline = !online;
    if (this.offline) this.cancel();
    this.emit();
    if (online && this.passes.isStarted) void this.syncNow();
  }

  /**
   * Resolves when a pass that started after the call is over, with the status after it. While a pass runs,
   * that is the pass right after it (the running one read its scopes and pages before what the caller knows
   * happened: an account added, an order placed); callers asking meanwhile share that one pass.
   */
  async syncNow(): Promise<SyncStatus> {
    await this.passes.nudge();
    return this.status();
  }

  private async runPass(): Promise<void> {
    this.syncing = true;
    try {
      await this.pass();
    } finally {
      this.syncing = false;
      this.controller = undefined;
      this.emit();
    }
  }

  private async pass(): Promise<void> {
    const controller = new AbortController();
    this.controller = controller;
    const scopes = this.scopes();
    this.progress = new Map(scopes.map((scope) => [key(scope), { account: scope.account as SyncProgress['account'], chainId: scope.chainId, phase: 'orders', done: 0, total: null }]));
    this.emit();
    let failure: string | null = null;
    let networkDown = false;
    // One hold of the store's writer thread for all the scopes: a first pass's indexes are built once, as the last
    // scope writes (it holds the thread alone), or at the end. A single scope holds it alone anyway.
    const release = scopes.length > 1 ? holdSyncWriter(this.options.repo) : async () => undefined;
    try {
      for (const [at, scope] of scopes.entries()) {
        if (controller.signal.aborted) break;
        // A release that fails is logged below (the thread failed: the last scope's writes start a new one).
        if (at === scopes.length - 1) await release(false).catch(() => undefined);
        try {
          const counts = await syncScope(this.engineDeps(scope), scope, controller.signal);
          if (counts.tradesWritten > 0) this.options.onChanged();
        } catch (error) {
          if (controller.signal.aborted) break;
          networkDown ||= isOffline(error);
          failure ??= error instanceof AppError ? error.message : 'The history sync failed; the details are in the log.';
          if (!(error instanceof AppError)) this.options.log.error('history sync failed', { chainId: scope.chainId, error: String(error) });
          this.setProgress(scope, { phase: 'failed', done: this.progress.get(key(scope))?.done ?? 0, total: null });
          this.options.repo.saveCursor(scope, { ...this.options.repo.cursor(scope), lastError: failure });
          if (networkDown) break; // the other scopes would wait through the same retries
        }
      }
    } finally {
      await release(true).catch((error: unknown) => this.options.log.error('history sync could not finish its writes', { error: String(error) }));
    }
    if (!controller.signal.aborted) {
      this.lastError = failure;
      this.offline = networkDown;
    } else if (!this.stopped) {
      // A cut pass did not bring the history up to date: say so, or callers would take it for complete.
      const reason: unknown = controller.signal.reason;
      this.lastError = reason instanceof AppError ? reason.message : 'The history sync was cancelled.';
    }
  }

  private engineDeps(scope: SyncScope): SyncEngineDeps {
    // Orders commit in slices; screens re-read once per page (with its progress) and after fills at the end of the scope.
    let ordersChanged = false;
    return {
      repo: this.options.repo,
      orderbook: this.options.orderbook(),
      now: this.now,
      log: this.options.log,
      onProgress: (progress) => {
        this.setProgress(scope, progress);
        if (ordersChanged) this.options.onChanged();
        ordersChanged = false;
      },
      onCommit: (what, changed) => {
        if (changed > 0 && what === 'orders') ordersChanged = true;
      },
    };
  }

  private setProgress(scope: SyncScope, progress: Omit<SyncProgress, 'account' | 'chainId'>): void {
    this.progress.set(key(scope), { account: scope.account as SyncProgress['account'], chainId: scope.chainId, ...progress });
    this.emit();
  }

  private scopes(): SyncScope[] {
    if (this.stopped) return [];
    const environment = this.options.environment();
    return this.options.accounts().flatMap((account) =>
      this.options.chains().map((chainId) => ({ account: account.address, chainId, environment })),
    );
  }

  private emit(): void {
    if (!this.stopped) this.options.onStatus(this.status());
  }
}

const key = (scope: SyncScope) => `${scope.account.toLowerCase()}:${scope.chainId}`;
