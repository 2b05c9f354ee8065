import type { Notification } from '../../common/protocol/api/notifications';
import type { Environment } from '../../common/protocol/environments';
import type { TokenLookup } from '../../common/protocol/tokens';
import { formatNotification } from '../../common/notifications/format';
import { PREF_OF_TYPE, type WatcherStatus } from '../../common/notifications/notification-schema';
import type { DesktopNotification, Notifier } from '../../common/notifications/notifier';
import { partialFillOvertaken, transitionKey } from '../../common/orders/transitions';
import type { NotificationPrefs } from '../../common/settings/settings-schema';
import { AppError } from '../../common/errors';
import type { OrderbookClient } from '../api/orderbook-client';
import type { Logger } from '../log';
import { PeriodicTask } from '../periodic-task';
import { eventId, eventOfItem, eventsOfChange, overtakenInRead, type Candidate } from './order-events';
import { FILL_TYPES, FillDater, fillOfItem, type ChainClock, type FillToDate } from './fill-dating';
import type { ServiceFeed } from './service-feed';
import type { RecordedChange, TransitionStream } from '../history/transition-stream';
import type { NotificationStore } from './notification-store';
import { OrderReads, type WatcherHistory } from './order-reads';

/** intervalMs: between rounds. The notification list is cached 300 s by the API client, so most rounds read only orders. */
export interface WatcherTiming { intervalMs: number }

export const DEFAULT_WATCHER_TIMING: WatcherTiming = { intervalMs: 60_000 };

/** The notification center's cursor on the transition stream. */
export const NOTIFICATIONS_CONSUMER = 'notifications';

export interface WatcherOptions {
  store: NotificationStore;
  stream: TransitionStream;
  history: WatcherHistory;
  feed: ServiceFeed;
  orderbook: () => OrderbookClient;
  /** Every account, watch-only included. */
  accounts: () => readonly { address: string }[];
  chains: () => readonly number[];
  environment: () => Environment;
  prefs: () => NotificationPrefs;
  notifier: Notifier;
  chainClock: ChainClock;
  tokens: TokenLookup;
  /** Events were stored or the state changed. */
  onChanged: () => void;
  log: Logger;
  now: () => number;
  intervalMs: number;
}

/**
 * Tells the user what happened to their orders. Order changes come from one
 * stream (migration 008): whoever stored a changed order (the Trade tracker,
 * the history sync, this watcher's own round) recorded the change with it, and
 * dispatch() turns each into events once, advancing its cursor in the same
 * transaction that stores the events (stored first, then shown, so a crash can
 * lose a toast but never repeat one). A fill is then dated by the block of its
 * trade, the chain's own time, where the chain has a node (the orderbook's
 * answers carry no time). Each round also reads the accounts' newest
 * orders, so an order placed elsewhere is followed, and told, from the next
 * round. The service's notification list adds what only it knows
 * (insufficient balance, orders beyond those newest) and its dates; an item for an event already told is merged into it, not shown again,
 * and keeps the earliest time known (nothing happened after it was first seen).
 * Toggled-off types and quiet mode still store the event for the center.
 */
export class Watcher {
  /** One round at a time, every intervalMs; none while paused. */
  private readonly rounds: PeriodicTask;
  /** After stop() the database may close while a round unwinds: it must not be touched again. */
  private stopped = false;
  private paused = false;
  private lastCheckedAt: number | null = null;
  private lastError: string | null = null;
  private readonly fillDater: FillDater;
  private readonly reads: OrderReads;

  constructor(private readonly options: WatcherOptions) {
    this.reads = new OrderReads({ history: options.history, orderbook: options.orderbook, environment: options.environment, now: options.now, stopped: () => this.stopped });
    this.fillDater = new FillDater(() => ({ orderbook: options.orderbook(), chainClock: options.chainClock, log: options.log }));
    this.rounds = new PeriodicTask({
      name: 'watcher',
      // A round that fails where no step expected it (a damaged store) says so in the status, and backs off.
      run: () => (this.paused || this.stopped ? Promise.resolve() : this.round().catch((error: unknown) => this.roundFailed(error))),
      nextInMs: () => (this.paused ? undefined : this.options.intervalMs),
      log: options.log,
    });
  }

  start(): void {
    if (!this.stopped) this.rounds.start();
  }

  /** Whether rounds run on the timer (paused or not); the composition's parity check reads it. */
  isRunning(): boolean {
    return this.rounds.isStarted;
  }

  stop(): void {
    this.stopped = true;
    void this.rounds.stop();
  }

  /** Something changed what is watched (an account, the environment): a round now; during one, another right after it. */
  nudge(): void {
    if (this.rounds.isStarted) void this.rounds.nudge();
  }

