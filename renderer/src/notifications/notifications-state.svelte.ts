import type { NotificationsQuery, NotificationEvent, WatcherStatus } from '../../../main/common/notifications/notification-schema';
import { select } from '../history/history-state.svelte';
import { api } from '../lib/api';
import { humanError, navigate } from '../shell/app-state.svelte';

/**
 * The notification center's state. Main stores the events; the list is read
 * again whenever main says something changed (new events, read marks, the
 * watcher's state), with the filters the user chose.
 */
export const center = $state({
  filter: {} as Omit<NotificationsQuery, 'limit'>,
  events: [] as NotificationEvent[],
  total: 0,
  status: null as WatcherStatus | null,
  error: null as string | null,
});

let generation = 0;

export async function load(): Promise<void> {
  const mine = ++generation;
  try {
    const page = await api.invoke('notifications.list', center.filter);
    if (mine !== generation) return; // an older answer must not replace a newer one
    center.events = page.events;
    center.total = page.total;
    center.status = page.status;
    center.error = null;
  } catch (error) {
    if (mine === generation) center.error = humanError(error);
  }
}

export function connectCenter(): () => void {
  void load();
  return api.on('notifications.changed', () => void load());
}

export function setFilter(patch: Partial<Omit<NotificationsQuery, 'limit'>>): void {
  const next: Record<string, unknown> = { ...center.filter, ...patch };
  for (const key of Object.keys(next)) if (next[key] === undefined || next[key] === '' || next[key] === false) delete next[key];
  center.filter = next;
  void load();
}

export async function markRead(ids: string[] | 'all'): Promise<void> {
  try {
    center.status = await api.invoke('notifications.markRead', { ids });
    await load();
  } catch (error) {
    center.error = humanError(error);
  }
}

export async function setPaused(paused: boolean): Promise<void> {
  try {
    center.status = await api.invoke('notifications.setPaused', { paused });
  } catch (error) {
    center.error = humanError(error);
  }
}

/** The order's detail in History: from an event in the list, or from a click on a desktop notification. */
export function openOrder(uid: string): void {
  select(uid);
  navigate('history');
}

/** Desktop-notification clicks arrive from main as an event, whatever view is showing. */
export function connectOrderClicks(): () => void {
  return api.on('notifications.openOrder', ({ uid }) => openOrder(uid));
}
