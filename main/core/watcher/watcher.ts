import type { Notification, NotificationType } from '../../common/protocol/api/notifications';
import type { Environment } from '../../common/protocol/environments';
import { formatNotification, type EventFacts } from '../../common/notifications/format';
import { PREF_OF_TYPE, type WatcherStatus } from '../../common/notifications/notification-schema';
import type { Notifier } from '../../common/notifications/notifier';
import type { NotificationPrefs } from '../../common/settings/settings-schema';
import { progressOf } from '../../common/trade/order-progress';
import { AppError } from '../../common/errors';
import type { OrderbookClient } from '../api/orderbook-client';
import type { OrdersRepo } from '../history/orders-repo';
import { toOrderColumns, type OrderColumns } from '../history/order-row';
import type { Logger } from '../log';
import type { ServiceFeed } from './service-feed';
import { detectTransitions, eventKey, snapshotOf } from './transitions';
import type { OrderSnapshot, WatchStore } from './watch-store';

export interface WatcherTiming {
  /** Between rounds. The notification list is cached 300 s by the API client, so most rounds read only orders. */
  intervalMs: number;
}

export const DEFAULT_WATCHER_TIMING: WatcherTiming = { intervalMs: 60_000 };

export interface WatcherOptions {
  store: WatchStore;
  orders: OrdersRepo;
  feed: ServiceFeed;
  orderbook: () => OrderbookClient;
  /** Every account, watch-only included. */
  accounts: () => readonly { address: string }[];
  chains: () => readonly number[];
  environment: () => Environment;
  prefs: () => NotificationPrefs;
  explorerBase: () => string;
  notifier: Notifier;
  /** Events were stored or the state changed. */
  onChanged: () => void;
  /** Orders the watcher saw change were written to the history: its screens re-read. */
  onHistoryChanged: () => void;
  log: Logger;
  now: () => number;
  intervalMs: number;
}

interface Candidate {
  type: NotificationType;
  key: string;
  account: string;
  chainId: number | null;
  orderUid: string | null;
  source: 'orders' | 'service';
  facts: EventFacts;
}

/**
 * Turns order changes and the service's notifications into events: each is
 * stored once under its stable key and shown at most once (stored first, then
 * shown, so a crash can lose a toast but never repeat one). Toggled-off types
 * and quiet mode still store the event for the notification center.
 */
export class Watcher {
  private running: Promise<void> | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private started = false;
  /** After stop() the database may close while a round unwinds: it must not be touched again. */
  private stopped = false;
  private paused = false;
  private lastCheckedAt: number | null = null;
  private lastError: string | null = null;

  constructor(private readonly options: WatcherOptions) {}

  start(): void {
    if (this.started) return;
    this.started = true;
    void this.tick();
  }

  stop(): void {
    this.started = false;
    this.stopped = true;
    clearTimeout(this.timer);
  }

  /** Something changed what is watched (an account, the environment): a round now, if the watcher runs at all. */
  nudge(): void {
    if (this.started) void this.tick();
  }

  setPaused(paused: boolean): void {
    this.paused = paused;
    this.options.onChanged();
    if (!paused) void this.tick();
  }

  /** One round now; joins a round already running. Paused, it does nothing. */
  async tick(): Promise<void> {
    if (this.paused || this.stopped) return;
    this.running ??= this.round().finally(() => {
      this.running = undefined;
      this.schedule();
    });
    return this.running;
  }

