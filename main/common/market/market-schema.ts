import { z } from 'zod';
import { decimalStringSchema } from '../protocol/api/primitives';
import { poolPairSchema } from './pool-pair';

/** Where figures came from: the service just now, or the last local snapshot (offline). */
export const dataSourceSchema = z.enum(['live', 'snapshot']);
export type DataSource = z.infer<typeof dataSourceSchema>;

const trendPointSchema = z.strictObject({ at: z.number(), apr: z.number().nullable(), tvl: z.number().nullable() });
export type TrendPoint = z.infer<typeof trendPointSchema>;

export const marketPoolSchema = z.strictObject({
  address: z.string(),
  project: z.string(),
  apr: z.number().nullable(),
  fee: z.number().nullable(),
  tvl: z.number().nullable(),
  volume: z.number().nullable(),
  /** This pool across the user's own snapshots of the chain, oldest first. */
  trend: z.array(trendPointSchema),
  /** Its two tokens, read from the pool's contract on the chain's node. */
  pair: poolPairSchema,
});
export type MarketPool = z.infer<typeof marketPoolSchema>;

export const poolsResultSchema = z.strictObject({
  chainId: z.number().int(),
  /** `top`: the empty-array request (top pools by TVL); `addresses`: the pools asked for. */
  scope: z.enum(['top', 'addresses']),
  requested: z.number().int().nonnegative(),
  pools: z.array(marketPoolSchema),
  source: dataSourceSchema,
  /** Epoch ms the figures were fetched from the service. */
  fetchedAt: z.number(),
  /** The snapshot these rows are stored as (exports read it); null without a database. */
  snapshotId: z.number().int().nullable(),
  /** Why the figures are not live, or why they were not saved. */
  notice: z.string().nullable(),
});
export type PoolsResult = z.infer<typeof poolsResultSchema>;

export const projectAverageSchema = z.strictObject({
  project: z.string(),
  apr: z.number(),
  /** Average APR of the project across the user's snapshots, oldest first. */
  aprTrend: z.array(z.strictObject({ at: z.number(), apr: z.number() })),
  /** Total TVL of the project's pools in each snapshot of the top pools. */
  tvlTrend: z.array(z.strictObject({ at: z.number(), tvl: z.number() })),
});
export type ProjectAverage = z.infer<typeof projectAverageSchema>;

export const averageAprResultSchema = z.strictObject({
  chainId: z.number().int(),
  /** Highest average APR first. */
  projects: z.array(projectAverageSchema),
  source: dataSourceSchema,
  fetchedAt: z.number(),
  /** How long the service keeps these figures (interface.md: 6 hours). */
  maxAgeMs: z.number(),
  notice: z.string().nullable(),
});
export type AverageAprResult = z.infer<typeof averageAprResultSchema>;

/** A part of a screen that failed on its own, with the message to show in its place. */
const failureSchema = z.strictObject({ ok: z.literal(false), code: z.string(), message: z.string() });

export const tokenMetaSchema = z.strictObject({
  symbol: z.string().nullable(),
  decimals: z.number().int().nullable(),
  /** Base units, read on-chain; null without an RPC endpoint for the chain. */
  totalSupply: decimalStringSchema.nullable(),
  /** Where symbol and decimals come from: `known` the built-in list, `rpc` the user's node, `none` nowhere. */
  source: z.enum(['known', 'rpc', 'none']),
  notice: z.string().nullable(),
});
export type TokenMeta = z.infer<typeof tokenMetaSchema>;

export const priceResultSchema = z.discriminatedUnion('ok', [
  z.strictObject({ ok: z.literal(true), usd: z.number(), fetchedAt: z.number() }),
  failureSchema,
]);

export const holderRowSchema = z.strictObject({
  rank: z.number().int().positive(),
  address: z.string(),
  /** Base units, as the service sent it. */
  balance: decimalStringSchema,
  /** The balance in token units when the decimals are known. */
  amount: z.string().nullable(),
  usd: z.number().nullable(),
  /** Share (0..1) of the listed holders' total. */
  listedShare: z.number(),
  /** Share (0..1) of the total supply, when it is known. */
  supplyShare: z.number().nullable(),
});
export type HolderRow = z.infer<typeof holderRowSchema>;

export const concentrationSchema = z.strictObject({
  top: z.number().int(),
  /** How many holders that really is: the service sometimes lists only two. */
  count: z.number().int(),
  listedShare: z.number(),
  supplyShare: z.number().nullable(),
});

export const holdersPartSchema = z.discriminatedUnion('ok', [
  z.strictObject({
    ok: z.literal(true),
    rows: z.array(holderRowSchema),
    listedTotal: decimalStringSchema,
    concentration: z.array(concentrationSchema),
  }),
  failureSchema,
]);

export const holdersResultSchema = z.strictObject({
  chainId: z.number().int(),
  token: z.string(),
  meta: tokenMetaSchema,
  price: priceResultSchema,
  holders: holdersPartSchema,
  fetchedAt: z.number(),
});
export type HoldersResult = z.infer<typeof holdersResultSchema>;

export const exportResultSchema = z.strictObject({ path: z.string(), rows: z.number().int().nonnegative() });
