import type { HealthReport } from '../../common/ipc/health-schemas';
import { CHAINS } from '../../common/protocol/chains';
import {
  DEFAULT_ENVIRONMENT,
  environmentSchema,
  type Environment,
} from '../../common/protocol/environments';
import type { Store } from '../store/open-store';
import { SettingsRepo } from '../store/settings-repo';

export type StoreState = { store: Store } | { path: string; error: string };

const ENVIRONMENT_KEY = 'environment';

/**
 * What the About/health screen shows: the app, the selected environment, the
 * chains it knows, and whether the local store is usable. When the store failed
 * to open, the report says why instead of the app failing to start.
 */
export class HealthService {
  private environment: Environment;
  private readonly settings: SettingsRepo | undefined;

  constructor(
    private readonly appVersion: string,
    private readonly storeState: StoreState,
  ) {
    this.settings = 'store' in storeState ? new SettingsRepo(storeState.store.db) : undefined;
    this.environment = this.settings?.get(ENVIRONMENT_KEY, environmentSchema, DEFAULT_ENVIRONMENT) ?? DEFAULT_ENVIRONMENT;
  }

  report(): HealthReport {
    return {
      appVersion: this.appVersion,
      environment: this.environment,
      chains: CHAINS.map(({ id, alias, name }) => ({ id, alias, name })),
      store: this.storeStatus(),
    };
  }

  setEnvironment(environment: Environment): HealthReport {
    this.settings?.set(ENVIRONMENT_KEY, environmentSchema, environment);
    this.environment = environment;
    return this.report();
  }

  private storeStatus(): HealthReport['store'] {
    if (!('store' in this.storeState)) {
      return { opened: false, path: this.storeState.path, error: this.storeState.error };
    }
    const { store } = this.storeState;
    return {
      opened: true,
      path: store.path,
      schemaVersion: store.schemaVersion,
      journalMode: String(store.db.pragma('journal_mode', { simple: true })),
    };
  }
}
