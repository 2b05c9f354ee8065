import { z } from 'zod';
import {
  addressSchema,
  bytes32Schema,
  decimalStringSchema,
  hexSchema,
  orderKindSchema,
  signingSchemeSchema,
  uidSchema,
  uint32Schema,
} from './primitives';

/** interface.md's states; `status` stays an open string so a new state never breaks a page of orders. */
export const ORDER_STATUSES = ['presignaturePending', 'open', 'fulfilled', 'expired', 'cancelled'] as const;
export type KnownOrderStatus = (typeof ORDER_STATUSES)[number];

export function isKnownOrderStatus(status: string): status is KnownOrderStatus {
  return (ORDER_STATUSES as readonly string[]).includes(status);
}

const interactionSchema = z.looseObject({
  target: addressSchema,
  value: decimalStringSchema,
  callData: hexSchema,
});

/**
 * The quote stored with an order. sellTokenPrice is a ratio ("0.0004"), not an
 * amount, so it is a plain string; gas figures likewise.
 */
export const storedOrderQuoteSchema = z.looseObject({
  gasAmount: z.string().nullish(),
  gasPrice: z.string().nullish(),
  sellTokenPrice: z.string().nullish(),
  sellAmount: decimalStringSchema.nullish(),
  buyAmount: decimalStringSchema.nullish(),
  feeAmount: decimalStringSchema.nullish(),
  solver: addressSchema.nullish(),
  verified: z.boolean().nullish(),
  metadata: z.record(z.string(), z.unknown()).nullish(),
});

/**
 * An order as GET /orders/{uid}, by_uids and account/{owner}/orders return it:
 * every field of interface.md's Order table. interface.md does not say which
 * fields are required, so only the identity, amount and state fields are;
 * the rest are `nullish` because the live service writes null for some unset
 * options (receiver, fullAppData, quote, availableBalance, ...).
 */
export const apiOrderSchema = z.looseObject({
  uid: uidSchema,
  owner: addressSchema,
  sellToken: addressSchema,
  buyToken: addressSchema,
  sellAmount: decimalStringSchema,
  buyAmount: decimalStringSchema,
  validTo: uint32Schema,
  kind: orderKindSchema,
  status: z.string(),
  creationDate: z.string(),

  receiver: addressSchema.nullish(),
  feeAmount: decimalStringSchema.nullish(),
  partiallyFillable: z.boolean().nullish(),
  signingScheme: signingSchemeSchema.nullish(),
  signature: hexSchema.nullish(),
  /** The JSON document in returned orders, the bytes32 hash in older ones. */
  appData: z.string().nullish(),
  appDataHash: bytes32Schema.nullish(),
  fullAppData: z.string().nullish(),
  class: z.string().nullish(),
  sellTokenBalance: z.string().nullish(),
  buyTokenBalance: z.string().nullish(),
  from: addressSchema.nullish(),
  quoteId: z.number().int().nullish(),
  fullBalanceCheck: z.boolean().nullish(),
  availableBalance: decimalStringSchema.nullish(),

  executedSellAmount: decimalStringSchema.nullish(),
  executedSellAmountBeforeFees: decimalStringSchema.nullish(),
  executedBuyAmount: decimalStringSchema.nullish(),
  executedFeeAmount: decimalStringSchema.nullish(),
  executedFee: decimalStringSchema.nullish(),
  executedFeeToken: addressSchema.nullish(),
  invalidated: z.boolean().nullish(),
  isLiquidityOrder: z.boolean().nullish(),
  settlementContract: addressSchema.nullish(),
  onchainUser: addressSchema.nullish(),
  validFrom: z.number().int().nullish(),
  ethflowData: z
    .looseObject({
      refundTxHash: bytes32Schema.nullish(),
      userValidTo: z.number().int().nullish(),
    })
    .nullish(),
  onchainOrderData: z
    .looseObject({
      sender: addressSchema.nullish(),
      /** Open: interface.md shows QuoteNotFound, the OpenAPI two more. */
      placementError: z.string().nullish(),
    })
    .nullish(),
  quote: storedOrderQuoteSchema.nullish(),
  interactions: z
    .looseObject({
      pre: z.array(interactionSchema).nullish(),
      post: z.array(interactionSchema).nullish(),
    })
    .nullish(),
});
export type ApiOrder = z.infer<typeof apiOrderSchema>;

/** GET /api/v1/account/{owner}/orders: newest first. */
export const accountOrdersSchema = z.array(apiOrderSchema);
export type AccountOrders = z.infer<typeof accountOrdersSchema>;

/** The live service caps a page at 1000 orders (default 10). */
export const MAX_ACCOUNT_ORDERS_PAGE = 1000;

export const accountOrdersQuerySchema = z.strictObject({
  offset: z.number().int().min(0).optional(),
  limit: z.number().int().min(1).max(MAX_ACCOUNT_ORDERS_PAGE).optional(),
});
export type AccountOrdersQuery = z.infer<typeof accountOrdersQuerySchema>;

/** The execution states of GET /api/v1/orders/{uid}/status, in lifecycle order. */
export const ORDER_EXECUTION_STATES = ['open', 'scheduled', 'active', 'solved', 'executing', 'traded', 'cancelled'] as const;
export type KnownOrderExecutionState = (typeof ORDER_EXECUTION_STATES)[number];

/**
 * GET /api/v1/orders/{uid}/status. `value` lists the solvers of the latest
 * competition (winner last); executedAmounts is present only for solvers that
 * solved this order. `solver` is the solver's name on the live service, so it
 * is not checked as an address.
 */
export const orderStatusSchema = z.looseObject({
  type: z.string(),
  value: z
    .array(
      z.looseObject({
        solver: z.string(),
        executedAmounts: z.looseObject({ sell: decimalStringSchema, buy: decimalStringSchema }).nullish(),
      }),
    )
    .nullish(),
});
export type OrderStatus = z.infer<typeof orderStatusSchema>;
