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
import { OrderSigner } from './signer/order-signer';
import { forkSigner } from './signer/process/node-launcher';
import { SignerClient, type SignerLauncher } from './signer/signer-client';
import { portImportHandler, signerHandlers } from './signer/signer-handlers';
import { DEFAULT_LIST_URLS } from './tokens/snapshot';
import { previewFactsFrom } from './signer/preview-facts';
import { TokenLists } from './tokens/token-lists';
import { tokenHandlers } from './tokens/token-handlers';
import { createSettingsModule } from './settings/settings-module';
import type { SettingsService } from './settings/settings-service';
import { openStoreState } from './store/store-state';
import { storeHandlers } from './store/store-handlers';
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
  /** Starts the signer process, the only holder of keys: utilityProcess in the app, else (default) a forked Node child. */
  signer?: SignerLauncher;
  /** Keychain service name the keys are stored under (tests use their own). */
  keychainService?: string;
  /** Base URLs used where the user set none (tests point them at the sandbox); default: the live services. */
  defaultEndpoints?: Partial<Record<Environment, Partial<ServiceEndpoints>>>;
  /** Connection-health probe and history sync intervals; tests shorten them. */
  healthTiming?: Partial<MonitorTiming>;
  historyTiming?: Partial<SyncTiming>;
  /** How often submitted orders are re-read until final; tests shorten it. */
  tradeTiming?: Partial<TrackerTiming>;
  /** Restarts the app (Electron relaunches; the preview script starts again): a rebuilt store or another data folder takes effect there. */
  relaunch: () => void;
  /** The file, outside every data folder, that names the data folder the next start uses (see store/data-location.ts). */
  dataLocationFile: string;
  /** Where desktop notifications go: Electron's Notification in the app, the page's in preview, a recording sink in tests. */
  notifier: Notifier;
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
  /** JSON-RPC URLs per chain used where Settings has none (sandbox mode: the sandbox's nodes). */
  defaultRpcUrls?: Readonly<Record<number, string>>;
  /** The wallet's block watch: its regular pace and its pace while a transaction is pending; tests shorten them. */
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
  /** The background work running now: every composition of the app runs all of BACKGROUND_TASKS. */
  backgroundTasks(): BackgroundTask[];
  /** accounts.importKey in the app: the key reaches the signer process on `port` (a MessagePortMain), never main's JS. */
  readonly importKeyThroughPort: ReturnType<typeof portImportHandler>;
  /** Stops every module and closes the store; answers once nothing writes to it (a cut sync pass has unwound, its writer thread let go). */
  close(): Promise<void>;
}

/** The background work of the app as it ships, each started by createServices whatever the ports. */
export const BACKGROUND_TASKS = ['health probes', 'history sync', 'order watcher', 'wallet block watch', 'token list refresh'] as const;
export type BackgroundTask = (typeof BACKGROUND_TASKS)[number];

export const STORE_FILE = 'cow-desk.sqlite';
/** Passphrase-vault key files, one per account (only when the user chose that vault). */
export const VAULT_DIR = 'vault';

/**
 * The composition root: builds every main-process service from its ports, wires
 * them to the IPC router and starts the background work the desktop app does
 * (health probes, history sync, the order watcher, the wallet's block watch and
 * journal reconciliation, token list refresh). Electron, `npm run preview`, the
 * e2e harness, the integration kits and the bench all start the app through
 * here: they may replace ports (clock, folders, URLs, keychain, notifier sink),
 * and no port switches a feature on or off, so what the tests see is what ships.
 */
