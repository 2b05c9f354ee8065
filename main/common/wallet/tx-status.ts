/**
 * The states of a journalled transaction, defined once for main and the
 * renderer:
 * - signed: signed and journalled, not yet handed to the node;
 * - unclear: handed to the node, but its answer was lost or garbled (a
 *   timeout, a reset, a 502/500/429 after the node took the bytes). It may be
 *   mined: the journal settles it from the chain by hash and by the account's
 *   nonce, and never calls it failed while it can still be mined;
 * - broadcast: the node took it; waiting for its block;
 * - confirmed: mined and succeeded;
 * - failed: mined and reverted, the node refused it for good, or its nonce went
 *   to a transaction CoW Desk did not sign;
 * - replaced: its nonce was mined by a replacement of the same click (speed up, cancel).
 */
export const TX_STATUSES = ['signed', 'unclear', 'broadcast', 'confirmed', 'failed', 'replaced'] as const;
export type TxStatus = (typeof TX_STATUSES)[number];

/** The states that can still change: the journal reconciles these at start and on every block. */
export const PENDING_TX_STATUSES = ['signed', 'unclear', 'broadcast'] as const satisfies readonly TxStatus[];
export type PendingTxStatus = (typeof PENDING_TX_STATUSES)[number];

export function isPendingTx(status: TxStatus): status is PendingTxStatus {
  return (PENDING_TX_STATUSES as readonly TxStatus[]).includes(status);
}

/** The states in a trader's words. */
export const TX_STATUS_TEXT: Readonly<Record<TxStatus, string>> = {
  signed: 'signed, not sent yet',
  unclear: 'sent, outcome unclear (checking the chain)',
  broadcast: 'pending',
  confirmed: 'confirmed',
  failed: 'failed',
  replaced: 'replaced',
};
