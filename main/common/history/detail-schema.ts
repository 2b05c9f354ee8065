import { z } from 'zod';
import { ethFlowOrderSchema } from '../orders/ethflow';
import { historyRowSchema } from './history-schema';

/** One labelled value of the order, already in human units where the token is known. */
export const detailFieldSchema = z.strictObject({
  key: z.string(),
  label: z.string(),
  value: z.string().nullable(),
});

export const fillSchema = z.strictObject({
  blockNumber: z.number().int(),
  logIndex: z.number().int(),
  txHash: z.string().nullable(),
  txUrl: z.string().nullable(),
  sold: z.string(),
  bought: z.string(),
});

export const orderDetailSchema = z.strictObject({
  row: historyRowSchema,
  fields: z.array(detailFieldSchema),
  uidParts: z.strictObject({ digest: z.string(), owner: z.string(), validTo: z.number().int(), validToIso: z.string() }),
  /** EthFlow orders: the user who placed the order with the native token, and until when it can fill for them (the UID's owner and validTo are the EthFlow contract's). */
  ethFlow: z
    .strictObject({
      user: z.string(),
      validTo: z.number().int(),
      validToIso: z.string(),
      /** What invalidateOrder needs to refund the unfilled ETH; null when the listing lacks a field. */
      refundOrder: ethFlowOrderSchema.nullable(),
      /** The invalidation or refund transaction, once there is one. */
      refundTxHash: z.string().nullable(),
      refundTxUrl: z.string().nullable(),
    })
    .nullable(),
  fills: z.array(fillSchema),
  /** Bought beyond what the limit (and the quote) asked for, in the buy token; sold below for buy orders. */
  surplus: z.array(detailFieldSchema),
  /** Who cancelled it, when it was cancelled. */
  cancellation: z.string().nullable(),
  explorerUrl: z.string(),
  /** Whether this app can cancel it, and if not, why. */
  cancel: z.strictObject({ possible: z.boolean(), reason: z.string().nullable() }),
  /** The journal's note for orders submitted from this app and not confirmed. */
  submissionNote: z.string().nullable(),
});
export type OrderDetail = z.infer<typeof orderDetailSchema>;

export const competitionSchema = z.strictObject({
  available: z.boolean(),
  /** Why not, when not. */
  message: z.string().nullable(),
  auctionId: z.number().int().nullable(),
  solutions: z.array(
    z.strictObject({
      ranking: z.number().nullable(),
      solver: z.string().nullable(),
      score: z.string().nullable(),
      isWinner: z.boolean(),
    }),
  ),
});
export type Competition = z.infer<typeof competitionSchema>;
