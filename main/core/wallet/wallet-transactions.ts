import {
  formatUnits,
  keccak256,
  parseTransaction,
  serializeTransaction,
  type Address,
  type Hex,
  type PublicClient,
  type TransactionSerializableEIP1559,
} from 'viem';
import { AppError } from '../../common/errors';
import { formatTokenAmount, formatUsd } from '../../common/format/format';
import type { TxIntent, TxPreview, TxRecord } from '../../common/ipc/commands/wallet';
import { resolveChain } from '../../common/protocol/chains';
import type { Environment } from '../../common/protocol/environments';
import { explorerTxUrl, nativeSymbol, wrappedNative } from '../../common/wallet/wallet-facts';
import type { Logger } from '../log';
import type { AccountService } from '../signer/account-service';
import type { ChainClients } from './chain-clients';
import { callFor, describeCall } from './tx-calls';
import type { JournalRow, TxJournal } from './tx-journal';
import { sendRaw } from './broadcast';
import { estimateGasWithMargin, nodeFees, replacementFees } from './tx-fees';

/** A preview stays usable for this long; after that the fees it showed are too old to sign. */
const PREVIEW_TTL_MS = 120_000;

export interface WalletTxDeps {
  clients: ChainClients;
  journal: TxJournal;
  accounts: AccountService;
  environment: () => Environment;
  explorerBase: () => string;
  /** USD price of a token, null when the service has none; never throws. */
  usdPrice: (chainId: number, token: Address) => Promise<number | null>;
  onChange: (record: TxRecord) => void;
  log: Logger;
  now?: () => number;
}

interface Prepared {
  preview: TxPreview;
  tx: TransactionSerializableEIP1559 & { chainId: number; nonce: number; gas: bigint; maxFeePerGas: bigint; maxPriorityFeePerGas: bigint };
  at: number;
}

/**
 * Transactions from the keychain signer. Main builds the exact transaction
 * from an intent, shows it decoded, signs it with a key loaded for that one
 * signature, writes the signed bytes to the journal and only then broadcasts.
 * After a crash or a lost answer the journal's bytes are sent again: nothing
 * is ever signed a second time for the same intent. Replacement (same nonce,
 * higher fee) happens only when the user asks for it.
 */
export class WalletTransactions {
  private readonly previews = new Map<string, Prepared>();
  /** One signing at a time per account and chain, so two sends never pick the same nonce. */
  private readonly queues = new Map<string, Promise<unknown>>();
  private readonly now: () => number;

  constructor(private readonly deps: WalletTxDeps) {
    this.now = deps.now ?? Date.now;
  }

  async preview(intent: TxIntent): Promise<TxPreview> {
    const prepared = await this.prepare(intent);
    this.previews.set(intent.intentId, prepared);
    return prepared.preview;
  }

  send(intent: TxIntent, passphrase?: string, expectedDigest?: Hex): Promise<TxRecord> {
    return this.serialized(`${intent.account.toLowerCase()}:${intent.chainId}`, () => this.sendNow(intent, passphrase, expectedDigest));
  }

  replace(intentId: string, mode: 'speedUp' | 'cancel', passphrase?: string): Promise<TxRecord> {
    const live = this.deps.journal.liveForIntent(intentId);
    if (!live) throw new AppError('TX_NOT_FOUND', 'CoW Desk has no transaction for that action.');
    return this.serialized(`${live.account.toLowerCase()}:${live.chain_id}`, () => this.replaceNow(live, mode, passphrase));
  }

  list(account?: Address): TxRecord[] {
    return this.deps.journal.list(account).map((row) => this.record(row));
  }

  /**
   * One pass over the journal's pending transactions: a receipt settles a
   * transaction (and retires its siblings); a transaction the node does not
   * know is sent again from its journalled bytes. Runs at start, on new blocks
   * and on a timer; errors of one chain never stop the others.
   */
  async reconcile(): Promise<void> {
    for (const row of this.deps.journal.pending()) {
      try {
        await this.reconcileOne(row);
      } catch (error) {
        this.deps.log.warn('wallet: could not reconcile a transaction', { hash: row.hash, reason: error instanceof Error ? error.message.split('\n')[0] : String(error) });
      }
    }
  }

  record(row: JournalRow): TxRecord {
    return {
      intentId: row.intent_id,
      kind: row.kind,
      account: row.account,
      chainId: row.chain_id,
      hash: row.hash,
      nonce: row.nonce,
      summary: row.summary,
      status: row.status,
      blockNumber: row.block_number,
      error: row.error,
      explorerUrl: explorerTxUrl(this.deps.explorerBase(), row.chain_id, row.hash),
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    };
  }

