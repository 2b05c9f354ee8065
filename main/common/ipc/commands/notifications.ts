import { z } from 'zod';
import { notificationsPageSchema, notificationsQuerySchema, watcherStatusSchema } from '../../notifications/notification-schema';
import { uidSchema } from '../../protocol/api/primitives';

/** The notification center and the background order watcher. */
export const notificationCommands = {
  'notifications.list': { input: notificationsQuerySchema, output: notificationsPageSchema },
  /** `all` marks every stored event read (the center's "Mark all read"). */
  'notifications.markRead': {
    input: z.strictObject({ ids: z.union([z.array(z.string().max(300)).max(500), z.literal('all')]) }),
    output: watcherStatusSchema,
  },
  'notifications.status': { input: z.undefined(), output: watcherStatusSchema },
  /** Pause or resume the watcher (the tray's "Pause watching" does the same). */
  'notifications.setPaused': { input: z.strictObject({ paused: z.boolean() }), output: watcherStatusSchema },
} as const;

export const notificationEvents = {
  /** New events were stored, some were read, or the watcher's state changed. */
  'notifications.changed': watcherStatusSchema,
  /** A desktop notification was clicked: the shell shows that order's detail. */
  'notifications.openOrder': z.strictObject({ uid: uidSchema }),
  /**
   * Show this desktop notification. Electron shows it natively and never sends
   * this; the browser preview has no OS notifier in main, so its page shows it
   * with the browser's Notification API.
   */
  'notifications.show': z.strictObject({
    id: z.string().max(300),
    title: z.string().max(500),
    body: z.string().max(2000),
    target: z.discriminatedUnion('view', [
      z.strictObject({ view: z.literal('history'), orderUid: uidSchema }),
      z.strictObject({ view: z.literal('notifications') }),
    ]),
  }),
} as const;