  status(): WatcherStatus {
    const environment = this.options.environment();
    const openOrders = this.scopes().reduce((sum, [account, chainId]) => sum + this.options.store.watchedUids(account, chainId, environment).length, 0);
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

  private async round(): Promise<void> {
    let failure: string | null = null;
    const fail = (error: unknown, what: string) => {
      failure ??= error instanceof AppError ? error.message : `${what} failed; the details are in the log.`;
      if (!(error instanceof AppError)) this.options.log.error(`watcher: ${what} failed`, { error: String(error) });
    };
    const environment = this.options.environment();
    for (const [account, chainId] of this.scopes()) {
      if (this.stopped) return;
      try {
        await this.watchOrders(account, chainId, environment);
      } catch (error) {
        fail(error, 'reading open orders');
      }
    }
    try {
      const { items } = await this.options.feed.read(this.options.accounts().map((account) => account.address));
      if (this.stopped) return;
      for (const item of items) this.fromService(item, environment);
    } catch (error) {
      fail(error, 'reading notifications');
    }
    this.lastError = failure;
    this.lastCheckedAt = this.options.now();
    this.options.onChanged();
  }

  private async watchOrders(account: string, chainId: number, environment: Environment): Promise<void> {
    const { store, orders } = this.options;
    const uids = store.watchedUids(account, chainId, environment);
    if (uids.length === 0) return;
    const { orders: fetched } = await this.options.orderbook().ordersByUids(chainId, uids);
    if (this.stopped) return;
    const threshold = this.options.prefs().priceImprovementBps;
    const changed: OrderColumns[] = [];
    for (const order of fetched) {
      const now = progressOf(order, chainId, this.options.explorerBase());
      const row = orders.get(order.uid);
      const before: OrderSnapshot = store.snapshot(order.uid) ?? {
        uid: order.uid,
        status: row?.status ?? 'open',
        executedSell: row?.executed_sell_amount ?? '0',
        executedBuy: row?.executed_buy_amount ?? '0',
      };
      const detectedEvents = detectTransitions(before, now, threshold);
      // The history gets the order as just read, so "Open order" shows the state the event speaks of.
      if (detectedEvents.length > 0) changed.push(toOrderColumns(order, account, chainId, environment, this.options.now()));
      for (const detected of detectedEvents) {
        const facts: EventFacts = {
          type: detected.type,
          chainId,
          orderUid: now.uid.toLowerCase(),
          surplusBps: detected.surplusBps,
          order: { ...now, executedSell: now.executedSellAmount, executedBuy: now.executedBuyAmount },
        };
        this.emit({ type: detected.type, key: detected.key, account, chainId, orderUid: facts.orderUid, source: 'orders', facts }, environment);
      }
      // After the events: a crash in between re-detects the same change next round, and the keys dedupe it.
      store.saveSnapshot(snapshotOf(now), this.options.now());
    }
    if (changed.length > 0) {
      orders.writeOrders(changed);
      this.options.onHistoryChanged();
    }
  }

  /** A service item, told in terms of the order when the history holds it. Broadcasts and announcements are not order events. */
  private fromService(item: Notification, environment: Environment): void {
    if (item.type === 'announcement' || item.account === null) return;
    const row = item.orderUid ? this.options.orders.get(item.orderUid) : undefined;
    const executed = item.executedAmount ?? (row ? (row.kind === 'sell' ? row.executed_sell_amount : row.executed_buy_amount) : null);
    const key =
      item.type === 'insufficient_balance' || !item.orderUid ? `${item.type}:service:${item.id}` : eventKey(item.type, item.orderUid, executed);
    const surplus = Number((item.raw as { metadata?: { surplusBps?: unknown } }).metadata?.surplusBps);
    if (item.type === 'price_improvement' && Number.isFinite(surplus) && surplus <= this.options.prefs().priceImprovementBps) return;
    const facts: EventFacts = {
      type: item.type,
      chainId: row?.chain_id ?? null,
      orderUid: item.orderUid,
      message: item.message,
      surplusBps: Number.isFinite(surplus) ? surplus : null,
      ...(row
        ? {
            order: {
              kind: row.kind,
              sellToken: row.sell_token,
              buyToken: row.buy_token,
              sellAmount: row.sell_amount,
              buyAmount: row.buy_amount,
              executedSell: row.executed_sell_amount ?? '0',
              executedBuy: row.executed_buy_amount ?? '0',
            },
          }
        : {}),
    };
    this.emit({ type: item.type, key, account: item.account, chainId: facts.chainId, orderUid: item.orderUid, source: 'service', facts }, environment);
  }

  private emit(candidate: Candidate, environment: Environment): void {
    const prefs = this.options.prefs();
    const pref = PREF_OF_TYPE[candidate.type];
    const wanted = prefs.events[pref] && !prefs.quietMode;
    const text = formatNotification(candidate.facts);
    const stored = this.options.store.record({
      // The environment is part of the identity: staging and production orders are different orders.
      id: `${environment}:${candidate.key}`,
      type: candidate.type,
      environment,
      account: candidate.account,
      chainId: candidate.chainId,
      orderUid: candidate.orderUid,
      source: candidate.source,
      occurredAt: this.options.now(),
      title: text.title,
      body: text.body,
      notified: wanted,
    });
    if (!stored || !wanted) return;
    try {
      this.options.notifier.show({ id: `${environment}:${candidate.key}`, title: text.title, body: text.body, target: text.target });
    } catch (error) {
      this.options.log.error('watcher: showing a notification failed', { error: String(error) });
    }
  }

  private scopes(): [string, number][] {
    return this.options.accounts().flatMap((account) => this.options.chains().map((chainId): [string, number] => [account.address, chainId]));
  }

  private schedule(): void {
    clearTimeout(this.timer);
    if (!this.started) return;
    this.timer = setTimeout(() => void this.tick(), this.options.intervalMs);
    this.timer.unref?.();
  }
}