  private async sendNow(intent: TxIntent, passphrase: string | undefined, expectedDigest: Hex | undefined): Promise<TxRecord> {
    // One click, one transaction: an intent already journalled is answered from the journal.
    const existing = this.deps.journal.liveForIntent(intent.intentId) ?? this.deps.journal.pendingLike(intent);
    if (existing) return this.record(existing);
    const prepared = await this.preparedFor(intent, expectedDigest);
    const raw = await this.deps.accounts.signTransaction(intent.account, prepared.tx, prepared.preview.digest, passphrase);
    const hash = keccak256(raw);
    this.deps.journal.insert({ hash, intent, nonce: prepared.tx.nonce, raw, summary: prepared.preview.summary });
    this.previews.delete(intent.intentId);
    const row = await this.broadcast(this.deps.clients.get(intent.chainId), this.journalRow(hash));
    return this.record(row);
  }

  /** The previewed transaction when the user saw exactly it and it is still fresh, else a new one that must match. */
  private async preparedFor(intent: TxIntent, expectedDigest: Hex | undefined): Promise<Prepared> {
    const cached = this.previews.get(intent.intentId);
    const client = this.deps.clients.get(intent.chainId);
    if (cached && expectedDigest && cached.preview.digest === expectedDigest.toLowerCase() && this.now() - cached.at < PREVIEW_TTL_MS) {
      const nonce = await this.nextNonce(client, intent.account, intent.chainId);
      if (nonce === cached.tx.nonce) return cached;
    }
    const fresh = await this.prepare(intent);
    if (expectedDigest && fresh.preview.digest !== expectedDigest.toLowerCase()) {
      this.previews.set(intent.intentId, fresh);
      throw new AppError('PREVIEW_MISMATCH', 'The transaction changed since you reviewed it (fees, nonce or environment). Review it again before signing.', {
        details: { preview: fresh.preview },
      });
    }
    return fresh;
  }

  private async prepare(intent: TxIntent): Promise<Prepared> {
    const account = this.deps.accounts.get(intent.account);
    if (account.kind === 'watch') {
      throw new AppError('WATCH_ONLY', `${account.label} is watch-only: CoW Desk can read its balances but never sends transactions from it.`);
    }
    const client = this.deps.clients.get(intent.chainId);
    await this.checkChain(client, intent.chainId);
    const environment = this.deps.environment();
    const call = callFor(intent, environment);
    const [fees, gas, nonce] = await Promise.all([
      nodeFees(client),
      estimateGasWithMargin(client, intent.account, call),
      this.nextNonce(client, intent.account, intent.chainId),
    ]);
    const tx = { type: 'eip1559' as const, chainId: intent.chainId, nonce, to: call.to, data: call.data, value: call.value, gas, ...fees };
    const decoded = describeCall(call, intent.chainId, environment);
    const maxFee = gas * fees.maxFeePerGas;
    const native = nativeSymbol(intent.chainId);
    const wrapped = wrappedNative(intent.chainId);
    const usd = wrapped ? await this.deps.usdPrice(intent.chainId, wrapped.address) : null;
    const preview: TxPreview = {
      chainId: intent.chainId,
      chainName: resolveChain(intent.chainId).name,
      from: account.address,
      accountLabel: account.label,
      to: call.to,
      toName: decoded.toName,
      functionName: decoded.functionName,
      args: decoded.args,
      summary: decoded.summary,
      value: call.value.toString(),
      valueDisplay: formatTokenAmount(call.value, 18, native),
      gasLimit: gas.toString(),
      maxFeePerGas: fees.maxFeePerGas.toString(),
      maxPriorityFeePerGas: fees.maxPriorityFeePerGas.toString(),
      maxFee: maxFee.toString(),
      maxFeeDisplay: formatTokenAmount(maxFee, 18, native),
      maxFeeUsd: usd === null ? null : formatUsd(Number(formatUnits(maxFee, 18)) * usd),
      nonce,
      digest: keccak256(serializeTransaction(tx)),
    };
    return { preview, tx, at: this.now() };
  }

  private async checkChain(client: PublicClient, chainId: number): Promise<void> {
    const served = await client.getChainId();
    if (served !== chainId) {
      throw new AppError('RPC_WRONG_CHAIN', `The JSON-RPC URL set for chain ${chainId} now serves chain ${served}; CoW Desk will not sign for the wrong chain. Check it in Settings.`);
    }
  }

  /** The pending count, or past the journal's own unsettled nonces when the node has not seen them yet. */
  private async nextNonce(client: PublicClient, account: Address, chainId: number): Promise<number> {
    const pending = await client.getTransactionCount({ address: account, blockTag: 'pending' });
    const journalled = this.deps.journal.pendingNonces(account, chainId);
    return Math.max(pending, ...journalled.map((nonce) => nonce + 1));
  }

