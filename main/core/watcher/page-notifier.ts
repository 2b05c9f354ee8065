import type { EventPayload } from '../../common/ipc/contract';
import type { DesktopNotification, Notifier } from '../../common/notifications/notifier';
import type { EventBus } from '../ipc/event-bus';

/**
 * The Notifier of the browser preview (and of the e2e tests, which drive the
 * preview): main has no OS notifier there, so each notification goes to the
 * page as a `notifications.show` event and the page shows it with the
 * browser's Notification API. The bus exists only once the services do, which
 * take the notifier as a port: it is attached after.
 */
export function createPageNotifier(): { notifier: Notifier; attach(events: EventBus): void } {
  let events: EventBus | undefined;
  return {
    notifier: {
      show(notification: DesktopNotification) {
        // The bus validates the payload against the contract (uidSchema) on emit.
        events?.emit('notifications.show', notification as EventPayload<'notifications.show'>);
      },
    },
    attach(bus) {
      events = bus;
    },
  };
}
