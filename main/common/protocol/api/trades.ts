import { z } from 'zod';
import { addressSchema, bytes32Schema, decimalStringSchema, uidSchema } from './primitives';

/**
 * One protocol fee taken on a trade. The policy is one of surplus, volume or
 * priceImprovement; it is kept as a loose object because the client only shows it.
 */
export const executedProtocolFeeSchema = z.looseObject({
  policy: z.record(z.string(), z.unknown()).nullish(),
  amount: decimalStringSchema.nullish(),
  token: addressSchema.nullish(),
});

/** A fill from GET /api/v2/trades. txHash is null until the settlement is indexed. */
export const tradeSchema = z.looseObject({
  blockNumber: z.number().int().nonnegative(),
  logIndex: z.number().int().nonnegative(),
  orderUid: uidSchema,
  owner: addressSchema,
  sellToken: addressSchema,
  buyToken: addressSchema,
  sellAmount: decimalStringSchema,
  sellAmountBeforeFees: decimalStringSchema,
  buyAmount: decimalStringSchema,
  txHash: bytes32Schema.nullable(),
  executedProtocolFees: z.array(executedProtocolFeeSchema).nullish(),
});
export type Trade = z.infer<typeof tradeSchema>;

/** Newest first (block number, then log index, descending). */
export const tradesResponseSchema = z.array(tradeSchema);

export const MAX_TRADES_PAGE = 1000;

/** Exactly one of owner or orderUid, as the service requires. */
export const tradesQuerySchema = z
  .strictObject({
    owner: addressSchema.optional(),
    orderUid: uidSchema.optional(),
    offset: z.number().int().min(0).optional(),
    limit: z.number().int().min(1).max(MAX_TRADES_PAGE).optional(),
  })
  .refine((query) => (query.owner === undefined) !== (query.orderUid === undefined), {
    message: 'set exactly one of owner or orderUid',
  });
export type TradesQuery = z.input<typeof tradesQuerySchema>;