  private async replaceNow(live: JournalRow, mode: 'speedUp' | 'cancel', passphrase?: string): Promise<TxRecord> {
    if (live.status !== 'signed' && live.status !== 'broadcast') {
      throw new AppError('TX_SETTLED', `That transaction is already ${live.status}; there is nothing to replace.`);
    }
    const client = this.deps.clients.get(live.chain_id);
    // The signature fields of the parsed original must not ride along into the new signing.
    const { r: _r, s: _s, v: _v, yParity: _y, ...original } = parseTransaction(live.raw) as TransactionSerializableEIP1559 & { r?: Hex; s?: Hex; v?: bigint; yParity?: number };
    const { maxFeePerGas, maxPriorityFeePerGas } = replacementFees(await nodeFees(client), original);
    const tx: TransactionSerializableEIP1559 =
      mode === 'speedUp'
        ? { ...original, type: 'eip1559', maxFeePerGas, maxPriorityFeePerGas }
        : { type: 'eip1559', chainId: live.chain_id, nonce: live.nonce, to: live.account, value: 0n, data: '0x', gas: 21_000n, maxFeePerGas, maxPriorityFeePerGas };
    // A replacement the user asked for by its kind (speed up, cancel); its fees are the node's, so its own digest.
    const raw = await this.deps.accounts.signTransaction(live.account, tx, keccak256(serializeTransaction(tx)), passphrase);
    const hash = keccak256(raw);
    const summary = mode === 'speedUp' ? `Speed up: ${live.summary}` : `Cancel (0 ${nativeSymbol(live.chain_id)} to self): ${live.summary}`;
    const intent = { intentId: live.intent_id, kind: live.kind, account: live.account, chainId: live.chain_id } as TxIntent;
    this.deps.journal.insert({ hash, intent, nonce: live.nonce, raw, summary, subject: live.subject });
    return this.record(await this.broadcast(client, this.journalRow(hash)));
  }

  private async broadcast(client: PublicClient, row: JournalRow): Promise<JournalRow> {
    const outcome = await sendRaw(client, row.raw);
    if (outcome.kind === 'lost') return row; // Still 'signed': the next reconcile sends the same bytes again.
    const next = outcome.kind === 'rejected' ? this.deps.journal.setStatus(row.hash, 'failed', { error: outcome.reason }) : this.deps.journal.setStatus(row.hash, 'broadcast');
    return this.changed(next ?? row);
  }

  private async reconcileOne(listed: JournalRow): Promise<void> {
    // Re-read: an earlier row of this pass may have settled this one (a replacement's receipt).
    const row = this.deps.journal.get(listed.hash);
    if (!row || (row.status !== 'signed' && row.status !== 'broadcast')) return;
    const client = this.deps.clients.get(row.chain_id);
    const receipt = await client.getTransactionReceipt({ hash: row.hash }).catch(() => null);
    if (receipt) {
      const status = receipt.status === 'success' ? 'confirmed' : 'failed';
      const settled = this.deps.journal.setStatus(row.hash, status, {
        blockNumber: Number(receipt.blockNumber),
        error: status === 'failed' ? 'The transaction was mined but reverted.' : null,
      });
      for (const sibling of this.deps.journal.siblings(row.intent_id)) {
        if (sibling.hash !== row.hash && (sibling.status === 'signed' || sibling.status === 'broadcast')) {
          this.changed(this.deps.journal.setStatus(sibling.hash, 'replaced') ?? sibling);
        }
      }
      if (settled) this.changed(settled);
      return;
    }
    const mined = await client.getTransactionCount({ address: row.account, blockTag: 'latest' });
    if (mined > row.nonce) {
      // The nonce went to another transaction. A replacement of ours retires this one when its
      // receipt is read (it may come later in this pass); otherwise say what happened.
      const others = this.deps.journal.siblings(row.intent_id).filter((other) => other.hash !== row.hash);
      if (others.some((other) => other.status === 'signed' || other.status === 'broadcast')) return;
      const replaced = others.some((other) => other.status === 'confirmed' || other.status === 'failed');
      this.changed(
        this.deps.journal.setStatus(row.hash, replaced ? 'replaced' : 'failed', { error: replaced ? null : `Nonce ${row.nonce} was used by another transaction from this account.` }) ?? row,
      );
      return;
    }
    const known = await client.getTransaction({ hash: row.hash }).catch(() => null);
    if (!known) await this.broadcast(client, row);
  }

  private journalRow(hash: Hex): JournalRow {
    const row = this.deps.journal.get(hash);
    if (!row) throw new AppError('INTERNAL', 'A journalled transaction could not be read back.');
    return row;
  }

  private changed(row: JournalRow): JournalRow {
    this.deps.onChange(this.record(row));
    return row;
  }

  private serialized<T>(key: string, task: () => Promise<T>): Promise<T> {
    const turn = (this.queues.get(key) ?? Promise.resolve()).then(task);
    this.queues.set(
      key,
      turn.catch(() => undefined),
    );
    return turn;
  }
}
