import { keccak256, parseTransaction, serializeTransaction, type Hex, type PublicClient, type TransactionSerializableEIP1559 } from 'viem';
import { formatTokenAmount } from '../../common/format/format';
import type { ReplacePreview } from '../../common/ipc/commands/wallet';
import { nativeSymbol } from '../../common/wallet/wallet-facts';
import { nodeFees, replacementFees } from './tx-fees';
import type { JournalRow } from './tx-journal';

export type ReplaceMode = ReplacePreview['mode'];

/** A replacement as it will be signed, with the preview the user confirms. */
export interface Replacement {
  tx: TransactionSerializableEIP1559;
  preview: ReplacePreview;
}

/** A replacement is for one transaction: once that one is itself replaced, its previews are of nothing. */
export const replacementKey = (live: JournalRow, mode: ReplaceMode) => `${live.hash}:${mode}`;

/**
 * A speed up (the same transaction at higher fees) or a cancel (0 of the
 * native token to the account itself) of a pending transaction: same nonce,
 * fees the node asks now and above what a node takes as a replacement. Its
 * digest ties the signature to the preview the user confirmed: the fees are
 * the node's, so they can move between the preview and the click.
 */
export async function replacementOf(client: PublicClient, live: JournalRow, mode: ReplaceMode): Promise<Replacement> {
  // The signature fields of the parsed original must not ride along into the new signing.
  const { r: _r, s: _s, v: _v, yParity: _y, ...original } = parseTransaction(live.raw) as TransactionSerializableEIP1559 & { r?: Hex; s?: Hex; v?: bigint; yParity?: number };
  const { maxFeePerGas, maxPriorityFeePerGas } = replacementFees(await nodeFees(client), original);
  const native = nativeSymbol(live.chain_id);
  const tx: TransactionSerializableEIP1559 =
    mode === 'speedUp'
      ? { ...original, type: 'eip1559', maxFeePerGas, maxPriorityFeePerGas }
      : { type: 'eip1559', chainId: live.chain_id, nonce: live.nonce, to: live.account, value: 0n, data: '0x', gas: 21_000n, maxFeePerGas, maxPriorityFeePerGas };
  const maxFee = (tx.gas ?? 0n) * maxFeePerGas;
  return {
    tx,
    preview: {
      intentId: live.intent_id,
      mode,
      summary: mode === 'speedUp' ? `Speed up: ${live.summary}` : `Cancel (0 ${native} to self): ${live.summary}`,
      nonce: live.nonce,
      maxFeePerGas: maxFeePerGas.toString(),
      maxPriorityFeePerGas: maxPriorityFeePerGas.toString(),
      maxFee: maxFee.toString(),
      maxFeeDisplay: formatTokenAmount(maxFee, 18, native),
      digest: keccak256(serializeTransaction(tx)),
    },
  };
}
