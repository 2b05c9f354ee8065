import { Menu, nativeImage, Tray } from 'electron';
import type { WatcherStatus } from '../common/notifications/notification-schema';
import type { Services } from '../core/services';

/** A 16 px accent-blue dot: the tray needs an image and the app ships no icon files yet. */
const ICON = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAYAAAAf8/9hAAAAO0lEQVR4nGNgoAWQi77xHxumSDNRhhDSjNcQYjVjNYRUzRiGjBpABQMojkaqJCRiDcGrmZAhRGkmFQAAATRo0IHm3VkAAAAASUVORK5CYII=';

export interface TrayOptions {
  services: Services;
  showWindow: () => void;
  quit: () => void;
}

/**
 * The tray icon: the count of open orders the watcher follows, and a menu to
 * open the window, pause watching and quit. It lives as long as the app, so
 * watching goes on with the window closed (when the setting says so).
 */
export function installTray({ services, showWindow, quit }: TrayOptions): () => void {
  const tray = new Tray(nativeImage.createFromDataURL(ICON));
  const watcher = services.watcher.watcher;
  const render = (status: WatcherStatus | undefined) => {
    const open = status?.openOrders ?? 0;
    const label = status?.paused ? 'Watching paused' : `${open} open ${open === 1 ? 'order' : 'orders'}`;
    tray.setToolTip(`CoW Desk: ${label}`);
    // macOS shows a title next to the icon; elsewhere the tooltip and menu carry the count.
    tray.setTitle(status?.paused ? '' : String(open));
    tray.setContextMenu(
      Menu.buildFromTemplate([
        { label, enabled: false },
        { type: 'separator' },
        { label: 'Open CoW Desk', click: showWindow },
        {
          label: 'Pause watching',
          type: 'checkbox',
          checked: status?.paused ?? false,
          enabled: watcher !== undefined,
          click: (item) => watcher?.setPaused(item.checked),
        },
        { type: 'separator' },
        { label: 'Quit CoW Desk', click: quit },
      ]),
    );
  };
  tray.on('click', showWindow);
  render(watcher?.status());
  const unsubscribe = services.events.subscribe((event, payload) => {
    if (event === 'notifications.changed') render(payload as WatcherStatus);
  });
  return () => {
    unsubscribe();
    tray.destroy();
  };
}
