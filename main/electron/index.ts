import { app, BrowserWindow, nativeTheme, powerMonitor } from 'electron';
import { join } from 'node:path';
import { createConsoleLogger } from '../core/log';
import { createServices, DESKTOP_BACKGROUND } from '../core/services';
import { registerAppScheme, serveRenderer } from './app-protocol';
import { hardenApp } from './hardening';
import { attachIpcTransport } from './ipc-transport';
import { createMainWindow } from './main-window';
import { installMenu } from './menu';
import { createElectronNotifier } from './notifier';
import { installTray } from './tray';
import type { DesktopNotification } from '../common/notifications/notifier';

// A second instance would open the same SQLite file and keychain entries:
// hand focus to the first one instead.
if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  registerAppScheme();
  app.on('second-instance', () => {
    const [window] = BrowserWindow.getAllWindows();
    if (window) {
      if (window.isMinimized()) window.restore();
      window.focus();
    }
  });
  void app.whenReady().then(start);
}

function start(): void {
  const log = createConsoleLogger();
  hardenApp();
  serveRenderer(join(import.meta.dirname, '../renderer'));
  // The notifier exists before the services it is a port of; its clicks need both, bound below.
  let onNotificationClick: (notification: DesktopNotification) => void = () => undefined;
  const notifier = createElectronNotifier((notification) => onNotificationClick(notification), log);
  const services = createServices({
    userDataDir: app.getPath('userData'),
    appVersion: app.getVersion(),
    log,
    ...DESKTOP_BACKGROUND,
    notifier,
  });
  const window = createMainWindow(join(import.meta.dirname, '../preload'), services.settings);
  const showWindow = () => {
    if (window.isMinimized()) window.restore();
    window.show();
    window.focus();
  };
  onNotificationClick = ({ id, target }) => {
    showWindow();
    void services.router.handle('notifications.markRead', { ids: [id] });
    // The event bus parses the payload against uidSchema, so the cast cannot smuggle a bad UID through.
    if (target.view === 'history') services.events.emit('notifications.openOrder', { uid: target.orderUid as `0x${string}` });
    else services.events.emit('shell.navigate', { view: 'notifications' });
  };
  let quitting = false;
  app.on('before-quit', () => (quitting = true));
  // With background watching on, closing the window hides it: the watcher and the tray keep running.
  window.on('close', (event) => {
    if (!quitting && services.settings.current().notifications.backgroundWatching) {
      event.preventDefault();
      window.hide();
    }
  });
  const removeTray = installTray({ services, showWindow, quit: () => app.quit() });
  // Follow the theme chosen in Settings for native parts too (menus, dialogs, scrollbars).
  nativeTheme.themeSource = services.settings.current().theme;
  services.settings.onChange(({ settings }) => (nativeTheme.themeSource = settings.theme));
  installMenu({ navigate: (view) => services.events.emit('shell.navigate', { view }) });
  const detach = attachIpcTransport(services, window);
  // After sleep the history and the watched orders are as old as the nap: catch up at once instead of at the next tick.
  powerMonitor.on('resume', () => {
    void services.history.syncNow();
    void services.watcher.watcher?.tick();
  });
  app.on('window-all-closed', () => app.quit());
  app.on('will-quit', () => {
    detach();
    removeTray();
    services.close();
  });
}
