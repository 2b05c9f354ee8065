import { z } from 'zod';
import { chainRefSchema, MAX_POOL_LOOKUP, tokenRefSchema, userAddressSchema } from '../../market/inputs';
import {
  averageAprResultSchema,
  exportResultSchema,
  holdersResultSchema,
  poolsResultSchema,
} from '../../market/market-schema';
import { poolQuerySchema } from '../../market/pool-query';

/** Pool explorer, average APR by project and token holders, from the token/yield service. */
export const marketCommands = {
  /** No addresses: the top pools by TVL. Offline, the last snapshot answers instead. */
  'market.pools': {
    input: z.strictObject({
      chain: chainRefSchema,
      addresses: z.array(userAddressSchema).max(MAX_POOL_LOOKUP, `Look up at most ${MAX_POOL_LOOKUP} pools at a time.`),
    }),
    output: poolsResultSchema,
  },
  'market.averageApr': { input: z.strictObject({ chain: chainRefSchema }), output: averageAprResultSchema },
  /** The rows of a stored snapshot, filtered and sorted as on screen, as CSV under userData/exports. */
  'market.exportPools': {
    input: z.strictObject({ snapshotId: z.number().int().positive(), query: poolQuerySchema }),
    output: exportResultSchema,
  },
  'market.holders': { input: z.strictObject({ chain: chainRefSchema, token: tokenRefSchema }), output: holdersResultSchema },
  'market.exportHolders': { input: z.strictObject({ chain: chainRefSchema, token: userAddressSchema }), output: exportResultSchema },
} as const;
