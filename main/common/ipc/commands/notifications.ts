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
} as const;
