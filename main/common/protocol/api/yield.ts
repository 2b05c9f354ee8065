import { z } from 'zod';
import { addressSchema } from './primitives';

/**
 * interface.md allows 1000 addresses per POST yield/pools; the live service
 * only 500. Staying under the smaller limit works with both.
 */
export const MAX_POOLS_PER_REQUEST = 500;

/** An empty array asks for the top pools by TVL. */
export const poolsRequestSchema = z.array(addressSchema).max(MAX_POOLS_PER_REQUEST);

/**
 * The service's field names (snake_case) are kept as sent. The figures are
 * nullish because "some pools may have incomplete data" (interface.md).
 */
export const poolSchema = z.looseObject({
  contract_address: addressSchema,
  chain_id: z.number().int(),
  project: z.string(),
  /** Percent, six decimal places. */
  apr: z.number().nullish(),
  /** Fee tier in percent (0.3 = 0.3%). */
  fee: z.number().nullish(),
  tvl: z.number().nullish(),
  volume: z.number().nullish(),
});
export type Pool = z.infer<typeof poolSchema>;

export const poolsResponseSchema = z.array(poolSchema);

/** GET /{chainId}/yield/pools-average-apr: project name -> average APR; `{}` when there is no data. */
export const averageAprSchema = z.record(z.string(), z.number());
export type AverageApr = z.infer<typeof averageAprSchema>;
