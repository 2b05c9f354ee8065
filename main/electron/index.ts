import { app, BrowserWindow, nativeTheme } from 'electron';
import { join } from 'node:path';
import { createConsoleLogger } from '../core/log';
import { createServices } from '../core/services';
import { registerAppScheme, serveRenderer } from './app-protocol';
import { hardenApp } from './hardening';
import { attachIpcTransport } from './ipc-transport';
import { createMainWindow } from './main-window';
import { installMenu } from './menu';

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
  const services = createServices({ userDataDir: app.getPath('userData'), appVersion: app.getVersion(), log, monitorHealth: true, syncHistory: true });
  const window = createMainWindow(join(import.meta.dirname, '../preload'), services.settings);
  // Follow the theme chosen in Settings for native parts too (menus, dialogs, scrollbars).
  nativeTheme.themeSource = services.settings.current().theme;
  services.settings.onChange(({ settings }) => (nativeTheme.themeSource = settings.theme));
  installMenu({ navigate: (view) => services.events.emit('shell.navigate', { view }) });
  const detach = attachIpcTransport(services, window);
  app.on('window-all-closed', () => app.quit());
  app.on('will-quit', () => {
    detach();
    services.close();
  });
}
