import { getAddress, isAddress } from 'viem';
import { z } from 'zod';
import { isDecimalString } from '../amounts';
import { isOrderUid } from '../order-uid';

/** The six types of interface.md's Events table. */
export const NOTIFICATION_TYPES = [
  'order_filled',
  'order_expired',
  'order_cancelled',
  'order_partially_filled',
  'insufficient_balance',
  'price_improvement',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];
/** The types and the service's broadcasts; a list of its own, so the schema below is built without a spread and a screen that never reads it loads no zod. */
const NOTIFICATION_KINDS = [...NOTIFICATION_TYPES, 'announcement'] as const;

/**
 * Titles for interface.md items, which carry a type and a message but no title.
 * Live items carry their own title.
 */
const TYPE_TITLES: Record<NotificationType | 'announcement', string> = {
  order_filled: 'Order filled',
  order_expired: 'Order expired',
  order_cancelled: 'Order cancelled',
  order_partially_filled: 'Order partially filled',
  insufficient_balance: 'Insufficient balance',
  price_improvement: 'Price improvement',
  announcement: 'Announcement',
};

const timestampSchema = z.string().refine((text) => !Number.isNaN(Date.parse(text)), 'expected an ISO 8601 timestamp');

/**
 * One item as either service shape sends it. interface.md:
 * `{id, account, type, message, timestamp, metadata}`; live:
 * `{id (number), account (null = broadcast), title, description, url, createdAt,
 * dueDate, thumbnail?, location}`. Neither says which fields are always present,
 * so everything but the id is optional here and normalisation fills the gaps;
 * an item needs only an id, a time and some text.
 */
export const rawNotificationSchema = z
  .looseObject({
    id: z.union([z.string(), z.number()]),
    account: z.string().nullish(),
    type: z.string().nullish(),
    message: z.string().nullish(),
    timestamp: timestampSchema.nullish(),
    metadata: z.record(z.string(), z.unknown()).nullish(),
    title: z.string().nullish(),
    description: z.string().nullish(),
    url: z.string().nullish(),
    createdAt: timestampSchema.nullish(),
    dueDate: z.string().nullish(),
  })
  .refine((item) => item.timestamp != null || item.createdAt != null, 'expected a timestamp or createdAt')
  .refine((item) => [item.message, item.description, item.title].some((text) => text != null), 'expected a message, description or title');
export type RawNotification = z.infer<typeof rawNotificationSchema>;

/** The one model the rest of the app sees, whichever shape the service sent. */
export const notificationSchema = z.strictObject({
  id: z.string(),
  /** null: a broadcast to every account. */
  account: z.string().nullable(),
  type: z.enum(NOTIFICATION_KINDS),
  title: z.string(),
  message: z.string(),
  url: z.string().nullable(),
  /** ISO 8601 in UTC. */
  createdAt: z.string(),
  orderUid: z.string().nullable(),
  /** Base units, decimal string. */
  executedAmount: z.string().nullable(),
  /** The item as received, for storage and for fields this model does not name. */
  raw: z.unknown(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** Parses one item of either shape; throws a ZodError when it is neither. */
export function normalizeNotification(raw: unknown): Notification {
  return toNotification(rawNotificationSchema.parse(raw));
}

/** GET /accounts/{account}/notifications, normalised. `[]` is a normal answer. */
export const notificationsResponseSchema = z.array(rawNotificationSchema).transform((items) => items.map(toNotification));

function toNotification(item: RawNotification): Notification {
  const type = isNotificationType(item.type) ? item.type : 'announcement';
  const title = item.title ?? TYPE_TITLES[type];
  const metadata = item.metadata ?? {};
  const orderUid = firstString(metadata.orderId, metadata.orderUid);
  const executedAmount = firstString(metadata.executedAmount);
  return {
    id: String(item.id),
    account: normalizeAccount(item.account),
    type,
    title,
    message: item.message ?? item.description ?? title,
    url: item.url ?? null,
    // Both fields were checked to parse as dates by the schema.
    createdAt: new Date(Date.parse((item.timestamp ?? item.createdAt) as string)).toISOString(),
    orderUid: orderUid !== null && isOrderUid(orderUid) ? orderUid.toLowerCase() : null,
    executedAmount: executedAmount !== null && isDecimalString(executedAmount) ? executedAmount : null,
    raw: item,
  };
}

function isNotificationType(type: string | null | undefined): type is NotificationType {
  return (NOTIFICATION_TYPES as readonly (string | null | undefined)[]).includes(type);
}

/** Checksummed when it is an address, so it compares equal to the app's own account keys. */
function normalizeAccount(account: string | null | undefined): string | null {
  if (account == null || account === '') return null;
  return isAddress(account, { strict: false }) ? getAddress(account) : account;
}

function firstString(...values: unknown[]): string | null {
  for (const value of values) if (typeof value === 'string' && value !== '') return value;
  return null;
}
