import type { OrderProgress } from '../../common/ipc/commands/trade';
import type { ApiOrder } from '../../common/protocol/api';
import { AppError } from '../../common/errors';
import type { OrderbookClient } from '../api/orderbook-client';
import type { Logger } from '../log';
import { PeriodicTask } from '../periodic-task';
import { progressOf, sameProgress } from '../../common/trade/order-progress';

export interface TrackerTiming {
  /** Between reads of the watched orders; every batch is a few seconds on the live service. */
  pollMs: number;
}

export const DEFAULT_TRACKER_TIMING: TrackerTiming = { pollMs: 3_000 };

export interface OrderTrackerOptions {
  orderbook: () => OrderbookClient;
  explorerBase: () => string;
  /** Every change, the first sighting included. */
  onProgress: (progress: OrderProgress) => void;
  /** The order changed on the service: the history stores it as read (and so records the transition). */
  onServiceChange: (chainId: number, order: ApiOrder) => void;
  log: Logger;
  timing?: Partial<TrackerTiming>;
}

/**
 * Watches the orders placed in this session (submitted, or tracked by UID once
 * on chain, as EthFlow's are) until each is final (open ->
 * fulfilled / expired / cancelled), reading them one poll at a time and
 * announcing every change: partial fills show as they happen. A failed read
 * keeps the order watched and shows the error on it until a read succeeds.
 */
export class OrderTracker {
  private readonly timing: TrackerTiming;
  private readonly orders = new Map<string, OrderProgress>();
  /** Polls while any watched order is not final; none is armed otherwise. */
  private readonly polls: PeriodicTask;

  constructor(private readonly options: OrderTrackerOptions) {
    this.timing = { ...DEFAULT_TRACKER_TIMING, ...options.timing };
    this.polls = new PeriodicTask({
      name: 'order tracking',
      run: () => this.poll(),
      nextInMs: () => (this.list().some((order) => !order.final) ? this.timing.pollMs : undefined),
      log: options.log,
    });
    this.polls.start({ runFirst: false });
  }

  list(): OrderProgress[] {
    return [...this.orders.values()];
  }

  get(uid: string): OrderProgress | undefined {
    return this.orders.get(uid.toLowerCase());
  }

  /** Starts watching (or updates) an order; polling runs while any watched order is not final. */
  watch(progress: OrderProgress): void {
    this.update(progress);
    this.polls.schedule();
  }

  /**
   * The order as another reader has it (the history sync, the watcher, a
   * cancellation from History or the Trade screen): shown now, not at the
   * next poll. Orders not watched are not this screen's.
   */
  learn(chainId: number, order: ApiOrder): void {
    if (!this.get(order.uid)) return;
    this.update(progressOf(order, chainId, this.options.explorerBase()));
  }

  stop(): void {
    void this.polls.stop();
  }

  private async poll(): Promise<void> {
    for (const current of this.list().filter((order) => !order.final)) {
      try {
        const order = await this.options.orderbook().getOrder(current.chainId, current.uid);
        const next = progressOf(order, current.chainId, this.options.explorerBase());
        if (this.update(next)) this.options.onServiceChange(current.chainId, order);
      } catch (error) {
        const message = error instanceof AppError ? error.message : 'The order could not be read; the details are in the log.';
        if (!(error instanceof AppError)) this.options.log.error('order tracking failed', { uid: current.uid, error: String(error) });
        this.update({ ...current, error: `Status not updated: ${message}` });
      }
    }
  }

  private update(next: OrderProgress): boolean {
    const uid = next.uid.toLowerCase();
    const previous = this.orders.get(uid);
    if (previous && sameProgress(previous, next)) return false;
    // A final order stays final: an answer read before it became so (a poll's read that crossed a cancellation
    // or a fill stored by another reader) must not show it open again, nor store that in the history.
    if (previous?.final && !next.final) return false;
    this.orders.set(uid, { ...next, uid: next.uid });
    this.options.onProgress(next);
    return true;
  }
}