  setPaused(paused: boolean): void {
    this.paused = paused;
    this.options.onChanged();
    if (!paused) void this.tick();
  }

  /** A round that starts after the call (the running one may have read before what the caller knows); paused, none. */
  tick(): Promise<void> {
    return this.paused || this.stopped ? Promise.resolve() : this.rounds.nudge();
  }

  status(): WatcherStatus {
    const environment = this.options.environment();
    const openOrders = this.scopes().reduce((sum, [account, chainId]) => sum + this.options.history.liveCount(account, chainId, environment), 0);
    const available = this.options.feed.available();
    return {
      paused: this.paused,
      serviceAvailable: available,
      serviceMessage: available ? null : 'Notifications unavailable for this environment: order alerts still come from watching your orders.',
      lastCheckedAt: this.lastCheckedAt,
      lastError: this.lastError ?? this.options.feed.error(),
      openOrders,
      unread: this.options.store.unread(),
    };
  }

  /**
   * Tells every recorded order change not told yet. Synchronous, so two callers
   * (a history write, a round) never interleave; paused, they wait in the stream.
   */
  dispatch(): void {
    if (this.paused || this.stopped) return;
    const { stream } = this.options;
    const shows: DesktopNotification[] = [];
    const fills: FillToDate[] = [];
    for (let changes = stream.pending(NOTIFICATIONS_CONSUMER); changes.length > 0; changes = stream.pending(NOTIFICATIONS_CONSUMER)) {
      stream.transaction(() => {
        for (const change of changes) {
          for (const candidate of this.fromChange(change)) {
            const stored = this.record(candidate);
            if (stored?.show) shows.push(stored.show);
            // Dated by its block whoever told it first: the service's list may have, before the order showed the fill.
            const toDate = FILL_TYPES.has(candidate.type) ? (stored?.id ?? this.undatedFill(candidate)) : null;
            if (toDate) fills.push({ id: toDate, chainId: change.chainId, orderUid: change.uid.toLowerCase(), reached: { side: 'buy', amount: change.after.executedBuyAmount ?? '0', exact: false } });
          }
          stream.advance(NOTIFICATIONS_CONSUMER, change.id);
        }
      });
    }
    for (const show of shows) this.show(show);
    if (shows.length > 0) this.options.onChanged();
    for (const fill of fills) void this.dateFill(fill);
  }

  /** A fill event told before (from the service's list) that is neither dated by its block nor being dated: its id. */
  private undatedFill(candidate: Candidate): string | null {
    const id = eventId(candidate.environment, candidate.key);
    const told = this.options.store.findOrderEvent(id, null);
    return told && !told.datedByBlock && this.fillDater.mayDate(id) ? id : null;
  }

  /** A fill's time is its trade's block, where the chain can say; a failure leaves the service's time until a later try. */
  private async dateFill(fill: FillToDate): Promise<void> {
    const at = await this.fillDater.date(fill);
    if (at === null || this.stopped) return;
    this.options.store.dateByBlock(fill.id, at);
    this.options.onChanged();
  }

  /** Told in the status; rethrown so the periodic task logs it and backs off (telling may fail too: it is not retried). */
  private roundFailed(error: unknown): never {
    this.lastError = error instanceof AppError ? error.message : 'Watching orders failed; the details are in the log.';
    Promise.resolve().then(this.options.onChanged).catch(() => undefined);
    throw error;
  }

  private async round(): Promise<void> {
    let failure: string | null = null;
    const fail = (error: unknown, what: string) => {
      failure ??= error instanceof AppError ? error.message : `${what} failed; the details are in the log.`;
      if (!(error instanceof AppError)) this.options.log.error(`watcher: ${what} failed`, { error: String(error) });
    };
    const environment = this.options.environment();
    // Switched meanwhile, the round stops: the service URLs are read at each call, so what it read next would be the new environment's.
    const current = () => !this.stopped && this.options.environment() === environment;
    const scopes = this.scopes();
    this.reads.watching(scopes, environment);
    for (const [account, chainId] of scopes) {
      if (!current()) return;
      try {
        await this.reads.newest(account, chainId, environment);
      } catch (error) {
        fail(error, 'reading new orders');
      }
      try {
        await this.reads.open(account, chainId, environment);
      } catch (error) {
        fail(error, 'reading open orders');
      }
    }
    if (!current()) return;
    this.dispatch();
    for (const fill of this.fillDater.retries()) void this.dateFill(fill);
    try {
      const { items } = await this.options.feed.read(this.options.accounts().map((account) => account.address));
      await this.reads.named(items, this.options.chains(), environment).catch((error: unknown) => fail(error, 'reading the orders notifications name'));
      const overtaken = overtakenInRead(items);
      // In its turn with a sync's writer thread (waiting for its lock here would block the main thread); not once switched.
      const told = await this.options.history.inTurn(() => (current() ? this.options.stream.transaction(() => items.map((item) => this.fromService(item, environment, overtaken))) : null));
      if (!told) return;
      for (const show of told.map((entry) => entry?.show)) if (show) this.show(show);
      for (const fill of told.map((entry) => entry?.fill)) if (fill) void this.dateFill(fill);
    } catch (error) {
      fail(error, 'reading notifications');
    }
    if (this.stopped) return; // quitting cut the read: the store may be closing, and there is nothing to tell
    this.lastError = failure;
    this.lastCheckedAt = this.options.now();
    this.options.onChanged();
  }

