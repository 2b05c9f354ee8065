import { z } from 'zod';
import {
  addressSchema,
  decimalStringSchema,
  ecdsaSigningSchemeSchema,
  hexSchema,
  orderKindSchema,
  uidSchema,
} from '../../protocol/api/primitives';
import { MAX_CANCELLATION_BATCH } from '../../protocol/cancellations';
import { environmentSchema } from '../../protocol/environments';
import { accountKindSchema } from './accounts';

/**
 * What the renderer asks main to sign: an intent in the service's own units,
 * never a digest. Main rebuilds the struct from it, checks it, and decides the
 * domain (chain + the environment's settlement contract) itself.
 */
export const orderDraftSchema = z.strictObject({
  account: addressSchema,
  chainId: z.number().int(),
  sellToken: addressSchema,
  buyToken: addressSchema,
  /** Null or absent: the owner receives. */
  receiver: addressSchema.nullish(),
  sellAmount: decimalStringSchema,
  buyAmount: decimalStringSchema,
  validTo: z.number().int(),
  kind: orderKindSchema,
  partiallyFillable: z.boolean(),
  /** The exact appData document string that is uploaded; its keccak256 goes into the struct. */
  fullAppData: z.string(),
  signingScheme: z.enum(['eip712', 'ethsign', 'presign']),
});
export type OrderDraft = z.infer<typeof orderDraftSchema>;

const tokenAmountSchema = z.strictObject({
  token: addressSchema,
  symbol: z.string().nullable(),
  decimals: z.number().int().nullable(),
  /** Base units, as signed. */
  amount: z.string(),
  /** Human units with the symbol, or raw base units when the token is unknown. */
  display: z.string(),
});

export const signingPreviewSchema = z.strictObject({
  environment: environmentSchema,
  chainId: z.number().int(),
  chainName: z.string(),
  owner: addressSchema,
  /** The signing account as the user named it, and where its key is (passphrase vaults ask at signing). */
  accountLabel: z.string(),
  accountKind: accountKindSchema,
  kind: orderKindSchema,
  sell: tokenAmountSchema,
  buy: tokenAmountSchema,
  /** "1 WETH = 3000 USDC" when both tokens are known, else null. */
  limitPrice: z.string().nullable(),
  receiver: addressSchema,
  receiverIsOwner: z.boolean(),
  validTo: z.number().int(),
  expiresAt: z.string(),
  partiallyFillable: z.boolean(),
  appData: z.strictObject({
    hash: hexSchema,
    bytes: z.number().int(),
    appCode: z.string().nullable(),
    orderClass: z.string().nullable(),
    slippageBips: z.string().nullable(),
  }),
  signingScheme: z.enum(['eip712', 'ethsign', 'presign']),
  verifyingContract: addressSchema,
  digest: hexSchema,
  uid: uidSchema,
  /** Things the user must read before signing (custom receiver, staging, ...). */
  warnings: z.array(z.string()),
});
export type SigningPreview = z.infer<typeof signingPreviewSchema>;

/** Asked for at signing time only for passphrase-vault accounts; never stored, logged or returned. */
const passphraseSchema = z.string().max(1024).optional();

export const signedOrderSchema = z.strictObject({
  uid: uidSchema,
  digest: hexSchema,
  owner: addressSchema,
  signingScheme: z.enum(['eip712', 'ethsign', 'presign']),
  /** "0x" for presign. */
  signature: hexSchema,
  /** For presign: the on-chain call that completes the order. */
  preSignature: z
    .strictObject({ to: addressSchema, data: hexSchema, call: z.string() })
    .nullable(),
});
export type SignedOrder = z.infer<typeof signedOrderSchema>;

export const signingCommands = {
  'signing.preview': { input: orderDraftSchema, output: signingPreviewSchema },
  'signing.signOrder': {
    input: z.strictObject({
      draft: orderDraftSchema,
      passphrase: passphraseSchema,
      /** The digest of the preview the user confirmed; main refuses to sign anything else. */
      expectedDigest: hexSchema.optional(),
    }),
    output: signedOrderSchema,
  },
  'signing.signCancellation': {
    input: z.strictObject({
      account: addressSchema,
      chainId: z.number().int(),
      orderUids: z.array(uidSchema).min(1).max(MAX_CANCELLATION_BATCH),
      signingScheme: ecdsaSigningSchemeSchema,
      passphrase: passphraseSchema,
    }),
    output: z.strictObject({ orderUids: z.array(uidSchema), signature: hexSchema, signingScheme: ecdsaSigningSchemeSchema }),
  },
} as const;
