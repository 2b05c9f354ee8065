import { join } from 'node:path';
import type { ServiceEndpoints } from '../../common/protocol/endpoints';
import { DEFAULT_ENDPOINTS } from '../../common/protocol/endpoints';
import { ENVIRONMENTS, type Environment } from '../../common/protocol/environments';
import { createApiClient, type ApiClient, appRateLimiter } from '../api/api-client';
import type { Deadlines } from '../../common/limits';
import type { Clock } from '../clock';
import type { RequestOutcome } from '../api/http-client';
import { ConnectionMonitor, type MonitorTiming } from '../health/connection-monitor';
import type { StoreState } from '../health/health-service';
import type { EventBus } from '../ipc/event-bus';
import type { Handlers } from '../ipc/router';
import { SettingsRepo } from '../store/settings-repo';
import { DataService } from './data-service';
import { createRpcChecker } from './rpc-check';
import { settingsHandlers } from './settings-handlers';
import { SettingsService, type EndpointTable } from './settings-service';
import { writeTransaction } from '../store/write-transaction';
import type { Logger } from '../log';

export interface SettingsModuleOptions {
  storeState: StoreState;
  userDataDir: string;
  events: EventBus;
  /** Where connection health reports a probe round that failed unexpectedly. */
  log?: Logger;
  /** Replaces the built-in defaults per environment (tests point them at the sandbox). */
  defaultEndpoints?: Partial<Record<Environment, Partial<ServiceEndpoints>>>;
  healthTiming?: Partial<MonitorTiming>;
  fetch?: typeof fetch;
  apiClock?: Clock;
  /** Deadlines and connection bounds of the API client (common/limits); tests shorten them. */
  deadlines?: Readonly<Deadlines>;
}

export interface SettingsModule {
  readonly settings: SettingsService;
  readonly monitor: ConnectionMonitor;
  /** The app's one API client; every request it makes feeds the health monitor. */
  readonly api: ApiClient;
  readonly data: DataService;
  readonly handlers: Pick<Handlers, keyof ReturnType<typeof settingsHandlers>>;
  close(): void;
}

export const EXPORT_DIR = 'exports';

/** Settings, the API client that reads them on every request, connection health and the data section. */
export function createSettingsModule(options: SettingsModuleOptions): SettingsModule {
  const { storeState, events } = options;
  const defaults = Object.fromEntries(
    ENVIRONMENTS.map((environment) => [environment, { ...DEFAULT_ENDPOINTS[environment], ...options.defaultEndpoints?.[environment] }]),
  ) as EndpointTable;
  const storage =
    'store' in storeState
      ? { repo: new SettingsRepo(storeState.store.db), transaction: (write: () => void) => writeTransaction(storeState.store.db, write) }
      : undefined;
  const settings = new SettingsService(storage, defaults, createRpcChecker(options.fetch ? { fetch: options.fetch } : {}));
  const limiter = appRateLimiter(options.apiClock, options.deadlines);
  const monitor = new ConnectionMonitor({
    limiter,
    endpoints: () => settings.endpoints(),
    environment: () => settings.environment(),
    chainId: () => settings.current().activeChainId,
    onChange: (health) => events.emit('health.changed', health),
    ...(options.log ? { log: options.log } : {}),
    ...(options.healthTiming ? { timing: options.healthTiming } : {}),
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  const api = createApiClient({
    endpoints: () => settings.endpoints(),
    environment: () => settings.environment(),
    limiter,
    onOutcome: (outcome: RequestOutcome) => monitor.record(outcome),
    serviceState: (service) => monitor.state(service),
    ...(options.deadlines ? { deadlines: options.deadlines } : {}),
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.apiClock ? { clock: options.apiClock } : {}),
  });
  const data = new DataService(storeState, join(options.userDataDir, EXPORT_DIR));

  let lastTarget = JSON.stringify([settings.environment(), settings.endpoints(), settings.current().activeChainId]);
  const unsubscribe = settings.onChange((view) => {
    events.emit('settings.changed', view);
    const target = JSON.stringify([view.settings.environment, settings.endpoints(), view.settings.activeChainId]);
    if (target !== lastTarget) {
      lastTarget = target;
      monitor.reset();
    }
  });

  return {
    settings,
    monitor,
    api,
    data,
    handlers: settingsHandlers({ settings, monitor, data, fetch: options.fetch }),
    close: () => {
      unsubscribe();
      monitor.stop();
    },
  };
}
