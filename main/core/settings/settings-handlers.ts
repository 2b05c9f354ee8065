import type { ConfigurableService } from '../../common/settings/settings-schema';
import type { Environment } from '../../common/protocol/environments';
import { createApiClient } from '../api/api-client';
import type { RequestOutcome } from '../api/http-client';
import type { ConnectionMonitor } from '../health/connection-monitor';
import { testConnection } from '../health/probe';
import type { Handlers } from '../ipc/router';
import type { DataService } from './data-service';
import type { SettingsService } from './settings-service';

type SettingsCommand =
  | 'settings.get'
  | 'settings.update'
  | 'settings.setEndpoint'
  | 'settings.testConnection'
  | 'settings.setRpcUrl'
  | 'health.status'
  | 'health.check'
  | 'data.info'
  | 'data.export'
  | 'data.deleteAll';

export function settingsHandlers(deps: {
  settings: SettingsService;
  monitor: ConnectionMonitor;
  data: DataService;
  fetch: typeof fetch | undefined;
}): Pick<Handlers, SettingsCommand> {
  const { settings, monitor, data } = deps;
  return {
    'settings.get': () => settings.view(),
    'settings.update': (patch) => settings.update(patch),
    'settings.setEndpoint': ({ environment, service, url }) => settings.setEndpoint(environment, service, url),
    'settings.testConnection': ({ environment, service, url }) => runTest(settings, environment, service, url, deps.fetch),
    'settings.setRpcUrl': ({ chainId, url }) => settings.setRpcUrl(chainId, url),
    'health.status': () => monitor.snapshot(),
    'health.check': () => monitor.checkNow(),
    'data.info': () => data.info(),
    'data.export': () => data.exportAll(),
    'data.deleteAll': () => {
      const info = data.deleteAll();
      settings.reload();
      return info;
    },
  };
}

/**
 * A one-attempt client of its own, so testing a URL the user has not saved yet
 * neither changes the app's endpoints nor waits through the app's retries.
 */
async function runTest(
  settings: SettingsService,
  environment: Environment,
  service: ConfigurableService,
  url: string | undefined,
  fetchImpl: typeof fetch | undefined,
) {
  const endpoints = { ...settings.endpointsFor(environment), ...(url ? { [service]: url } : {}) };
  const outcomes: RequestOutcome[] = [];
  const client = createApiClient({
    endpoints: () => endpoints,
    environment: () => environment,
    maxAttempts: 1,
    timeoutMs: 8_000,
    onOutcome: (outcome) => outcomes.push(outcome),
    ...(fetchImpl ? { fetch: fetchImpl } : {}),
  });
  return testConnection(client, outcomes, service, settings.current().activeChainId, endpoints[service]);
}
