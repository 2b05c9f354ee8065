import { AppError } from '../../common/errors';
import type { StoreState } from '../health/health-service';
import type { Handlers } from '../ipc/router';
import type { Logger } from '../log';
import { chooseDataFolder } from './data-location';
import { rebuildStore } from './store-repair';

export interface StoreHandlerOptions {
  storeState: StoreState;
  /** Where the next start reads its data folder from. */
  dataLocationFile: string;
  /** Restarts the app on its (rebuilt or new) store, after the answer is out. */
  relaunch: () => void;
  log: Logger;
}

/** The ways out of a store that cannot be used: rebuild it, or use another folder. Both restart the app. */
export function storeHandlers(options: StoreHandlerOptions): Pick<Handlers, 'app.rebuildStore' | 'app.useDataFolder'> {
  const relaunchSoon = () => setImmediate(options.relaunch);
  return {
    'app.rebuildStore': () => {
      const { storeState } = options;
      if ('store' in storeState) throw new AppError('STORE_OK', 'The local database is healthy: there is nothing to rebuild.');
      if (storeState.problem === 'unwritable') {
        throw new AppError('STORE_UNWRITABLE', `${storeState.path} cannot be written, so it cannot be rebuilt there: use another folder.`);
      }
      const outcome = rebuildStore(storeState.path);
      options.log.warn('store rebuilt', { movedTo: outcome.movedTo, kept: outcome.kept });
      relaunchSoon();
      return outcome;
    },
    'app.useDataFolder': ({ folder }) => {
      const chosen = chooseDataFolder(options.dataLocationFile, folder);
      options.log.info('data folder chosen', { folder: chosen });
      relaunchSoon();
      return { folder: chosen };
    },
  };
}