export function createServices(ports: ServicePorts): Services {
  const storeState = openStoreState(join(ports.userDataDir, STORE_FILE), ports.log);
  const events = new EventBus();
  const settingsModule = createSettingsModule({
    storeState,
    userDataDir: ports.userDataDir,
    events,
    log: ports.log,
    ...(ports.defaultEndpoints ? { defaultEndpoints: ports.defaultEndpoints } : {}),
    ...(ports.healthTiming ? { healthTiming: ports.healthTiming } : {}),
    ...(ports.fetch ? { fetch: ports.fetch } : {}),
    ...(ports.apiClock ? { apiClock: ports.apiClock } : {}),
    ...(ports.deadlines ? { deadlines: ports.deadlines } : {}),
  });
  const health = new HealthService(ports.appVersion, storeState, settingsModule.settings);
  settingsModule.settings.onChange(() => events.emit('app.healthChanged', health.report()));
  settingsModule.monitor.start();

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
    blockClock: { available: (chainId) => wallet.clients.available(chainId), blockTime: (chainId, block) => wallet.clients.blockTime(chainId, block) },
  });
  void history.start();
  const tokenLists = new TokenLists({
    dir: join(ports.userDataDir, 'token-lists'),
    urls: ports.tokenListUrls ?? DEFAULT_LIST_URLS,
    log: ports.log,
    ...(ports.fetch ? { fetch: ports.fetch } : {}),
    onStatus: (status) => events.emit('tokens.listsChanged', status),
  });
  // Every app refreshes its lists at start and daily; the snapshot and the cached copies answer meanwhile.
  tokenLists.start();
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
    ...(ports.deadlines ? { deadlines: ports.deadlines } : {}),
    ...(ports.fetch ? { fetch: ports.fetch } : {}),
  });
  // The journal is reconciled at start and on every block in every composition: a mined transaction must settle.
  void wallet.start();
  const trading = createTradingModule({
    api: settingsModule.api,
    settings: settingsModule.settings,
    history,
    signing,
    environment,
    events,
    tokens: (chainId, address) => tokenLists.find(chainId, address),
    log: ports.log,
    ...(ports.tradeTiming ? { timing: ports.tradeTiming } : {}),
  });

  const watcher = createWatcherModule({
    storeState,
    events,
    api: settingsModule.api,
    settings: settingsModule.settings,
    history,
    notifier: ports.notifier,
    chainClock: wallet.clients,
    tokens: (chainId, address) => tokenLists.find(chainId, address),
    log: ports.log,
    ...(ports.watcherTiming ? { timing: ports.watcherTiming } : {}),
    ...(ports.watcherNow ? { now: ports.watcherNow } : {}),
  });
  watcher.watcher?.start();


  const router = createRouter(
    // User actions answer within their deadline, whatever the services underneath do.
    withUserDeadlines({
      ...appHandlers(health),
      ...storeHandlers({ storeState, dataLocationFile: ports.dataLocationFile, relaunch: ports.relaunch, log: ports.log }),
      ...settingsModule.handlers,
      ...signerHandlersFor(storeState, signing, events),
      ...history.handlers,
      ...createMarketModule({
        storeState,
        api: settingsModule.api,
        settings: settingsModule.settings,
        chains: wallet.clients,
        tokens: (chainId, address) => tokenLists.find(chainId, address),
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
    backgroundTasks: () => {
      const running: Record<BackgroundTask, boolean> = {
        'health probes': settingsModule.monitor.isRunning(),
        'history sync': history.sync?.isRunning() ?? false,
        'order watcher': watcher.watcher?.isRunning() ?? false,
        'wallet block watch': wallet.isRunning(),
        'token list refresh': tokenLists.isRunning(),
      };
      return BACKGROUND_TASKS.filter((task) => running[task]);
    },
    importKeyThroughPort: portImportHandler(signing?.accounts, events, ports.log),
    close: async () => {
      // Requests end first: a round or pass waiting out a backoff unwinds now, not when its sleep is over.
      settingsModule.api.close();
      wallet.close();
      watcher.close();
      trading.close();
      await tokenLists.close();
      await history.close();
      settingsModule.close();
      await signing?.keys.close();
      if ('store' in storeState) await storeState.store.close();
    },
  };
}

/** Accounts and the signer, shared by the signing commands and the order composer; absent without a database. */
function signingFor(storeState: StoreState, ports: ServicePorts, environment: () => Environment, previewFacts: ReturnType<typeof previewFactsFrom>) {
  if (!('store' in storeState)) return undefined;
  const vaults = { vaultDir: join(ports.userDataDir, VAULT_DIR), ...(ports.keychainService ? { keychainService: ports.keychainService } : {}) };
  const keys = new SignerClient(ports.signer ?? forkSigner, vaults, ports.log);
  const accounts = new AccountService(new AccountsRepo(storeState.store.db), keys);
  return { accounts, keys, signer: new OrderSigner(accounts, environment, undefined, previewFacts) };
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
