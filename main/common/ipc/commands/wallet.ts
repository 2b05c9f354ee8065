import { z } from 'zod';
import { TX_STATUSES, type TxStatus } from '../../wallet/tx-status';
import { ethFlowOrderSchema } from '../../orders/ethflow';
import { addressSchema, bytes32Schema, decimalStringSchema, uidSchema } from '../../protocol/api/primitives';
import { confirmedDigestSchema } from './signing';
import { accountKindSchema } from './accounts';

/**
 * What the user asked for on chain, never calldata: main builds the exact
 * transaction from it (target, function, arguments) and decodes it again for
 * the preview. `intentId` is minted once per click by the renderer; the journal
 * keys on it, so a repeated or retried send of one click never signs twice.
 */
const intentBase = { intentId: z.string().min(8).max(64), account: addressSchema, chainId: z.number().int() };
export const txIntentSchema = z.discriminatedUnion('kind', [
  /** ERC-20 approve to the environment's vault relayer; 'unlimited' only by the user's explicit choice. */
  z.strictObject({ ...intentBase, kind: z.literal('approve'), token: addressSchema, amount: z.union([decimalStringSchema, z.literal('unlimited')]) }),
  /** Native → wrapped native (deposit), base units. */
  z.strictObject({ ...intentBase, kind: z.literal('wrap'), amount: decimalStringSchema }),
  /** Wrapped native → native (withdraw), base units. */
  z.strictObject({ ...intentBase, kind: z.literal('unwrap'), amount: decimalStringSchema }),
  /** GPv2Settlement.setPreSignature(uid, true) for an order this account owns. */
  z.strictObject({ ...intentBase, kind: z.literal('presign'), orderUid: uidSchema }),
  /** GPv2Settlement.invalidateOrder(uid): cancels on chain, final for any signing scheme. */
  z.strictObject({ ...intentBase, kind: z.literal('invalidate'), orderUid: uidSchema }),
  /**
   * EthFlow createOrder(order) with msg.value = sellAmount + feeAmount: sell native ETH in one transaction.
   * fullAppData is the document order.appData hashes, uploaded to the orderbook before the transaction is signed.
   */
  z.strictObject({ ...intentBase, kind: z.literal('ethflowOrder'), order: ethFlowOrderSchema, fullAppData: z.string() }),
  /** EthFlow invalidateOrder(order): the unfilled ETH of an EthFlow order back to the account that placed it. */
  z.strictObject({ ...intentBase, kind: z.literal('ethflowRefund'), order: ethFlowOrderSchema }),
]);
export const TX_KINDS = ['approve', 'wrap', 'unwrap', 'presign', 'invalidate', 'ethflowOrder', 'ethflowRefund'] as const;
export type TxIntent = z.infer<typeof txIntentSchema>;
export type TxIntentInput = z.input<typeof txIntentSchema>;

export const txStatusSchema = z.enum(TX_STATUSES);
export type { TxStatus };

/** The transaction as main will sign it, decoded back into words. */
export const txPreviewSchema = z.strictObject({
  chainId: z.number().int(),
  chainName: z.string(),
  from: addressSchema,
  accountLabel: z.string(),
  /** Where its key is: the dialog asks for a passphrase only for a passphrase vault's account. */
  accountKind: accountKindSchema,
  /** The contract called, and what it is ("USDC token", "CoW Protocol settlement"). */
  to: addressSchema,
  toName: z.string(),
  /** Decoded from the calldata: `approve(spender, amount)`. */
  functionName: z.string(),
  args: z.array(z.strictObject({ name: z.string(), value: z.string() })),
  /** One sentence: "Approve 25 USDC to the CoW Protocol vault relayer". */
  summary: z.string(),
  /** Native value sent, in wei and in words. */
  value: decimalStringSchema,
  valueDisplay: z.string(),
  gasLimit: decimalStringSchema,
  maxFeePerGas: decimalStringSchema,
  maxPriorityFeePerGas: decimalStringSchema,
  /** gasLimit × maxFeePerGas: the most the transaction can cost, in wei, native units and USD (null without a price). */
  maxFee: decimalStringSchema,
  maxFeeDisplay: z.string(),
  maxFeeUsd: z.string().nullable(),
  nonce: z.number().int(),
  /** Exact hash of the unsigned transaction; send refuses if what it would sign differs. */
  digest: bytes32Schema,
  /**
   * An earlier click's transaction of the same kind from this account that is
   * still pending (or unclear), in words: the dialog says so and the user
   * chooses to send this one as well or to wait. Null when there is none.
   */
  pendingSameKind: z.strictObject({ summary: z.string(), status: txStatusSchema, hash: bytes32Schema }).nullable(),
});
export type TxPreview = z.infer<typeof txPreviewSchema>;

