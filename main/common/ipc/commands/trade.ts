import { z } from 'zod';
import { ethFlowOrderSchema } from '../../orders/ethflow';
import { addressSchema, decimalStringSchema, hexSchema, orderKindSchema, uidSchema } from '../../protocol/api/primitives';
import { MAX_CANCELLATION_BATCH } from '../../protocol/cancellations';
import { orderDraftSchema, signedOrderSchema } from './signing';

const signingSchemeSchema = z.enum(['eip712', 'ethsign', 'presign']);

/** A quote request as the composer means it; main turns it into the service's shape. */
export const tradeQuoteInputSchema = z.strictObject({
  account: addressSchema,
  chainId: z.number().int(),
  sellToken: addressSchema,
  buyToken: addressSchema,
  kind: orderKindSchema,
  /** Base units: sellAmountBeforeFee for a sell order, buyAmountAfterFee for a buy order. */
  amount: decimalStringSchema,
  receiver: addressSchema.nullish(),
  /** Seconds the order will be valid for, so the service quotes for that window. */
  validFor: z.number().int().min(60).max(365 * 24 * 3600),
  partiallyFillable: z.boolean(),
  /** The document that will be signed and uploaded, so the quote sees the same appData. */
  fullAppData: z.string(),
  signingScheme: signingSchemeSchema,
  /**
   * Selling native ETH through the EthFlow contract: sellToken is the wrapped
   * native token and the order is placed on chain, signed by the contract
   * (EIP-1271), so the service is asked for an on-chain eip1271 quote whatever signingScheme says.
   */
  ethFlow: z.boolean().optional(),
});
export type TradeQuoteInput = z.infer<typeof tradeQuoteInputSchema>;

export const tradeQuoteSchema = z.strictObject({
  quoteId: z.number().int().nullable(),
  kind: orderKindSchema,
  sellToken: addressSchema,
  buyToken: addressSchema,
  /** The service's amounts: for a sell order sellAmount is after the network cost. */
  sellAmount: decimalStringSchema,
  buyAmount: decimalStringSchema,
  /** Estimated network cost, in sell-token base units (signed orders carry fee 0; it is in the limit). */
  feeAmount: decimalStringSchema,
  /** Epoch ms from the quote's `expiration`. */
  expiresAt: z.number(),
  verified: z.boolean(),
  /** USD per whole token, null where the token service has no price. */
  usd: z.strictObject({ sell: z.number().nullable(), buy: z.number().nullable() }),
});
export type TradeQuote = z.infer<typeof tradeQuoteSchema>;

export const orderProgressSchema = z.strictObject({
  uid: uidSchema,
  chainId: z.number().int(),
  owner: addressSchema,
  kind: orderKindSchema,
  sellToken: addressSchema,
  buyToken: addressSchema,
  sellAmount: decimalStringSchema,
  buyAmount: decimalStringSchema,
  executedSellAmount: decimalStringSchema,
  executedBuyAmount: decimalStringSchema,
  partiallyFillable: z.boolean(),
  /** Placed through EthFlow: it sells the native currency (ETH, xDAI), shown by soldSymbol, though it names the wrapped token. */
  ethFlow: z.boolean(),
  validTo: z.number().int(),
  /** The service's status (open, fulfilled, expired, cancelled, presignaturePending) or "submitting". */
  status: z.string(),
  /** 0..100 of the order's own side (sell for sell orders, buy for buy orders). */
  filledPercent: z.number(),
  final: z.boolean(),
  explorerUrl: z.string(),
  /** The last time main could not read the order, else null. */
  error: z.string().nullable(),
});
export type OrderProgress = z.infer<typeof orderProgressSchema>;

export const submitResultSchema = z.strictObject({
  uid: uidSchema,
  explorerUrl: z.string(),
  /** keccak256 of the document uploaded; the same hash is in the signed struct. */
  appDataHash: hexSchema,
  order: orderProgressSchema,
  /** presign: the call the owner must send to activate the order. */
  preSignature: signedOrderSchema.shape.preSignature,
});
export type SubmitResult = z.infer<typeof submitResultSchema>;

