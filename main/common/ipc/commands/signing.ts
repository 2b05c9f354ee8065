import { z } from 'zod';
import {
  addressSchema,
  bytes32Schema,
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
  /** The quote the order was built from (the market reference): shown at signing as the expected amount and network cost; never signed. */
  quote: z.strictObject({ sellAmount: decimalStringSchema, buyAmount: decimalStringSchema, feeAmount: decimalStringSchema }).nullish(),
});
export type OrderDraft = z.infer<typeof orderDraftSchema>;

const tokenAmountSchema = z.strictObject({
  token: addressSchema,
  symbol: z.string().nullable(),
  decimals: z.number().int().nullable(),
  /** Base units, as signed. */
  amount: z.string(),
  /** Human units with the symbol (exact, in the user's locale), or raw base units when the token is unknown. */
  display: z.string(),
  /** USD per whole token and the amount's USD value; null without a price from the token service. */
  usdPrice: z.number().nullable(),
  usd: z.number().nullable(),
  usdDisplay: z.string().nullable(),
});

const hookSchema = z.strictObject({
  phase: z.enum(['pre', 'post']),
  target: addressSchema,
  gasLimit: z.string(),
  callData: hexSchema,
  /** "approve(spender: 0x…, amount: 1)" where the function is known, else null. */
  decoded: z.string().nullable(),
  dappId: z.string().nullable(),
});

const partnerFeeSchema = z.strictObject({
  policy: z.enum(['volume', 'surplus', 'priceImprovement']),
  bps: z.number().int(),
  maxVolumeBps: z.number().int().nullable(),
  recipient: z.string(),
  /** The fee in words: "0.5% of the traded volume to 0x…". */
  text: z.string(),
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
  /** "1 WETH = 3,000 USDC" at the signed amounts when both tokens are known, else null; and the other way round. */
  limitPrice: z.string().nullable(),
  limitPriceInverse: z.string().nullable(),
  /** What the signed amounts and price are called: a market order's are its slippage bound ("Minimum received"), a limit order's its limit. */
  labels: z.strictObject({ bound: z.string(), price: z.string() }),
  /** The quoted amount of the side the order does not fix (what the market gives or asks), when the draft came from a quote. */
  expected: tokenAmountSchema.nullable(),
  /** The quote's network cost in sell token, and its share of the amount sold (a warning above NETWORK_COST_WARNING_PERCENT). */
  networkCost: tokenAmountSchema.nullable(),
  networkCostPercent: z.number().nullable(),
  /** The signed price against the market (the token service's USD prices): % and, far below it, a warning. */
  market: z.strictObject({
    percent: z.number().nullable(),
    display: z.string().nullable(),
    price: z.string().nullable(),
    warning: z.string().nullable(),
  }),
  receiver: addressSchema,
  receiverIsOwner: z.boolean(),
  validTo: z.number().int(),
  expiresAt: z.string(),
  /** "Nov 23, 2026, 10:05 PM" and "30 minutes" in the user's locale. */
  expiresDisplay: z.string(),
  validForDisplay: z.string(),
  partiallyFillable: z.boolean(),
  appData: z.strictObject({
    hash: hexSchema,
    bytes: z.number().int(),
    appCode: z.string().nullable(),
    orderClass: z.string().nullable(),
    slippageBips: z.string().nullable(),
    /** Everything in the document that changes what happens to the order. */
    hooks: z.array(hookSchema),
    partnerFees: z.array(partnerFeeSchema),
    referrer: z.string().nullable(),
    replacedOrder: z.string().nullable(),
    unreadable: z.array(z.string()),
  }),
  signingScheme: z.enum(['eip712', 'ethsign', 'presign']),
  verifyingContract: addressSchema,
  digest: hexSchema,
  uid: uidSchema,
  /** Things the user must read before signing (custom receiver, staging, ...). */
  warnings: z.array(z.string()),
});
export type SigningPreview = z.infer<typeof signingPreviewSchema>;

/**
 * The digest of the preview the user confirmed (signing.preview's or wallet.preview's `digest`),
 * required for every signature a user confirms: main signs only what hashes to it, and without it
 * there is nothing to hold the signature to, so the request is refused before anything is built.
 */
export const confirmedDigestSchema = z
  .string({ error: (issue) => (issue.input === undefined ? 'missing: the digest of the preview you confirmed is required; ask for the preview first, nothing is signed without it' : undefined) })
  .pipe(bytes32Schema);

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
      /** The digest of the preview the user confirmed; main refuses to sign anything else (PREVIEW_MISMATCH). */
      expectedDigest: confirmedDigestSchema,
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