export const replaceModeSchema = z.enum(['speedUp', 'cancel']);

/** A speed up or cancel as main will sign it: same nonce, the new fees and the most it can cost, and its digest. */
export const replacePreviewSchema = z.strictObject({
  intentId: z.string(),
  mode: replaceModeSchema,
  /** "Speed up: Wrap 0.3 ETH into WETH". */
  summary: z.string(),
  nonce: z.number().int(),
  maxFeePerGas: decimalStringSchema,
  maxPriorityFeePerGas: decimalStringSchema,
  /** gas × maxFeePerGas, in wei and in words: the most the replacement can cost. */
  maxFee: decimalStringSchema,
  maxFeeDisplay: z.string(),
  /** Exact hash of the unsigned replacement; wallet.replace refuses if what it would sign differs. */
  digest: bytes32Schema,
});
export type ReplacePreview = z.infer<typeof replacePreviewSchema>;

export const txRecordSchema = z.strictObject({
  intentId: z.string(),
  kind: z.enum(TX_KINDS),
  account: addressSchema,
  chainId: z.number().int(),
  hash: bytes32Schema,
  nonce: z.number().int(),
  summary: z.string(),
  status: txStatusSchema,
  blockNumber: z.number().int().nullable(),
  /** Why a failed transaction failed, in words. */
  error: z.string().nullable(),
  explorerUrl: z.string().nullable(),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
});
export type TxRecord = z.infer<typeof txRecordSchema>;

/** Whether the chain can be used on chain; `reason` says why not (the UI links to Settings). */
export const chainAccessSchema = z.strictObject({
  chainId: z.number().int(),
  available: z.boolean(),
  reason: z.string().nullable(),
});

export const tokenHoldingSchema = z.strictObject({
  token: addressSchema,
  symbol: z.string().nullable(),
  decimals: z.number().int().nullable(),
  balance: decimalStringSchema,
  /** Allowance to the environment's vault relayer. */
  allowance: decimalStringSchema,
});

export const walletBalancesSchema = z.strictObject({
  chainId: z.number().int(),
  account: addressSchema,
  blockNumber: z.number().int(),
  native: decimalStringSchema,
  spender: addressSchema,
  tokens: z.array(tokenHoldingSchema),
});
export type WalletBalances = z.infer<typeof walletBalancesSchema>;

/** expectedDigest: the digest of the preview the user confirmed (wallet.preview, wallet.previewReplace); nothing is signed without it. */
const sendOptions = { passphrase: z.string().max(1024).optional(), expectedDigest: confirmedDigestSchema };

export const walletCommands = {
  'wallet.access': { input: z.strictObject({ chainId: z.number().int() }), output: chainAccessSchema },
  /** Native balance plus balance and vault-relayer allowance of each token, in one Multicall3 round trip. */
  'wallet.balances': {
    input: z.strictObject({ account: addressSchema, chainId: z.number().int(), tokens: z.array(addressSchema).max(100) }),
    output: walletBalancesSchema,
  },
  'wallet.preview': { input: txIntentSchema, output: txPreviewSchema },
  /** Signs, journals and broadcasts; answers at once with the broadcast record (receipts follow as events). */
  'wallet.send': { input: z.strictObject({ intent: txIntentSchema, ...sendOptions }), output: txRecordSchema },
  /** What a speed up or cancel of a pending transaction would sign, for the user to confirm. */
  'wallet.previewReplace': { input: z.strictObject({ intentId: z.string(), mode: replaceModeSchema }), output: replacePreviewSchema },
  /**
   * Explicit replacement of a pending transaction (same nonce, higher fee): speed up, or cancel with a 0-value
   * self-transfer; expectedDigest is wallet.previewReplace's digest as the user confirmed it.
   */
  'wallet.replace': {
    input: z.strictObject({ intentId: z.string(), mode: replaceModeSchema, ...sendOptions }),
    output: txRecordSchema,
  },
  'wallet.transactions': { input: z.strictObject({ account: addressSchema.optional() }), output: z.array(txRecordSchema) },
} as const;

export const walletEvents = {
  /** A journalled transaction changed state (broadcast, confirmed, failed, replaced). */
  'wallet.transactionChanged': txRecordSchema,
  /** A new block on a chain with an RPC: views in sight refresh their balances. */
  'wallet.newBlock': z.strictObject({ chainId: z.number().int(), blockNumber: z.number().int() }),
  /**
   * The block watcher's view of a chain's node, sent when it changes: `problem` names the node and
   * what it did (balances on screen are then the last known), null once it answers again.
   */
  'wallet.nodeStatus': z.strictObject({ chainId: z.number().int(), problem: z.string().nullable() }),
} as const;