  private fromChange(change: RecordedChange): Candidate[] {
    const order = this.options.history.orderOf(change.uid)?.order;
    return order ? eventsOfChange(change, order, this.options.prefs().priceImprovementBps) : [];
  }

  /**
   * A service item, told in terms of the order when the history holds it (read only where needed: most items
   * of a round are events told long ago). Broadcasts and announcements are not order events. An item for an
   * event already told (from the order's change, or an earlier read of the list) only gives that event the
   * service's time (not when the item names no amount and is only taken for the order's latest partial fill);
   * an item for an earlier partial fill of an order that filled further since is merged into its later state.
   * A fill first told here is dated by its block too (fillOfItem: by the stored order once it shows the
   * fill, else by the item's own amount); so is a fill told before whose dating was cut short (quit, node down).
   */
  private fromService(item: Notification, environment: Environment, overtaken: ReadonlySet<Notification>): { show: DesktopNotification | null; fill: FillToDate | null } | null {
    if (item.type === 'announcement' || item.account === null) return null;
    const orderEvent = item.type !== 'insufficient_balance' && item.orderUid !== null;
    const storedOrder = () => (item.orderUid ? this.options.history.orderOf(item.orderUid) : undefined);
    const key = orderEvent ? transitionKey(item.type, item.orderUid!, item.executedAmount) : `${item.type}:service:${item.id}`;
    if (orderEvent) {
      const told = this.options.store.findOrderEvent(eventId(environment, key), item.type === 'order_partially_filled' && item.executedAmount === null ? item.orderUid : null);
      if (told) {
        if (!told.exact) return null;
        this.options.store.restamp(told.id, Date.parse(item.createdAt));
        const fill = told.datedByBlock || !this.fillDater.mayDate(told.id) ? null : fillOfItem(told.id, item, storedOrder());
        return fill && { show: null, fill };
      }
    }
    const stored = storedOrder();
    // An earlier step of an order that filled further since (stored, or a later item of this read): merged into that.
    if (overtaken.has(item) || (item.type === 'order_partially_filled' && item.executedAmount !== null && stored && partialFillOvertaken(item.executedAmount, stored.order))) return null;
    const surplus = Number((item.raw as { metadata?: { surplusBps?: unknown } }).metadata?.surplusBps);
    if (item.type === 'price_improvement' && Number.isFinite(surplus) && surplus <= this.options.prefs().priceImprovementBps) return null;
    const surplusBps = Number.isFinite(surplus) ? surplus : null;
    const recorded = this.record(eventOfItem(item, { type: item.type, account: item.account, key, environment, stored, surplusBps }));
    if (!recorded) return null;
    return { show: recorded.show, fill: fillOfItem(recorded.id, item, stored) };
  }

  /** Stores the event once: its id when it is new, with what to show when it is wanted. */
  private record(candidate: Candidate): { id: string; show: DesktopNotification | null } | null {
    const prefs = this.options.prefs();
    const wanted = prefs.events[PREF_OF_TYPE[candidate.type]] && !prefs.quietMode;
    const text = formatNotification(candidate.facts, this.options.tokens);
    const id = eventId(candidate.environment, candidate.key);
    const stored = this.options.store.record({
      id,
      type: candidate.type,
      environment: candidate.environment,
      account: candidate.account,
      chainId: candidate.chainId,
      orderUid: candidate.orderUid,
      source: candidate.source,
      occurredAt: candidate.occurredAt,
      title: text.title,
      body: text.body,
      notified: wanted,
    });
    if (!stored) return null;
    return { id, show: wanted ? { id, title: text.title, body: text.body, target: text.target } : null };
  }

  private show(notification: DesktopNotification): void {
    try {
      this.options.notifier.show(notification);
    } catch (error) {
      this.options.log.error('watcher: showing a notification failed', { error: String(error) });
    }
  }

  private scopes(): [string, number][] {
    return this.options.accounts().flatMap((account) => this.options.chains().map((chainId): [string, number] => [account.address, chainId]));
  }
}
