import { z } from 'zod';
import { environmentSchema } from '../protocol/environments';

export const chainSummarySchema = z.strictObject({
  id: z.number().int(),
  alias: z.string(),
  name: z.string(),
});

/**
 * Why the store is not usable, which says the way out: a damaged file is rebuilt
 * (orders come back from the service), an unwritable folder is swapped for another.
 */
export const storeProblemSchema = z.enum(['damaged', 'unwritable', 'unreadable']);
export type StoreProblem = z.infer<typeof storeProblemSchema>;

/** Whether the local SQLite store opened; the app still starts when it did not. */
export const storeStatusSchema = z.discriminatedUnion('opened', [
  z.strictObject({
    opened: z.literal(true),
    path: z.string(),
    schemaVersion: z.number().int().nonnegative(),
    journalMode: z.string(),
  }),
  z.strictObject({ opened: z.literal(false), path: z.string(), error: z.string(), problem: storeProblemSchema }),
]);

export const healthReportSchema = z.strictObject({
  appVersion: z.string(),
  environment: environmentSchema,
  chains: z.array(chainSummarySchema),
  store: storeStatusSchema,
});
export type HealthReport = z.infer<typeof healthReportSchema>;
