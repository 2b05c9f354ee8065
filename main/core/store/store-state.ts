import type { StoreProblem } from '../../common/ipc/health-schemas';
import { AppError } from '../../common/errors';
import type { StoreState } from '../health/health-service';
import type { Logger } from '../log';
import { openStore, STORE_DAMAGED } from './open-store';

/** The store as the app starts with it: open, or why not (and so which way out fits), never a failed start. */
export function openStoreState(path: string, log: Logger): StoreState {
  try {
    return { store: openStore(path) };
  } catch (error) {
    const problem = storeProblemOf(error);
    const reason = error instanceof Error ? error.message : String(error);
    const message =
      error instanceof AppError
        ? error.message
        : problem === 'unwritable'
          ? `The local database at ${path} cannot be written (${reason}): use another folder for CoW Desk's data.`
          : `The local database at ${path} could not be opened (${reason}).`;
    log.error('store failed to open', { path, problem });
    return { path, error: message, problem };
  }
}

/** Which way out fits: an unwritable folder is left for another, anything else the store holds is rebuilt. */
function storeProblemOf(error: unknown): StoreProblem {
  const code = String((error as { code?: unknown }).code ?? '');
  if (code === STORE_DAMAGED || code.startsWith('SQLITE_CORRUPT') || code === 'SQLITE_NOTADB') return 'damaged';
  if (code.startsWith('SQLITE_READONLY') || code.startsWith('SQLITE_CANTOPEN') || ['EACCES', 'EROFS', 'EPERM'].includes(code)) return 'unwritable';
  return 'unreadable';
}
