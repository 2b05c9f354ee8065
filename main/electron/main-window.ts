import { BrowserWindow } from 'electron';
import { join } from 'node:path';
import { APP_ORIGIN } from '../common/ipc/sender-policy';
import type { SettingsService } from '../core/settings/settings-service';
import { restoredBounds, trackWindowState } from './window-state';

/** The window options of Electron's security checklist, all of them explicit. */
export const SECURE_WEB_PREFERENCES = {
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
} as const;

export function createMainWindow(preloadDir: string, settings: SettingsService): BrowserWindow {
  const { maximized, ...bounds } = restoredBounds(settings, { width: 1280, height: 820 });
  const window = new BrowserWindow({
    ...bounds,
    minWidth: 960,
    minHeight: 600,
    title: 'CoW Desk',
    show: false,
    webPreferences: { ...SECURE_WEB_PREFERENCES, preload: join(preloadDir, 'index.cjs') },
  });
  window.once('ready-to-show', () => {
    if (maximized) window.maximize();
    window.show();
  });
  trackWindowState(window, settings);
  void window.loadURL(`${APP_ORIGIN}/index.html`);
  return window;
}
