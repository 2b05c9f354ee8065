import { z } from 'zod';
import { NOTIFICATION_TYPES, type NotificationType } from '../protocol/api/notifications';
import { environmentSchema } from '../protocol/environments';
import type { NotificationPref } from '../settings/settings-schema';

export const notificationTypeSchema = z.enum(NOTIFICATION_TYPES);

/** The settings key that switches each type on or off. */
export const PREF_OF_TYPE: Readonly<Record<NotificationType, NotificationPref>> = {
  order_filled: 'filled',
  order_partially_filled: 'partiallyFilled',
  order_expired: 'expired',
  order_cancelled: 'cancelled',
  price_improvement: 'priceImprovement',
  insufficient_balance: 'insufficientBalance',
};

export const TYPE_LABELS: Readonly<Record<NotificationType, string>> = {
  order_filled: 'Filled',
  order_partially_filled: 'Partially filled',
  order_expired: 'Expired',
  order_cancelled: 'Cancelled',
  insufficient_balance: 'Insufficient balance',
  price_improvement: 'Price improvement',
};

/** One stored event of the notification center. */
export const notificationEventSchema = z.strictObject({
  /** Stable identity (type, order, and what makes a repeat distinct); the dedupe key. */
  id: z.string(),
  type: notificationTypeSchema,
  environment: environmentSchema,
  account: z.string(),
  chainId: z.number().int().nullable(),
  orderUid: z.string().nullable(),
  /** Where it was first seen: a change of a watched order, or the service's notification list. */
  source: z.enum(['orders', 'service']),
  occurredAt: z.number().int(),
  title: z.string(),
  body: z.string(),
  read: z.boolean(),
  /** Shown on the desktop; false when its type was off or quiet mode was on. */
  notified: z.boolean(),
});
export type NotificationEvent = z.infer<typeof notificationEventSchema>;

export const notificationsQuerySchema = z.strictObject({
  type: notificationTypeSchema.optional(),
  account: z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'expected an address: 0x followed by 40 hex digits').optional(),
  unreadOnly: z.boolean().optional(),
  limit: z.number().int().min(1).max(500).default(200),
});
export type NotificationsQuery = z.input<typeof notificationsQuerySchema>;

export const watcherStatusSchema = z.strictObject({
  paused: z.boolean(),
  /** False after the service answered 404: the integration is off in this environment. */
  serviceAvailable: z.boolean(),
  serviceMessage: z.string().nullable(),
  lastCheckedAt: z.number().int().nullable(),
  lastError: z.string().nullable(),
  /** Orders of every account and enabled chain that can still change (the tray shows it). */
  openOrders: z.number().int().nonnegative(),
  unread: z.number().int().nonnegative(),
});
export type WatcherStatus = z.infer<typeof watcherStatusSchema>;

export const notificationsPageSchema = z.strictObject({
  events: z.array(notificationEventSchema),
  total: z.number().int().nonnegative(),
  status: watcherStatusSchema,
});
export type NotificationsPage = z.infer<typeof notificationsPageSchema>;
