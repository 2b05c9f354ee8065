import { z } from 'zod';
import { competitionSchema, orderDetailSchema } from '../../history/detail-schema';
import { historyPageSchema, historyQuerySchema, lookupResultSchema, syncStatusSchema } from '../../history/history-schema';
import { ecdsaSigningSchemeSchema, hexSchema, uidSchema } from '../../protocol/api/primitives';
import { chainIdSchema } from '../../settings/settings-schema';

/** Lookup accepts any number of pasted lines; main chunks them 128 per request. */
export const MAX_LOOKUP_INPUTS = 10_000;

/** The order history: the local SQLite cache, its sync, lookups and exports. */
export const historyCommands = {
  'history.query': { input: historyQuerySchema, output: historyPageSchema },
  /** Writes the current selection (filter, search, sort; every row, not just the page) to a file. */
  'history.export': {
    input: z.strictObject({ query: historyQuerySchema, format: z.enum(['csv', 'json']) }),
    output: z.strictObject({ path: z.string(), rows: z.number().int().nonnegative() }),
  },
  'history.detail': { input: z.strictObject({ uid: uidSchema }), output: orderDetailSchema },
  /** Online only: the solver competition of the batch that settled the order's first fill. */
  'history.competition': { input: z.strictObject({ uid: uidSchema }), output: competitionSchema },
  'history.lookup': {
    input: z.strictObject({
      chainId: chainIdSchema,
      inputs: z.array(z.string().max(200)).min(1, 'Paste at least one order UID.').max(MAX_LOOKUP_INPUTS, `Look up at most ${MAX_LOOKUP_INPUTS} UIDs at once.`),
    }),
    output: z.array(lookupResultSchema),
  },
  /** Sends a cancellation signed through signing.signCancellation, then refreshes the order. */
  'history.sendCancellation': {
    input: z.strictObject({ uid: uidSchema, signature: hexSchema, signingScheme: ecdsaSigningSchemeSchema }),
    output: orderDetailSchema,
  },
  'history.status': { input: z.undefined(), output: syncStatusSchema },
  'history.syncNow': { input: z.undefined(), output: syncStatusSchema },
  'history.cancelSync': { input: z.undefined(), output: syncStatusSchema },
} as const;

export const historyEvents = {
  /** Sync state and per (account, chain) progress. */
  'history.status': syncStatusSchema,
  /** Stored orders changed: open history screens re-read. */
  'history.changed': z.strictObject({ at: z.number().int() }),
} as const;
