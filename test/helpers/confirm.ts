import type { CommandInput, CommandName, CommandOutput } from '../../main/common/ipc/contract';

/** A test kit's typed command call (it throws the command's error). */
export type Call = <C extends CommandName>(command: C, input: CommandInput<C>) => Promise<CommandOutput<C>>;

type Draft = CommandInput<'signing.preview'>;
type Intent = CommandInput<'wallet.preview'>;

/**
 * What the signing dialog does: asks main for the preview of the draft and signs
 * with the digest of that preview, the one the user confirmed. Main signs
 * nothing without it.
 */
export async function signConfirmed(call: Call, draft: Draft, passphrase?: string): Promise<CommandOutput<'signing.signOrder'>> {
  const preview = await call('signing.preview', draft);
  return call('signing.signOrder', { draft, expectedDigest: preview.digest, ...(passphrase === undefined ? {} : { passphrase }) });
}

/**
 * What the transaction dialog does before "Sign and send": the preview of the
 * intent, whose digest goes with the send. Answers the send's input, so a test
 * can send the same click again with the digest the user saw, as the dialog's
 * retry does.
 */
export async function confirmedSend(call: Call, intent: Intent, passphrase?: string): Promise<CommandInput<'wallet.send'>> {
  const preview = await call('wallet.preview', intent);
  return { intent, expectedDigest: preview.digest, ...(passphrase === undefined ? {} : { passphrase }) };
}

/**
 * What the transaction list does before "Yes, send it" on a speed up or cancel: the replacement's
 * preview (its fees and most it can cost), whose digest goes with the replace.
 */
export async function confirmedReplace(call: Call, intentId: string, mode: 'speedUp' | 'cancel'): Promise<CommandInput<'wallet.replace'>> {
  const preview = await call('wallet.previewReplace', { intentId, mode });
  return { intentId, mode, expectedDigest: preview.digest };
}
