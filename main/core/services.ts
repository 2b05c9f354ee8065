import { join } from 'node:path';
import { AppError } from '../common/errors';
import { contract } from '../common/ipc/contract';
import type { ServiceEndpoints } from '../common/protocol/endpoints';
import type { Environment } from '../common/protocol/environments';
import { DEADLINES, type Deadlines } from '../common/limits';
import type { ApiClient } from './api/api-client';
import { withUserDeadlines } from './api/user-action';
import type { MonitorTiming } from './health/connection-monitor';
import { appHandlers } from './health/app-handlers';
import { HealthService, type StoreState } from './health/health-service';
import { createHistoryModule, type HistoryModule } from './history/history-module';
import type { SyncTiming } from './history/sync-service';
import { EventBus } from './ipc/event-bus';
import { createRouter, type Router } from './ipc/router';
import type { Logger } from './log';
import { createMarketModule } from './market/market-module';
import { AccountService } from './signer/account-service';
import { AccountsRepo } from './signer/accounts-repo';
import { KeychainVault, loadKeytar, type KeytarLike } from './signer/keychain-vault';
import { OrderSigner } from './signer/order-signer';
import { PassphraseVault } from './signer/passphrase-vault';
import { signerHandlers } from './signer/signer-handlers';
import type { PreviewFacts } from './signer/signing-preview';
import { DEFAULT_LIST_URLS } from './tokens/snapshot';
import { TokenLists } from './tokens/token-lists';
import { tokenHandlers } from './tokens/token-handlers';
import type { OrderDraft } from '../common/ipc/commands/signing';
import { createSettingsModule } from './settings/settings-module';
import type { SettingsService } from './settings/settings-service';
import { openStore } from './store/open-store';
import { createTradingModule, type TradingModule } from './trading/trading-module';
import type { TrackerTiming } from './trading/order-tracker';
import type { Notifier } from '../common/notifications/notifier';
import { createWatcherModule, type WatcherModule } from './watcher/watcher-module';
import type { WatcherTiming } from './watcher/watcher';
import type { Clock } from './clock';
import { createWalletModule, type WalletModule, type WalletTiming } from './wallet/wallet-module';
import { settlementFilledAmount } from './history/cancellation-source';

export interface ServicePorts {
  /** Where the app keeps its files: Electron's userData, a temp dir in tests. */
  userDataDir: string;
  appVersion: string;
  log: Logger;
  /** The OS keychain; defaults to @github/keytar. */
  keytar?: () => Promise<KeytarLike>;
  /** Keychain service name the keys are stored under (tests use their own). */
  keychainService?: string;
  /** Base URLs used where the user set none (tests point them at the sandbox); default: the live services. */
  defaultEndpoints?: Partial<Record<Environment, Partial<ServiceEndpoints>>>;
  /** Connection-health probe intervals; tests shorten them. */
  healthTiming?: Partial<MonitorTiming>;
  /**
   * Probe the services on a timer for the health indicator. Off unless asked: a
   * test that builds services without endpoints must never reach the live hosts.
   */
  monitorHealth?: boolean;
  /** Sync order history at start and on a timer. Off unless asked, for the same reason as monitorHealth. */
  syncHistory?: boolean;
  /** History sync intervals; tests shorten them. */
  historyTiming?: Partial<SyncTiming>;
  /** How often submitted orders are re-read until final; tests shorten it. */
  tradeTiming?: Partial<TrackerTiming>;
  /** Desktop notifications (Electron's in the app, a recording one in tests); without it events are only stored. */
  notifier?: Notifier;
  /** Watch orders and the service's notifications on a timer. Off unless asked, like syncHistory. */
  watchOrders?: boolean;
  /** Watcher round interval; tests call watcher.tick() instead of waiting. */
  watcherTiming?: Partial<WatcherTiming>;
  /** The watcher's clock (the rare retry of a disabled notification service); tests move it. */
  watcherNow?: () => number;
  fetch?: typeof fetch;
  /** The API client's clock (backoff, Retry-After, rate limits); fault tests pass a fake one. */
  apiClock?: Clock;
  /** Deadlines of user actions and bounds of every request (common/limits); the hostile-server tests shorten them. */
  deadlines?: Readonly<Deadlines>;
  /** Token list URLs refreshed when online (default CoW's and Uniswap's; tests pass the sandbox's). */
  tokenListUrls?: readonly { name: string; url: string }[];
  /** Refresh the token lists at start. Off unless asked, like syncHistory: the snapshot answers meanwhile. */
  refreshTokenLists?: boolean;
  /** JSON-RPC URLs per chain used where Settings has none (sandbox mode: the sandbox's nodes). */
  defaultRpcUrls?: Readonly<Record<number, string>>;
  /** Reconcile the transaction journal at start and watch blocks. Off unless asked, like syncHistory. */
  watchChain?: boolean;
  /** Block polling interval of the wallet; tests shorten it. */
  walletTiming?: Partial<WalletTiming>;
}

