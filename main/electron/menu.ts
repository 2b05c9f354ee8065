import { app, Menu, type MenuItemConstructorOptions } from 'electron';
import { VIEWS, type ViewId } from '../common/settings/views';

export interface MenuOptions {
  navigate: (view: ViewId) => void;
  /** Help > Open Logs Folder. */
  openLogs: () => void;
  /** Help > Check for Updates… */
  checkForUpdates: () => void;
  /** Help > Send Crash Reports: only where the build has a crash report server; off unless chosen. */
  crashReports: { available: boolean; chosen: boolean; choose: (upload: boolean) => void };
}

/**
 * The native menu: the usual Edit items (so copy and paste work in every text
 * field), zoom for everyone, reload and developer tools only in development,
 * a Go menu whose accelerators are the same Ctrl/Cmd shortcuts the renderer
 * shows, and Help: About, the logs folder, updates and the crash report choice.
 * Go items ask the renderer to switch views through the regular event stream
 * rather than a side channel.
 */
export function installMenu(options: MenuOptions): void {
  const isMac = process.platform === 'darwin';
  const development = !app.isPackaged;
  const go: MenuItemConstructorOptions[] = VIEWS.map((view) => ({
    label: view.label,
    accelerator: `CmdOrCtrl+${view.key}`,
    click: () => options.navigate(view.id),
  }));
  const template: MenuItemConstructorOptions[] = [
    ...(isMac ? [{ role: 'appMenu' as const }] : []),
    { label: 'File', submenu: [isMac ? { role: 'close' as const } : { role: 'quit' as const }] },
    { role: 'editMenu' },
    {
      label: 'View',
      submenu: [
        ...(development
          ? [{ role: 'reload' as const }, { role: 'forceReload' as const }, { role: 'toggleDevTools' as const }, { type: 'separator' as const }]
          : []),
        { role: 'resetZoom' },
        { role: 'zoomIn' },
        { role: 'zoomOut' },
        { type: 'separator' },
        { role: 'togglefullscreen' },
      ],
    },
    { label: 'Go', submenu: go },
    { role: 'windowMenu' },
    {
      role: 'help',
      submenu: [
        {
          label: `About ${app.name}`,
          click: () => {
            app.setAboutPanelOptions({ applicationName: 'CoW Desk', applicationVersion: app.getVersion(), copyright: 'Desktop trading for CoW Protocol' });
            app.showAboutPanel();
          },
        },
        { label: 'Settings and connection health', click: () => options.navigate('settings') },
        { type: 'separator' },
        { label: 'Check for Updates…', click: options.checkForUpdates },
        { label: 'Open Logs Folder', click: options.openLogs },
        ...(options.crashReports.available
          ? [
              {
                label: 'Send Crash Reports',
                type: 'checkbox' as const,
                checked: options.crashReports.chosen,
                click: (item: { checked: boolean }) => options.crashReports.choose(item.checked),
              },
            ]
          : []),
      ],
    },
  ];
  Menu.setApplicationMenu(Menu.buildFromTemplate(template));
}
