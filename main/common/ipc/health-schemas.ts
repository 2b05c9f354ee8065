import { z } from 'zod';
import { environmentSchema } from '../protocol/environments';

export const chainSummarySchema = z.strictObject({
  id: z.number().int(),
  alias: z.string(),
  name: z.string(),
});

/** Whether the local SQLite store opened; the app still starts when it did not. */
export const storeStatusSchema = z.discriminatedUnion('opened', [
  z.strictObject({
    opened: z.literal(true),
    path: z.string(),
    schemaVersion: z.number().int().nonnegative(),
    journalMode: z.string(),
  }),
  z.strictObject({ opened: z.literal(false), path: z.string(), error: z.string() }),
]);

export const healthReportSchema = z.strictObject({
  appVersion: z.string(),
  environment: environmentSchema,
  chains: z.array(chainSummarySchema),
  store: storeStatusSchema,
});
export type HealthReport = z.infer<typeof healthReportSchema>;
