/** Where a click on a desktop notification takes the user. */
export type NotificationTarget = { view: 'history'; orderUid: string } | { view: 'notifications' };

export interface DesktopNotification {
  /** The stored event's id, so a click can mark it read. */
  id: string;
  title: string;
  body: string;
  target: NotificationTarget;
}

/**
 * The port the watcher shows notifications through: Electron's Notification in
 * the app, a recording list in tests. Showing must not throw back into the
 * watcher; an adapter that cannot show logs and returns.
 */
export interface Notifier {
  show(notification: DesktopNotification): void;
}
