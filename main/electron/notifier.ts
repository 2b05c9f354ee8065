import { Notification } from 'electron';
import type { DesktopNotification, Notifier } from '../common/notifications/notifier';
import type { Logger } from '../core/log';

/**
 * The Notifier port on Electron's Notification. Title, body and click target
 * come ready from main/common/notifications/format.ts (tested under Node);
 * this adapter only shows them and hands clicks back. Shown notifications are
 * held until clicked or closed: a garbage-collected Notification loses its
 * click handler on some platforms.
 */
export function createElectronNotifier(onClick: (notification: DesktopNotification) => void, log: Logger): Notifier {
  const alive = new Set<Notification>();
  return {
    show(notification) {
      if (!Notification.isSupported()) {
        log.warn('desktop notifications are not supported here; the event is in the notification center');
        return;
      }
      const native = new Notification({ title: notification.title, body: notification.body });
      alive.add(native);
      native.on('click', () => {
        alive.delete(native);
        onClick(notification);
      });
      native.on('close', () => alive.delete(native));
      native.show();
    },
  };
}
