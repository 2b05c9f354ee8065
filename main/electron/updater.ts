import updaterPackage, { type AppUpdater, type ProgressInfo, type UpdateInfo } from 'electron-updater';
import { updateFailure, updateStatus, type UpdateState, type UpdateStatus } from '../common/update-status';
import type { Logger } from '../core/log';

export interface UpdateController {
  /** At start (quiet when up to date) or from Help > Check for Updates (says so). */
  check(source: 'start' | 'menu'): Promise<void>;
  /** The last status, re-sent to a page that loads after it was published. */
  status(): UpdateStatus | null;
}

export interface UpdaterOptions {
  log: Logger;
  currentVersion: string;
  publish(status: UpdateStatus): void;
  /** electron-updater's updater for this platform (AppImage, deb, dmg/zip, nsis); tests pass their own feed's. */
  updater?: AppUpdater;
}

/**
 * The app's self-update on electron-updater. The feed is the one electron-builder
 * wrote into the package (app-update.yml, from `publish`); downloads start at once
 * and are checked against the sha512 published in latest*.yml (and on Windows and
 * macOS against the code signature) before they count as ready; the update is
 * installed when the user quits. A version not newer than the running one is never
 * offered (allowDowngrade stays off, whatever the channel).
 */
export function createUpdateController({ log, currentVersion, publish, updater = updaterPackage.autoUpdater }: UpdaterOptions): UpdateController {
  updater.logger = {
    info: (message) => log.info('updater', { detail: String(message) }),
    warn: (message) => log.warn('updater', { detail: String(message) }),
    error: (message) => log.error('updater', { detail: String(message) }),
  };
  updater.autoDownload = true;
  updater.autoInstallOnAppQuit = true;
  updater.allowDowngrade = false;
  let manual = false;
  let offered: string | null = null;
  let last: UpdateStatus | null = null;
  const set = (state: UpdateState, facts: { version?: string | null; percent?: number | null } = {}) => {
    last = updateStatus({ state, currentVersion, manual, version: facts.version ?? offered, ...(facts.percent !== undefined ? { percent: facts.percent } : {}) });
    publish(last);
  };

  updater.on('checking-for-update', () => set('checking'));
  updater.on('update-not-available', () => set('none'));
  updater.on('update-available', (info: UpdateInfo) => {
    offered = info.version;
    set('available');
  });
  updater.on('download-progress', (progress: ProgressInfo) => set('downloading', { percent: progress.percent }));
  updater.on('update-downloaded', (info: UpdateInfo) => set('ready', { version: info.version }));
  updater.on('error', (error: Error) => {
    const text = `${error.name}: ${error.message}`;
    const state = updateFailure(text);
    log.error('update failed', { state, error });
    set(state);
  });

  return {
    async check(source) {
      manual = source === 'menu';
      try {
        const result = await updater.checkForUpdates();
        if (result === null) set('unsupported');
        // The download runs on; its failure arrives as an 'error' event, handled above.
        void result?.downloadPromise?.catch(() => undefined);
      } catch {
        // Reported through the 'error' event.
      }
    },
    status: () => last,
  };
}
