import type { HealthReport } from '../../common/ipc/health-schemas';
import { CHAINS } from '../../common/protocol/chains';
import type { Environment } from '../../common/protocol/environments';
import type { SettingsService } from '../settings/settings-service';
import type { StoreProblem } from '../../common/ipc/health-schemas';
import type { Store } from '../store/open-store';

export type StoreState = { store: Store } | { path: string; error: string; problem: StoreProblem };

/**
 * What the About/health screen shows: the app, the selected environment, the
 * chains it knows, and whether the local store is usable. When the store failed
 * to open, the report says why instead of the app failing to start. The
 * environment itself belongs to the settings service.
 */
export class HealthService {
  constructor(
    private readonly appVersion: string,
    private readonly storeState: StoreState,
    private readonly settings: SettingsService,
  ) {}

  currentEnvironment(): Environment {
    return this.settings.environment();
  }

  report(): HealthReport {
    return {
      appVersion: this.appVersion,
      environment: this.settings.environment(),
      chains: CHAINS.map(({ id, alias, name }) => ({ id, alias, name })),
      store: this.storeStatus(),
    };
  }

  private storeStatus(): HealthReport['store'] {
    if (!('store' in this.storeState)) {
      return { opened: false, path: this.storeState.path, error: this.storeState.error, problem: this.storeState.problem };
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