export const onChainCancellationSchema = z.strictObject({
  uid: uidSchema,
  /** Why the API cannot cancel it. */
  reason: z.string(),
  /**
   * The transaction the owner sends instead: the settlement contract's invalidateOrder(bytes), or for an
   * EthFlow order the EthFlow contract's invalidateOrder(EthFlowOrder.Data), sent by the account that placed it.
   */
  to: addressSchema,
  data: hexSchema,
  call: z.string(),
  /**
   * When CoW Desk holds the owner's key: the account and chain to send invalidateOrder from, through
   * the wallet's signing dialog (the transaction decoded by main before it is signed, like every other).
   */
  sendFrom: z.strictObject({ account: addressSchema, chainId: z.number().int() }).optional(),
  /** An EthFlow order's data, for the wallet's ethflowRefund intent (invalidateOrder on the EthFlow contract). */
  ethFlowRefund: ethFlowOrderSchema.optional(),
});

export const cancelResultSchema = z.strictObject({
  cancelled: z.array(uidSchema),
  /** Orders with nothing to cancel (already final), with the reason. */
  skipped: z.array(z.strictObject({ uid: uidSchema, reason: z.string() })),
  onChain: z.array(onChainCancellationSchema),
});
export type CancelResult = z.infer<typeof cancelResultSchema>;

/** One open order of the account as the Open orders list shows it. */
export const openOrderSchema = z.strictObject({
  uid: uidSchema,
  chainId: z.number().int(),
  kind: orderKindSchema,
  sellToken: addressSchema,
  buyToken: addressSchema,
  sellAmount: decimalStringSchema,
  buyAmount: decimalStringSchema,
  filledPercent: z.number(),
  /** Placed through EthFlow: it sells the native currency (soldSymbol). */
  ethFlow: z.boolean(),
  /** The user's expiry (an EthFlow order's own, not the contract's). */
  validTo: z.number().int(),
  /** The limit against the market now (token service USD prices), in %; null without both prices. */
  vsMarketPercent: z.number().nullable(),
  status: z.string(),
});
export type OpenOrder = z.infer<typeof openOrderSchema>;

export const tradeCommands = {
  'trade.quote': { input: tradeQuoteInputSchema, output: tradeQuoteSchema },
  /**
   * Sends an order signed through signing.signOrder: main rebuilds it from the
   * draft, checks the signature, uploads appData, journals, posts, compares UIDs.
   */
  'trade.submit': {
    input: z.strictObject({
      draft: orderDraftSchema,
      signed: signedOrderSchema,
      quoteId: z.number().int().nullable(),
      /** The user confirmed a second order while one for the same trade is unconfirmed (UNCLEAR_ORDER_PENDING). */
      acknowledgeUnclear: z.boolean().optional(),
    }),
    output: submitResultSchema,
  },
  /** The account's open orders on the chain, from the history, with the limit against the market now. */
  'trade.openOrders': { input: z.strictObject({ account: addressSchema, chainId: z.number().int() }), output: z.array(openOrderSchema) },
  /**
   * Replace an open order in one confirmed step: the new order (signed with
   * replacedOrder in its appData) is submitted, then the old one cancelled.
   */
  'trade.replace': {
    input: z.strictObject({ replaces: uidSchema, draft: orderDraftSchema, signed: signedOrderSchema, quoteId: z.number().int().nullable() }),
    output: z.strictObject({ placed: submitResultSchema, cancelled: cancelResultSchema }),
  },
  /** "Send again": the journalled order whose answer was lost, posted again with the same signature and UID. */
  'trade.resend': { input: z.strictObject({ uid: uidSchema }), output: submitResultSchema },
  /** Orders submitted in this session and still watched (or just finished). */
  'trade.tracked': { input: z.undefined(), output: z.array(orderProgressSchema) },
  /**
   * The user is editing the order form: their quote is coming. Background work
   * on the orderbook leaves them slots free from now, so the quote is sent at
   * once even while a sync fills the service's 5 a second.
   */
  'trade.composing': { input: z.undefined(), output: z.null() },
  /** Watches an order placed outside trade.submit (an EthFlow order placed by its createOrder transaction), by its UID. */
  'trade.track': { input: z.strictObject({ chainId: z.number().int(), uid: uidSchema }), output: orderProgressSchema },
  /** Off-chain batch cancellation where possible; the on-chain call explained for the rest. */
  'trade.cancel': {
    input: z.strictObject({
      orderUids: z.array(uidSchema).min(1).max(MAX_CANCELLATION_BATCH),
      passphrase: z.string().max(1024).optional(),
    }),
    output: cancelResultSchema,
  },
} as const;

export const tradeEvents = {
  /** A watched order changed (status, fills) or was first submitted. */
  'trade.orderUpdated': orderProgressSchema,
} as const;
