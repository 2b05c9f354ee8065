import { app, dialog, type BrowserWindow } from 'electron';
import { deepLinkInArgs } from '../common/deep-link';
import type { Logger } from '../core/log';

export interface LifecycleOptions {
  /** The main window, or null when there is none (macOS, after it was closed). */
  window(): BrowserWindow | null;
  /** A new main window (macOS re-opens one from the Dock). */
  createWindow(): BrowserWindow;
  openLink(link: string): void;
  log: Logger;
}

/** Shows the window wherever it is: hidden to the tray, minimised, or behind other windows. */
export function revealWindow(window: BrowserWindow): void {
  if (window.isMinimized()) window.restore();
  window.show();
  window.focus();
}

/**
 * The app's answers to the OS: a second start hands its arguments (a link) to this
 * instance and brings the window back, even from the tray; macOS's Dock click
 * re-creates or shows the window; macOS delivers links through open-url.
 */
export function installLifecycle({ window, createWindow, openLink, log }: LifecycleOptions): void {
  app.on('second-instance', (_event, argv) => {
    const current = window();
    if (current && !current.isDestroyed()) revealWindow(current);
    else createWindow();
    const link = deepLinkInArgs(argv);
    if (link) openLink(link);
  });
  app.on('activate', () => {
    const current = window();
    if (!current || current.isDestroyed()) createWindow();
    else revealWindow(current);
  });
  app.on('open-url', (event, url) => {
    event.preventDefault();
    openLink(url);
  });
  app.on('child-process-gone', (_event, details) => {
    if (details.reason !== 'clean-exit') log.error('child process gone', { type: details.type, reason: details.reason, exitCode: details.exitCode });
  });
}

/** More crashes than this within the window below stop the reloads: the page would only crash again. */
const MAX_RELOADS = 3;
const RELOAD_WINDOW_MS = 60_000;

/**
 * When the page's process dies (a crash, out of memory, killed), the window is
 * reloaded and the user is told; main's services never stopped, so nothing is lost.
 */
export function recoverRenderer(window: BrowserWindow, log: Logger, now: () => number = Date.now): void {
  const crashes: number[] = [];
  window.webContents.on('render-process-gone', (_event, details) => {
    if (details.reason === 'clean-exit') return;
    const at = now();
    crashes.push(at);
    while (crashes.length > 0 && at - crashes[0]! > RELOAD_WINDOW_MS) crashes.shift();
    const reload = crashes.length <= MAX_RELOADS && !window.isDestroyed();
    log.error('window process gone', { reason: details.reason, exitCode: details.exitCode, reload });
    if (reload) window.webContents.reload();
    void dialog.showMessageBox(window, {
      type: 'warning',
      title: 'CoW Desk',
      message: reload ? 'The CoW Desk window stopped unexpectedly and was reloaded.' : 'The CoW Desk window keeps stopping, so it was not reloaded again.',
      detail: `${reload ? 'Your accounts, orders and settings are safe: they live in the main process, which kept running.' : 'Quit and start CoW Desk again.'} The details are in the log (Help > Open Logs Folder).`,
    });
  });
  window.webContents.on('unresponsive', () => log.warn('window unresponsive'));
  window.webContents.on('responsive', () => log.info('window responsive again'));
}
