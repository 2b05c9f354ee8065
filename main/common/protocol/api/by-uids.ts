import { z } from 'zod';
import { apiOrderSchema } from './order';
import { uidSchema } from './primitives';

/** The orderbook answers 400 (as plain text) above this many UIDs. */
export const MAX_UIDS_PER_REQUEST = 128;

/**
 * One element of POST /api/v1/orders/by_uids. The result order is not the
 * request order and UIDs that do not exist are simply missing, so callers
 * match results by uid, never by position.
 *
 * The one-key wrappers are plain objects, not loose ones, so that
 * `'order' in element` narrows the type; the order and error inside keep
 * every field.
 */
export const byUidsElementSchema = z.union([
  z.object({ order: apiOrderSchema }),
  z.object({ error: z.looseObject({ uid: uidSchema, description: z.string() }) }),
]);
export type ByUidsElement = z.infer<typeof byUidsElementSchema>;

export const byUidsResponseSchema = z.array(byUidsElementSchema);
export type ByUidsResponse = z.infer<typeof byUidsResponseSchema>;
