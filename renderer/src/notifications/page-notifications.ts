import type { EventPayload } from '../../../main/common/ipc/contract';
import { api } from '../lib/api';
import { openOrder } from './notifications-state.svelte';
import { navigate } from '../shell/app-state.svelte';

/**
 * In the browser preview main has no OS notifier: it sends each desktop
 * notification to the page, which shows it with the browser's Notification
 * API; a click does what a click on Electron's does (mark it read, open the
 * order or the center). Electron never sends the event, so in the app this
 * listens to nothing.
 */
export function connectPageNotifications(): () => void {
  if (typeof Notification === 'undefined') return () => undefined;
  if (Notification.permission === 'default') void Notification.requestPermission();
  return api.on('notifications.show', (shown: EventPayload<'notifications.show'>) => {
    if (Notification.permission !== 'granted') return;
    // The tag is the event's id: the browser replaces rather than stacks a repeat.
    const notification = new Notification(shown.title, { body: shown.body, tag: shown.id });
    notification.onclick = () => {
      window.focus();
      void api.invoke('notifications.markRead', { ids: [shown.id] });
      if (shown.target.view === 'history') openOrder(shown.target.orderUid);
      else navigate('notifications');
    };
  });
}
