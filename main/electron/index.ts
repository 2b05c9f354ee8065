import { app, BrowserWindow } from 'electron';
import { join } from 'node:path';
import { createConsoleLogger } from '../core/log';
import { createServices } from '../core/services';
import { registerAppScheme, serveRenderer } from './app-protocol';
import { hardenApp } from './hardening';
import { attachIpcTransport } from './ipc-transport';
import { createMainWindow } from './main-window';

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
  const services = createServices({ userDataDir: app.getPath('userData'), appVersion: app.getVersion(), log });
  const window = createMainWindow(join(import.meta.dirname, '../preload'));
  const detach = attachIpcTransport(services, window);
  app.on('window-all-closed', () => app.quit());
  app.on('will-quit', () => {
    detach();
    services.close();
  });
}
