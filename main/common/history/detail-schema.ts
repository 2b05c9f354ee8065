import { z } from 'zod';
import { ethFlowOrderSchema } from '../orders/ethflow';
import { historyRowSchema } from './history-schema';

/**
 * An amount of a token in base units (signed: a surplus can be negative), with
 * what the screen needs to show it in the user's locale; decimals and symbol
 * are null for a token CoW Desk does not know.
 */
export const tokenAmountSchema = z.strictObject({
  token: z.string(),
  amount: z.string().regex(/^-?\d+$/),
  decimals: z.number().int().nullable(),
  symbol: z.string().nullable(),
});
export type TokenAmount = z.infer<typeof tokenAmountSchema>;

/**
 * One labelled value of the order: text, or an amount or a moment (epoch ms)
 * that the screen formats in the user's locale.
 */
export const detailFieldSchema = z.strictObject({
  key: z.string(),
  label: z.string(),
  value: z.string().nullable(),
  amount: tokenAmountSchema.optional(),
  at: z.number().optional(),
});
export type DetailField = z.infer<typeof detailFieldSchema>;

export const fillSchema = z.strictObject({
  blockNumber: z.number().int(),
  logIndex: z.number().int(),
  txHash: z.string().nullable(),
  txUrl: z.string().nullable(),
  sold: tokenAmountSchema,
  bought: tokenAmountSchema,
  /** When the block was mined (epoch ms), read from the chain's node; null without one (`fillTimesNote` says why). */
  at: z.number().nullable(),
});

/** Surplus against a reference price: the amount (in the token it is counted in) and its share in whole basis points. */
export const surplusItemSchema = z.strictObject({
  key: z.enum(['limit', 'quote']),
  label: z.string(),
  amount: tokenAmountSchema,
  bps: z.number().int(),
});

export const orderDetailSchema = z.strictObject({
  row: historyRowSchema,
  fields: z.array(detailFieldSchema),
  uidParts: z.strictObject({ digest: z.string(), owner: z.string(), validTo: z.number().int() }),
  /** EthFlow orders: the user who placed the order with the native token, and until when it can fill for them (the UID's owner and validTo are the EthFlow contract's). */
  ethFlow: z
    .strictObject({
      user: z.string(),
      validTo: z.number().int(),
      /** What invalidateOrder needs to refund the unfilled ETH; null when the listing lacks a field. */
      refundOrder: ethFlowOrderSchema.nullable(),
      /** The invalidation or refund transaction, once there is one. */
      refundTxHash: z.string().nullable(),
      refundTxUrl: z.string().nullable(),
    })
    .nullable(),
  fills: z.array(fillSchema),
  /** Why some fills have no time (no node for the chain, or it did not answer); null when every fill has one. */
  fillTimesNote: z.string().nullable(),
  /** Bought beyond what the limit (and the quote) asked for, in the buy token; sold below for buy orders. */
  surplus: z.array(surplusItemSchema),
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
