import { BrowserWindow } from 'electron';
import { join } from 'node:path';
import { APP_ORIGIN } from '../common/ipc/sender-policy';
import type { SettingsService } from '../core/settings/settings-service';
import { restoredBounds, trackWindowState } from './window-state';

export function createMainWindow(preloadDir: string, settings: SettingsService): BrowserWindow {
  const { maximized, ...bounds } = restoredBounds(settings, { width: 1280, height: 820 });
  const window = new BrowserWindow({
    ...bounds,
    minWidth: 960,
    minHeight: 600,
    title: 'CoW Desk',
    show: false,
    // Electron's security checklist, every option explicit and written out here,
    // where reviewers and electronegativity read them.
    webPreferences: {
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webviewTag: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      navigateOnDragDrop: false,
      spellcheck: false,
      // Middle-click would open links in a new window, outside the navigation guard.
      disableBlinkFeatures: 'Auxclick',
      // Reviewed: the preload exposes only the IPC transport (see preload/index.ts).
      preload: join(preloadDir, 'index.cjs'), /* eng-disable PRELOAD_JS_CHECK */
    },
  });
  window.once('ready-to-show', () => {
    if (maximized) window.maximize();
    window.show();
  });
  trackWindowState(window, settings);
  void window.loadURL(`${APP_ORIGIN}/index.html`);
  return window;
}
