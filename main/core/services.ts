import { join } from 'node:path';
import { AppError } from '../common/errors';
import { appHandlers } from './health/app-handlers';
import { HealthService, type StoreState } from './health/health-service';
import { EventBus } from './ipc/event-bus';
import { createRouter, type Router } from './ipc/router';
import type { Logger } from './log';
import { openStore } from './store/open-store';

export interface ServicePorts {
  /** Where the app keeps its files: Electron's userData, a temp dir in tests. */
  userDataDir: string;
  appVersion: string;
  log: Logger;
}

export interface Services {
  readonly router: Router;
  readonly events: EventBus;
  close(): void;
}

export const STORE_FILE = 'cow-desk.sqlite';

/**
 * The composition root: builds every main-process service from its ports and
 * wires them to the IPC router. Electron, the loopback preview and the tests all
 * start the app through here, so they run the same code.
 */
export function createServices(ports: ServicePorts): Services {
  const storeState = openStoreState(join(ports.userDataDir, STORE_FILE), ports.log);
  const events = new EventBus();
  const health = new HealthService(ports.appVersion, storeState);

  const router = createRouter({ ...appHandlers(health, events) }, ports.log);

  return {
    router,
    events,
    close: () => {
      if ('store' in storeState) storeState.store.close();
    },
  };
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
