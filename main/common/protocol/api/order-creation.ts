import { z } from 'zod';
import { appDataDocumentProblem, appDataHash } from '../app-data';
import {
  addressSchema,
  buyTokenBalanceSchema,
  bytes32Schema,
  decimalStringSchema,
  hexSchema,
  orderKindSchema,
  sellTokenBalanceSchema,
  signingSchemeSchema,
  uidSchema,
  uint32Schema,
} from './primitives';

const BYTES32 = /^0x[0-9a-fA-F]{64}$/;

/**
 * POST /api/v1/orders body. `appData` is either the full JSON document string
 * (what the live service prefers) or its bytes32 hash (legacy); the signed
 * struct always carries the hash. The checks below catch, before the request,
 * what the service would otherwise answer with InvalidSignature or
 * AppDataHashMismatch after a signature was already made.
 *
 * feeAmount is not forced to "0" here: the live service rejects anything else
 * (NonZeroFee) but interface.md describes fees, so the submit path decides.
 */
export const orderCreationSchema = z
  .strictObject({
    sellToken: addressSchema,
    buyToken: addressSchema,
    receiver: addressSchema.nullish(),
    sellAmount: decimalStringSchema,
    buyAmount: decimalStringSchema,
    validTo: uint32Schema,
    feeAmount: decimalStringSchema,
    kind: orderKindSchema,
    partiallyFillable: z.boolean(),
    sellTokenBalance: sellTokenBalanceSchema.optional(),
    buyTokenBalance: buyTokenBalanceSchema.optional(),
    signingScheme: signingSchemeSchema,
    signature: hexSchema,
    from: addressSchema.nullish(),
    quoteId: z.number().int().nullish(),
    appData: z.string(),
    appDataHash: bytes32Schema.nullish(),
    fullBalanceCheck: z.boolean().optional(),
  })
  .superRefine((order, ctx) => {
    const ecdsa = order.signingScheme === 'eip712' || order.signingScheme === 'ethsign';
    if (ecdsa && !/^0x[0-9a-fA-F]{130}$/.test(order.signature)) {
      ctx.addIssue({ code: 'custom', path: ['signature'], message: `a ${order.signingScheme} signature is 65 bytes (0x + 130 hex digits)` });
    }
    if (BYTES32.test(order.appData)) {
      if (order.appDataHash != null) {
        ctx.addIssue({ code: 'custom', path: ['appDataHash'], message: 'appDataHash may only accompany a full appData document, not a hash' });
      }
      return;
    }
    const problem = appDataDocumentProblem(order.appData);
    if (problem !== null) {
      ctx.addIssue({ code: 'custom', path: ['appData'], message: problem });
    } else if (order.appDataHash != null && appDataHash(order.appData) !== order.appDataHash) {
      ctx.addIssue({ code: 'custom', path: ['appDataHash'], message: 'appDataHash is not the keccak256 of appData; sign and send the same document string' });
    }
  });
export type OrderCreation = z.input<typeof orderCreationSchema>;
export type ParsedOrderCreation = z.output<typeof orderCreationSchema>;

/** The 201 body: the new order's UID as a JSON string. */
export const orderCreatedSchema = uidSchema;
