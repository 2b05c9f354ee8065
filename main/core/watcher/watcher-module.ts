import { AppError } from '../../common/errors';
import { contract } from '../../common/ipc/contract';
import type { TokenLookup } from '../../common/protocol/tokens';
import type { Notifier } from '../../common/notifications/notifier';
import type { ApiClient } from '../api/api-client';
import type { StoreState } from '../health/health-service';
import type { HistoryModule } from '../history/history-module';
import type { EventBus } from '../ipc/event-bus';
import type { Handlers } from '../ipc/router';
import type { Logger } from '../log';
import type { SettingsService } from '../settings/settings-service';
import { AccountsRepo } from '../signer/accounts-repo';
import { ServiceFeed } from './service-feed';
import { NotificationStore } from './notification-store';
import type { ChainClock } from './fill-dating';
import { DEFAULT_WATCHER_TIMING, Watcher, type WatcherTiming } from './watcher';

type NotificationCommand = 'notifications.list' | 'notifications.markRead' | 'notifications.status' | 'notifications.setPaused';

export interface WatcherModuleOptions {
  storeState: StoreState;
  events: EventBus;
  api: ApiClient;
  settings: SettingsService;
  /** Open orders are read and stored through the history; its stored changes are the transition stream. */
  history: HistoryModule;
  notifier: Notifier;
  /** The wallet's chain clients: fills are dated by their trade's block. */
  chainClock: ChainClock;
  /** Names tokens in alerts: the token lists and the user's imports. */
  tokens: TokenLookup;
  log: Logger;
  timing?: Partial<WatcherTiming>;
  now?: () => number;
}

export interface WatcherModule {
  readonly handlers: Pick<Handlers, NotificationCommand>;
  /** Absent without a database: nothing could be deduplicated, so nothing is watched. */
  readonly watcher: Watcher | undefined;
  close(): void;
}

/**
 * The background order watcher and the notification center's commands. Like
 * the history, it listens on the event bus: stored orders are told at once
 * (history.changed), and a new account, or a change of
 * environment, chains or token-service URL, starts a round at once (the
 * latter also ends a "notifications unavailable" state, see ServiceFeed).
 */
export function createWatcherModule(options: WatcherModuleOptions): WatcherModule {
  const { storeState, events, api, settings } = options;
  if (!('store' in storeState) || !options.history.transitions) return unavailable('store' in storeState ? 'the history is not available' : storeState.error);
  const db = storeState.store.db;
  const now = options.now ?? Date.now;
  const timing = { ...DEFAULT_WATCHER_TIMING, ...options.timing };
  const store = new NotificationStore(db);
  const accounts = new AccountsRepo(db);
  const serviceTarget = () => `${settings.environment()} ${settings.endpoints().tokenService}`;
  const feed = new ServiceFeed({
    fetch: (account) => api.tokenService.accountNotifications(account),
    target: serviceTarget,
    now,
    intervalMs: timing.intervalMs,
  });
  const watcher = new Watcher({
    store,
    stream: options.history.transitions,
    history: options.history,
    feed,
    orderbook: () => api.orderbook,
    accounts: () => accounts.list(),
    chains: () => settings.current().enabledChains,
    environment: () => settings.environment(),
    prefs: () => settings.current().notifications,
    notifier: options.notifier,
    chainClock: options.chainClock,
    tokens: options.tokens,
    onChanged: () => events.emit('notifications.changed', watcher.status()),
    log: options.log,
    now,
    intervalMs: timing.intervalMs,
  });
  const target = () => JSON.stringify([serviceTarget(), settings.current().enabledChains]);
  let lastTarget = target();
  const unsubscribe = events.subscribe((event) => {
    // Whoever stored orders (tracker, sync, journal, this watcher) recorded their changes: tell them now.
    if (event === 'history.changed') watcher.dispatch();
    else if (event === 'accounts.changed') watcher.nudge();
    else if (event === 'settings.changed' && target() !== lastTarget) {
      lastTarget = target();
      watcher.nudge();
    }
  });

  return {
    watcher,
    handlers: {
      'notifications.list': (query) => ({ ...store.list(query), status: watcher.status() }),
      'notifications.markRead': ({ ids }) => {
        store.markRead(ids);
        const status = watcher.status();
        events.emit('notifications.changed', status);
        return status;
      },
      'notifications.status': () => watcher.status(),
      'notifications.setPaused': ({ paused }) => {
        watcher.setPaused(paused);
        return watcher.status();
      },
    },
    close() {
      unsubscribe();
      watcher.stop();
    },
  };
}

/** Without the database the center has nothing to show: every command says why. */
function unavailable(reason: string): WatcherModule {
  const fail = () => {
    throw new AppError('STORE_UNAVAILABLE', `CoW Desk's local database is not available, so orders are not watched: ${reason}`);
  };
  const names = Object.keys(contract.commands).filter((name) => name.startsWith('notifications.'));
  return { handlers: Object.fromEntries(names.map((name) => [name, fail])) as unknown as WatcherModule['handlers'], watcher: undefined, close: () => undefined };
}
