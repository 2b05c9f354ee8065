import { app, BrowserWindow, dialog, nativeTheme, powerMonitor, shell } from 'electron';
import { join } from 'node:path';
import { deepLinkInArgs } from '../common/deep-link';
import { createFileLogger, LOG_DIR } from '../core/file-log';
import { withCommandLog } from '../core/ipc/command-log';
import { createServices } from '../core/services';
import { dataFolder } from '../core/store/data-location';
import { registerAppScheme, serveRenderer } from './app-protocol';
import { applyCrashUploadChoice, crashReportServer, crashUploadChosen, setCrashUpload, startCrashReporter } from './crash-reports';
import { createDeepLinkHandler, registerLinkScheme } from './deep-links';
import { hardenApp } from './hardening';
import { attachIpcTransport } from './ipc-transport';
import { attachKeyImport } from './key-import';
import { installLifecycle, recoverRenderer, revealWindow } from './lifecycle';
import { createMainWindow } from './main-window';
import { launchUtilitySigner } from './signer-launcher';
import { installMenu } from './menu';
import { createElectronNotifier } from './notifier';
import { installTray } from './tray';
import { createUpdateController } from './updater';
import type { DesktopNotification } from '../common/notifications/notifier';

// The data folder the user chose (a damaged or unwritable one left behind), read before anything opens it.
const dataLocationFile = join(app.getPath('appData'), 'cow-desk-data-location.json');
app.setPath('userData', dataFolder(dataLocationFile, app.getPath('userData')));
// Dumps from the first moment, kept on this computer (crash-reports.ts).
startCrashReporter();
const log = createFileLogger({ dir: join(app.getPath('userData'), LOG_DIR), echo: !app.isPackaged });
process.on('uncaughtException', (error) => log.error('uncaught exception', { error }));
process.on('unhandledRejection', (reason) => log.error('unhandled rejection', { error: reason }));

// Until the services run, links wait here (macOS delivers a launch link before ready).
const pendingLinks: string[] = [];
let openLink: (link: string) => void = (link) => pendingLinks.push(link);
let mainWindow: BrowserWindow | null = null;
let createWindow: () => BrowserWindow = () => {
  throw new Error('The window is created once the app is ready.');
};

// A second instance would open the same SQLite file and keychain entries:
// it hands its arguments (a link) to the first one and quits.
if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  registerAppScheme();
  registerLinkScheme();
  installLifecycle({ window: () => mainWindow, createWindow: () => createWindow(), openLink: (link) => openLink(link), log });
  const startLink = deepLinkInArgs(process.argv.slice(1));
  if (startLink) pendingLinks.push(startLink);
  void app.whenReady().then(start);
}

function start(): void {
  log.info('started', { version: app.getVersion(), electron: process.versions.electron, platform: process.platform, arch: process.arch, packaged: app.isPackaged });
  hardenApp();
  serveRenderer(join(import.meta.dirname, '../renderer'));
  // The notifier exists before the services it is a port of; its clicks need both, bound below.
  let onNotificationClick: (notification: DesktopNotification) => void = () => undefined;
  const notifier = createElectronNotifier((notification) => onNotificationClick(notification), log);
  const services = createServices({
    userDataDir: app.getPath('userData'),
    appVersion: app.getVersion(),
    log,
    notifier,
    dataLocationFile,
    relaunch: () => {
      app.relaunch();
      app.exit(0);
    },
    signer: launchUtilitySigner,
  });
  applyCrashUploadChoice(services.settings, log);
  const router = withCommandLog(services.router, log);
  const updates = createUpdateController({
    log,
    currentVersion: app.getVersion(),
    publish: (status) => {
      services.events.emit('app.updateStatus', status);
      mainWindow?.setProgressBar(status.state === 'downloading' ? (status.percent ?? 0) / 100 : -1);
    },
  });

  let detach: () => void = () => undefined;
  createWindow = () => {
    detach();
    const window = createMainWindow(join(import.meta.dirname, '../preload'), services.settings);
    mainWindow = window;
    recoverRenderer(window, log);
    const detachTransport = attachIpcTransport({ router, events: services.events }, window);
    const detachImport = attachKeyImport(services, window);
    detach = () => {
      detachTransport();
      detachImport();
    };
    // A page that loads (or reloads after a crash) hears the update status it missed.
    window.webContents.on('did-finish-load', () => {
      const status = updates.status();
      if (status) services.events.emit('app.updateStatus', status);
    });
    window.on('close', (event) => {
      // With background watching on, closing the window hides it: the watcher and the tray keep running.
      if (!quitting && services.settings.current().notifications.backgroundWatching) {
        event.preventDefault();
        window.hide();
      }
    });
    window.on('closed', () => {
      if (mainWindow === window) mainWindow = null;
    });
    return window;
  };
  const showWindow = () => revealWindow(mainWindow && !mainWindow.isDestroyed() ? mainWindow : createWindow());
  // Events reach the page only once it listens: wait for a loading page to finish.
  const whenPageReady = (action: () => void) => {
    const contents = mainWindow?.webContents;
    if (contents?.isLoading()) contents.once('did-finish-load', action);
    else action();
  };
  const openOrder = (uid: `0x${string}`) => whenPageReady(() => services.events.emit('notifications.openOrder', { uid }));
  onNotificationClick = ({ id, target }) => {
    showWindow();
    void services.router.handle('notifications.markRead', { ids: [id] });
    // The event bus parses the payload against uidSchema, so the cast cannot smuggle a bad UID through.
    if (target.view === 'history') openOrder(target.orderUid as `0x${string}`);
    else services.events.emit('shell.navigate', { view: 'notifications' });
  };
  openLink = createDeepLinkHandler({
    showWindow,
    openOrder,
    refuse: (message) => void dialog.showMessageBox({ type: 'warning', title: 'CoW Desk', message: 'CoW Desk cannot open this link.', detail: message }),
    log,
  });

  let quitting = false;
  app.on('before-quit', () => (quitting = true));
  createWindow();
  const removeTray = installTray({ services, showWindow, quit: () => app.quit() });
  // Follow the theme chosen in Settings for native parts too (menus, dialogs, scrollbars).
  nativeTheme.themeSource = services.settings.current().theme;
  services.settings.onChange(({ settings }) => (nativeTheme.themeSource = settings.theme));
  const logsFolder = join(app.getPath('userData'), LOG_DIR);
  installMenu({
    navigate: (view) => services.events.emit('shell.navigate', { view }),
    openLogs: () => void shell.openPath(logsFolder),
    checkForUpdates: () => void updates.check('menu'),
    crashReports: {
      available: crashReportServer() !== null,
      chosen: crashUploadChosen(services.settings),
      choose: (upload) => setCrashUpload(services.settings, log, upload),
    },
  });
  for (const link of pendingLinks.splice(0)) openLink(link);
  if (app.isPackaged) void updates.check('start');
  // After sleep the history and the watched orders are as old as the nap: catch up at once instead of at the next tick.
  powerMonitor.on('resume', () => {
    void services.history.syncNow();
    void services.watcher.watcher?.tick();
  });
  // macOS keeps the app in the Dock with no window; elsewhere the last window closing quits.
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  // Quitting waits for the services to let go of the store (a sync pass mid-write commits or rolls back first).
  let closed = false;
  app.on('will-quit', (event) => {
    if (closed) return;
    event.preventDefault();
    detach();
    removeTray();
    void services.close().finally(() => {
      closed = true;
      log.info('quit');
      app.quit();
    });
  });
}
