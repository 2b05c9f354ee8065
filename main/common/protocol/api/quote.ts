import { z } from 'zod';
import {
  addressSchema,
  buyTokenBalanceSchema,
  bytes32Schema,
  decimalStringSchema,
  orderKindSchema,
  priceQualitySchema,
  sellTokenBalanceSchema,
  signingSchemeSchema,
  uint32Schema,
} from './primitives';

/**
 * Fields shared by both sides of POST /api/v1/quote. Requests are strict
 * objects: a misspelt field (say `sellAmount` for `sellAmountBeforeFee`) is an
 * error here rather than a field the service silently ignores.
 */
const quoteCommon = {
  sellToken: addressSchema,
  buyToken: addressSchema,
  from: addressSchema,
  receiver: addressSchema.nullish(),
  validTo: uint32Schema.optional(),
  validFor: uint32Schema.optional(),
  /** The full JSON document (preferred) or, for older clients, its bytes32 hash. */
  appData: z.string().optional(),
  appDataHash: bytes32Schema.optional(),
  partiallyFillable: z.boolean().optional(),
  sellTokenBalance: sellTokenBalanceSchema.optional(),
  buyTokenBalance: buyTokenBalanceSchema.optional(),
  signingScheme: signingSchemeSchema.optional(),
  /** Left out, the live service uses `optimal`; orders should come from verified or optimal quotes. */
  priceQuality: priceQualitySchema.optional(),
  onchainOrder: z.boolean().optional(),
  /** Milliseconds the service may spend quoting; capped server-side. */
  timeout: z.number().int().positive().optional(),
};

export const quoteRequestSchema = z
  .discriminatedUnion('kind', [
    z.strictObject({ ...quoteCommon, kind: z.literal('sell'), sellAmountBeforeFee: decimalStringSchema }),
    z.strictObject({ ...quoteCommon, kind: z.literal('buy'), buyAmountAfterFee: decimalStringSchema }),
  ])
  .superRefine((request, ctx) => {
    if (request.validTo !== undefined && request.validFor !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['validFor'], message: 'set either validTo (absolute) or validFor (relative), not both' });
    }
    if (request.appDataHash !== undefined && request.appData === undefined) {
      ctx.addIssue({ code: 'custom', path: ['appData'], message: 'appDataHash needs the full appData document beside it' });
    }
  });
export type QuoteRequest = z.input<typeof quoteRequestSchema>;
export type ParsedQuoteRequest = z.output<typeof quoteRequestSchema>;

/** The quoted order, ready to sign after the client applies its slippage. */
export const quotedOrderSchema = z.looseObject({
  sellToken: addressSchema,
  buyToken: addressSchema,
  receiver: addressSchema.nullish(),
  sellAmount: decimalStringSchema,
  buyAmount: decimalStringSchema,
  validTo: uint32Schema,
  /** Echoes the request: the JSON document or the hash. */
  appData: z.string(),
  appDataHash: bytes32Schema.nullish(),
  /** The estimated network cost in sell token; already reflected in the amounts. Orders are signed with fee 0. */
  feeAmount: decimalStringSchema,
  gasAmount: z.string().nullish(),
  gasPrice: z.string().nullish(),
  sellTokenPrice: z.string().nullish(),
  kind: orderKindSchema,
  partiallyFillable: z.boolean(),
  sellTokenBalance: z.string().nullish(),
  buyTokenBalance: z.string().nullish(),
  signingScheme: z.string().nullish(),
});
export type QuotedOrder = z.infer<typeof quotedOrderSchema>;

/** The OpenAPI requires only quote, expiration and verified; `id` is what an order's quoteId links to. */
export const quoteResponseSchema = z.looseObject({
  quote: quotedOrderSchema,
  from: addressSchema.nullish(),
  expiration: z.string(),
  id: z.number().int().nullish(),
  verified: z.boolean(),
  protocolFeeBps: z.string().nullish(),
});
export type QuoteResponse = z.infer<typeof quoteResponseSchema>;