export interface Services {
  readonly router: Router;
  readonly events: EventBus;
  /** Settings in effect; Electron reads and stores window state through it. */
  readonly settings: SettingsService;
  /** The one API client of the app, reading its endpoints from settings on every request. */
  readonly api: ApiClient;
  /** Order history: Electron calls history.syncNow() on resume from sleep. */
  readonly history: HistoryModule;
  /** The order composer's main side; tests poll its tracker. */
  readonly trading: TradingModule;
  /** The background order watcher: the tray pauses it, resume from sleep ticks it. */
  readonly watcher: WatcherModule;
  /** The token picker's lists (snapshot, refreshed lists, logos, recent and pinned). */
  readonly tokenLists: TokenLists;
  /** Balances, allowances and the journalled transactions of the keychain signer. */
  readonly wallet: WalletModule;
  /** Stops every module and closes the store; answers once nothing writes to it (a cut sync pass has unwound, its writer thread let go). */
  close(): Promise<void>;
}

/**
 * The background services the desktop app runs: health probes, history sync,
 * the order watcher. Electron, `npm run preview` and the e2e preview all start
 * with these, so what the preview shows is what the desktop app does.
 */
export const DESKTOP_BACKGROUND = { monitorHealth: true, syncHistory: true, watchOrders: true } as const satisfies Partial<ServicePorts>;

export const STORE_FILE = 'cow-desk.sqlite';
/** Passphrase-vault key files, one per account (only when the user chose that vault). */
export const VAULT_DIR = 'vault';

/**
 * The composition root: builds every main-process service from its ports and
 * wires them to the IPC router. Electron, the loopback preview and the tests all
 * start the app through here, so they run the same code.
 */
export function createServices(ports: ServicePorts): Services {
  const storeState = openStoreState(join(ports.userDataDir, STORE_FILE), ports.log);
  const events = new EventBus();
  const settingsModule = createSettingsModule({
    storeState,
    userDataDir: ports.userDataDir,
    events,
    ...(ports.defaultEndpoints ? { defaultEndpoints: ports.defaultEndpoints } : {}),
    ...(ports.healthTiming ? { healthTiming: ports.healthTiming } : {}),
    ...(ports.fetch ? { fetch: ports.fetch } : {}),
    ...(ports.apiClock ? { apiClock: ports.apiClock } : {}),
    ...(ports.deadlines ? { deadlines: ports.deadlines } : {}),
  });
  const health = new HealthService(ports.appVersion, storeState, settingsModule.settings);
  settingsModule.settings.onChange(() => events.emit('app.healthChanged', health.report()));
  if (ports.monitorHealth) settingsModule.monitor.start();

  const environment = () => health.currentEnvironment();
  const history = createHistoryModule({
    storeState,
    events,
    api: settingsModule.api,
    settings: settingsModule.settings,
    userDataDir: ports.userDataDir,
    log: ports.log,
    ...(ports.historyTiming ? { timing: ports.historyTiming } : {}),
    // Read when a detail is opened: the wallet (made below) holds the chain clients by then.
    filledAmount: (chainId, uid) => settlementFilledAmount(wallet.clients, chainId, uid, environment()),
  });
  if (ports.syncHistory) void history.start();
  const tokenLists = new TokenLists({
    dir: join(ports.userDataDir, 'token-lists'),
    urls: ports.tokenListUrls ?? DEFAULT_LIST_URLS,
    log: ports.log,
    ...(ports.fetch ? { fetch: ports.fetch } : {}),
  });
  if (ports.refreshTokenLists) void tokenLists.refresh();
  const signing = signingFor(storeState, ports, environment, previewFactsFrom(settingsModule.api, tokenLists));
  const wallet = createWalletModule({
    db: 'store' in storeState ? storeState.store.db : undefined,
    accounts: signing?.accounts,
    settings: settingsModule.settings,
    api: settingsModule.api,
    environment,
    events,
    log: ports.log,
    ...(ports.defaultRpcUrls ? { defaultRpcUrls: ports.defaultRpcUrls } : {}),
    ...(ports.walletTiming ? { timing: ports.walletTiming } : {}),
  });
  if (ports.watchChain) void wallet.start();
  const trading = createTradingModule({
    api: settingsModule.api,
    settings: settingsModule.settings,
    history,
    signing,
    environment,
    events,
    log: ports.log,
    ...(ports.tradeTiming ? { timing: ports.tradeTiming } : {}),
  });

  const watcher = createWatcherModule({
    storeState,
    events,
    api: settingsModule.api,
    settings: settingsModule.settings,
    history,
    notifier: ports.notifier ?? { show: () => undefined },
    chainClock: wallet.clients,
    log: ports.log,
    ...(ports.watcherTiming ? { timing: ports.watcherTiming } : {}),
    ...(ports.watcherNow ? { now: ports.watcherNow } : {}),
  });
  if (ports.watchOrders) watcher.watcher?.start();


  const router = createRouter(
    // User actions answer within their deadline, whatever the services underneath do.
    withUserDeadlines({
      ...appHandlers(health),
      ...settingsModule.handlers,
      ...signerHandlersFor(storeState, signing, events),
      ...history.handlers,
      ...createMarketModule({
        storeState,
        api: settingsModule.api,
        settings: settingsModule.settings,
        monitor: settingsModule.monitor,
        userDataDir: ports.userDataDir,
        ...(ports.fetch ? { fetch: ports.fetch } : {}),
      }).handlers,
      ...trading.handlers,
      ...watcher.handlers,
      ...wallet.handlers,
      ...tokenHandlers({ lists: tokenLists, chains: wallet.clients, api: settingsModule.api }),
    }, ports.deadlines ?? DEADLINES),
    ports.log,
  );

  return {
    router,
    events,
    settings: settingsModule.settings,
    api: settingsModule.api,
    history,
    trading,
    watcher,
    tokenLists,
    wallet,
    close: async () => {
      wallet.close();
      watcher.close();
      trading.close();
      await history.close();
      settingsModule.close();
      if ('store' in storeState) storeState.store.close();
    },
  };
}

