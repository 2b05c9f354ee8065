import type { Hex, PublicClient } from 'viem';
import { AppError } from '../../common/errors';
import { isPendingTx } from '../../common/wallet/tx-status';
import type { Logger } from '../log';
import { sendRaw } from './broadcast';
import type { ChainClients } from './chain-clients';
import type { JournalRow, TxJournal } from './tx-journal';

export interface ReconcileDeps {
  clients: ChainClients;
  journal: TxJournal;
  /** Told of every row that changed state. */
  changed: (row: JournalRow) => void;
  log: Logger;
}

/**
 * Brings the journal in line with the chain. A receipt settles a transaction
 * (and retires its replacements); a nonce mined by another hash marks it
 * replaced or failed; a transaction the node does not know is sent again from
 * its journalled bytes (never signed again), so nothing signed before a crash
 * or a lost answer stays unsent and no later nonce waits behind it.
 */
export class JournalReconciler {
  private stopped = false;

  constructor(private readonly deps: ReconcileDeps) {}

  /** After this, passes end at the next row: the store is about to close. */
  stop(): void {
    this.stopped = true;
  }

  /**
   * One pass at a time (start and a block's poll may ask together: two passes would settle one row twice);
   * a pass asked for while one runs follows it once, for every caller that asked meanwhile.
   */
  reconcile(): Promise<void> {
    this.next ??= (this.running ?? Promise.resolve()).then(() => {
      this.next = undefined;
      this.running = this.pass().finally(() => (this.running = undefined));
      return this.running;
    });
    return this.next;
  }

  private running: Promise<void> | undefined;
  private next: Promise<void> | undefined;

  /** One pass over every pending row; errors of one row (one node) never stop the others. */
  private async pass(): Promise<void> {
    if (this.stopped) return;
    for (const row of this.deps.journal.pending()) {
      if (this.stopped) return;
      try {
        await this.reconcileOne(row.hash);
      } catch (error) {
        if (this.stopped) return;
        this.deps.log.warn('wallet: could not reconcile a transaction', { hash: row.hash, reason: error instanceof Error ? error.message.split('\n')[0] : String(error) });
      }
    }
  }

  /** Hands the journalled bytes to the node and records what it answered. */
  async broadcast(client: PublicClient, row: JournalRow): Promise<JournalRow> {
    const outcome = await sendRaw(client, row.raw, row.hash, this.deps.clients.nodeName(row.chain_id));
    if (this.stopped) return row;
    const next =
      outcome.kind === 'sent'
        ? this.deps.journal.setStatus(row.hash, 'broadcast')
        : outcome.kind === 'unclear'
          ? this.deps.journal.setStatus(row.hash, 'unclear', { error: outcome.reason })
          : this.deps.journal.setStatus(row.hash, 'failed', { error: outcome.reason });
    if (next && (next.status !== row.status || next.error !== row.error)) this.deps.changed(next);
    return next ?? row;
  }

  /**
   * Settles one row from the chain and answers it as it now stands. Re-read
   * first: an earlier row of the pass may have settled this one (a replacement's receipt).
   */
  async reconcileOne(hash: Hex): Promise<JournalRow | undefined> {
    const row = this.deps.journal.get(hash);
    if (!row || !isPendingTx(row.status)) return row;
    const client = this.deps.clients.get(row.chain_id);
    const receipt = await client.getTransactionReceipt({ hash: row.hash }).catch(() => null);
    if (receipt) return this.settle(row, receipt.status === 'success', Number(receipt.blockNumber));
    const mined = await client.getTransactionCount({ address: row.account, blockTag: 'latest' });
    if (mined > row.nonce) {
      // Mined between the two reads (no receipt a moment ago, the nonce used now): its receipt says so. Never
      // call a mined transaction failed: the user would send it again.
      const late = await client.getTransactionReceipt({ hash: row.hash }).catch(() => null);
      if (late) return this.settle(row, late.status === 'success', Number(late.blockNumber));
      // The nonce went to another transaction. A replacement of ours retires this one when its
      // receipt is read (it may come later in this pass); otherwise say what happened.
      const others = this.deps.journal.siblings(row.intent_id).filter((other) => other.hash !== row.hash);
      if (others.some((other) => isPendingTx(other.status))) return row;
      const replaced = others.some((other) => other.status === 'confirmed' || (other.status === 'failed' && other.block_number !== null));
      return this.update(row, replaced ? 'replaced' : 'failed', { error: replaced ? null : `Nonce ${row.nonce} was used by another transaction from this account.` });
    }
    const known = await client.getTransaction({ hash: row.hash }).catch(() => null);
    // Read again after the node's answers: a send may have settled the row meanwhile (its broadcast refused for good,
    // the user told it failed). Its bytes must not go out behind that answer, once the account could pay for them.
    const current = this.deps.journal.get(hash);
    if (!current || current.status !== row.status) return current;
    if (!known) return this.broadcast(client, row);
    return row.status === 'broadcast' ? row : this.update(row, 'broadcast', {});
  }

  /** The row's block, when it (or a replacement of the same click) is already mined; refuses a replacement then. */
  async refuseIfMined(live: JournalRow): Promise<void> {
    for (const sibling of this.deps.journal.siblings(live.intent_id)) {
      const now = await this.reconcileOne(sibling.hash);
      if (now?.block_number !== null && now?.block_number !== undefined) {
        throw new AppError('TX_MINED', `That transaction is already mined (block ${now.block_number}, ${now.status}); there is nothing to speed up or cancel, and nothing was sent.`);
      }
    }
    const mined = await this.deps.clients.get(live.chain_id).getTransactionCount({ address: live.account, blockTag: 'latest' });
    if (mined > live.nonce) throw new AppError('TX_MINED', `Nonce ${live.nonce} of this account is already mined; there is nothing to speed up or cancel, and nothing was sent.`);
  }

  private settle(row: JournalRow, success: boolean, blockNumber: number): JournalRow | undefined {
    for (const sibling of this.deps.journal.siblings(row.intent_id)) {
      if (sibling.hash !== row.hash && isPendingTx(sibling.status)) this.update(sibling, 'replaced', {});
    }
    return this.update(row, success ? 'confirmed' : 'failed', { blockNumber, error: success ? null : 'The transaction was mined but reverted.' });
  }

  private update(row: JournalRow, status: JournalRow['status'], fields: { blockNumber?: number; error?: string | null }): JournalRow | undefined {
    const next = this.deps.journal.setStatus(row.hash, status, fields);
    if (next) this.deps.changed(next);
    return next;
  }
}