/** Accounts and the signer, shared by the signing commands and the order composer; absent without a database. */
function signingFor(storeState: StoreState, ports: ServicePorts, environment: () => Environment, previewFacts: ReturnType<typeof previewFactsFrom>) {
  if (!('store' in storeState)) return undefined;
  const accounts = new AccountService(new AccountsRepo(storeState.store.db), {
    keychain: new KeychainVault(ports.keytar ?? loadKeytar, ports.keychainService),
    passphrase: new PassphraseVault(join(ports.userDataDir, VAULT_DIR)),
  });
  return { accounts, signer: new OrderSigner(accounts, environment, undefined, previewFacts) };
}

function signerHandlersFor(
  storeState: StoreState,
  signing: ReturnType<typeof signingFor>,
  events: EventBus,
): ReturnType<typeof signerHandlers> {
  if (!('store' in storeState) || !signing) return storeRequired<ReturnType<typeof signerHandlers>>(['accounts.', 'signing.'], 'error' in storeState ? storeState.error : '');
  return signerHandlers(signing.accounts, signing.signer, events);
}

/**
 * Without its database a feature cannot keep its promises (accounts, history):
 * every command of it answers why, instead of working on nothing.
 */
function storeRequired<H extends object>(prefixes: readonly string[], reason: string): H {
  const names = Object.keys(contract.commands).filter((name) => prefixes.some((prefix) => name.startsWith(prefix)));
  const fail = () => {
    throw new AppError('STORE_UNAVAILABLE', `CoW Desk's local database is not available: ${reason}`);
  };
  return Object.fromEntries(names.map((name) => [name, fail])) as H;
}

function openStoreState(path: string, log: Logger): StoreState {
  try {
    return { store: openStore(path) };
  } catch (error) {
    const message =
      error instanceof AppError
        ? error.message
        : `The local database at ${path} could not be opened (${error instanceof Error ? error.message : String(error)}).`;
    log.error('store failed to open', { path });
    return { path, error: message };
  }
}

/** The signing dialog's USD values: the token service's prices (cached since the quote), never waited on for long. */
function previewFactsFrom(api: ApiClient, tokenLists: TokenLists) {
  const usd = (chainId: number, token: string) =>
    api.tokenService.usdPrice(chainId, token, AbortSignal.timeout(PREVIEW_PRICE_TIMEOUT_MS)).then((answer) => answer.price, () => null);
  return async (draft: OrderDraft): Promise<PreviewFacts> => {
    const [sell, buy] = await Promise.all([usd(draft.chainId, draft.sellToken), usd(draft.chainId, draft.buyToken)]);
    return { usd: { sell, buy }, token: (chainId, address) => tokenLists.find(chainId, address) };
  };
}
const PREVIEW_PRICE_TIMEOUT_MS = 2_000;
