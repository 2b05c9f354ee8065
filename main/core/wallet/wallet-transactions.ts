import { formatUnits, keccak256, serializeTransaction, type Address, type Hex, type PublicClient, type TransactionSerializableEIP1559 } from 'viem';
import { AppError } from '../../common/errors';
import { formatTokenAmount, formatUsd } from '../../common/format/format';
import type { ReplacePreview, TxIntent, TxPreview, TxRecord } from '../../common/ipc/commands/wallet';
import { resolveChain } from '../../common/protocol/chains';
import type { Environment } from '../../common/protocol/environments';
import { isPendingTx } from '../../common/wallet/tx-status';
import { nativeSymbol, wrappedNative } from '../../common/wallet/wallet-facts';
import { currentUserAction, msLeft, type UserAction } from '../api/user-action';
import type { Logger } from '../log';
import type { AccountService } from '../signer/account-service';
import type { ChainClients } from './chain-clients';
import { callFor, describeCall } from './tx-calls';
import { txRecordOf, type JournalRow, type TxJournal } from './tx-journal';
import { JournalReconciler } from './tx-reconcile';
import { estimateGasWithMargin, nodeFees } from './tx-fees';
import { replacementKey, replacementOf, type Replacement, type ReplaceMode } from './tx-replace';
import { ConfirmedPreviews } from './confirmed-previews';

export interface WalletTxDeps {
  clients: ChainClients;
  journal: TxJournal;
  accounts: AccountService;
  environment: () => Environment;
  /** USD price of a token, null when the service has none; never throws. */
  usdPrice: (chainId: number, token: Address) => Promise<number | null>;
  onChange: (record: TxRecord) => void;
  /** The orderbook's PUT /app_data: an EthFlow order's document must be known there, as a signed order's is. */
  uploadAppData: (chainId: number, hash: Hex, fullAppData: string) => Promise<void>;
  log: Logger;
  now?: () => number;
}

interface Prepared {
  preview: TxPreview;
  tx: TransactionSerializableEIP1559 & { chainId: number; nonce: number; gas: bigint; maxFeePerGas: bigint; maxPriorityFeePerGas: bigint };
  /** An EthFlow order's appData document, checked against the order's hash when it was prepared. */
  appData: { hash: Hex; fullAppData: string } | null;
}

/**
 * Transactions from the keychain signer. Main builds the exact transaction
 * from an intent, shows it decoded, signs it with a key loaded for that one
 * signature, writes the signed bytes to the journal and only then broadcasts.
 * After a crash or a lost answer the journal's bytes are sent again: nothing
 * is ever signed a second time for the same intent (one click). A new click
 * always signs its own transaction, whatever else is pending. Replacement
 * (same nonce, higher fee) happens only when the user asks for it.
 */
export class WalletTransactions {
  /** Sends shown to the user, by intent. */
  private readonly previews: ConfirmedPreviews<Prepared>;
  /** Speed ups and cancels shown to the user, by the transaction they replace and the mode. */
  private readonly replacements: ConfirmedPreviews<Replacement>;
  /** One signing at a time per account and chain, so two sends never pick the same nonce. */
  private readonly queues = new Map<string, Promise<unknown>>();
  private readonly now: () => number;
  private readonly reconciler: JournalReconciler;

  constructor(private readonly deps: WalletTxDeps) {
    this.now = deps.now ?? Date.now;
    this.previews = new ConfirmedPreviews(this.now);
    this.replacements = new ConfirmedPreviews(this.now);
    this.reconciler = new JournalReconciler({ clients: deps.clients, journal: deps.journal, log: deps.log, changed: (row) => this.changed(row) });
  }

  async preview(intent: TxIntent): Promise<TxPreview> {
    const prepared = await this.prepare(intent);
    this.previews.keep(intent.intentId, prepared);
    return prepared.preview;
  }

  /** Passes in progress end at their next row; called before the store closes. */
  stop(): void {
    this.reconciler.stop();
  }

  /** expectedDigest: the digest of the preview the user confirmed (wallet.preview); nothing else is signed. */
  send(intent: TxIntent, passphrase: string | undefined, expectedDigest: Hex): Promise<TxRecord> {
    const action = currentUserAction();
    return this.serialized(`${intent.account.toLowerCase()}:${intent.chainId}`, action, () => this.sendNow(intent, passphrase, expectedDigest, action));
  }

  /** What a speed up or cancel would sign now, for the user to confirm; a transaction mined meanwhile is refused in words. */
  async previewReplace(intentId: string, mode: ReplaceMode): Promise<ReplacePreview> {
    const live = await this.replaceable(this.liveOf(intentId));
    const replacement = await replacementOf(this.deps.clients.get(live.chain_id), live, mode);
    this.replacements.keep(replacementKey(live, mode), replacement);
    return replacement.preview;
  }

  /** expectedDigest is the digest of the replacement the user confirmed: a replacement whose fees moved since is shown anew. */
  replace(intentId: string, mode: ReplaceMode, passphrase: string | undefined, expectedDigest: Hex): Promise<TxRecord> {
    const live = this.liveOf(intentId);
    const action = currentUserAction();
    return this.serialized(`${live.account.toLowerCase()}:${live.chain_id}`, action, () => this.replaceNow(live, mode, passphrase, expectedDigest, action));
  }

  private liveOf(intentId: string): JournalRow {
    const live = this.deps.journal.liveForIntent(intentId);
    if (!live) throw new AppError('TX_NOT_FOUND', 'CoW Desk has no transaction for that action.');
    return live;
  }

  /** The chain of a click's transaction, for naming its node; undefined when the journal has none. */
  chainOf(intentId: string): number | undefined {
    return this.deps.journal.liveForIntent(intentId)?.chain_id;
  }

  list(account?: Address): TxRecord[] {
    return this.deps.journal.list(account).map((row) => txRecordOf(row));
  }

  /** One pass over the journal's pending transactions (JournalReconciler): at start and on every new block. */
  reconcile(): Promise<void> {
    return this.reconciler.reconcile();
  }

  private async sendNow(intent: TxIntent, passphrase: string | undefined, expectedDigest: Hex, action: UserAction | undefined): Promise<TxRecord> {
    // One click, one transaction: a click already journalled is answered from the journal (its
    // bytes handed to the node again when their fate is unknown), never signed a second time.
    const existing = this.deps.journal.liveForIntent(intent.intentId);
    if (existing) return txRecordOf((await this.reconciler.reconcileOne(existing.hash).catch(() => existing)) ?? existing);
    const prepared = await this.preparedFor(intent, expectedDigest);
    if (prepared.appData) await this.deps.uploadAppData(prepared.tx.chainId, prepared.appData.hash, prepared.appData.fullAppData);
    const raw = await this.signNow(intent.account, passphrase, prepared.tx, prepared.preview.digest, action);
    const hash = keccak256(raw);
    this.deps.journal.insert({ hash, intent, nonce: prepared.tx.nonce, raw, summary: prepared.preview.summary });
    this.previews.drop(intent.intentId);
    const row = await this.reconciler.broadcast(this.deps.clients.get(intent.chainId), this.journalRow(hash));
    return txRecordOf(row);
  }

  /** The previewed transaction when the user saw exactly it and it is still fresh, else a new one that must match. */
  private async preparedFor(intent: TxIntent, expectedDigest: Hex): Promise<Prepared> {
    const cached = this.previews.confirmed(intent.intentId, expectedDigest);
    const client = this.deps.clients.get(intent.chainId);
    if (cached) {
      const nonce = await this.nextNonce(client, intent.account, intent.chainId);
      if (nonce === cached.tx.nonce) return cached;
    }
    const fresh = await this.prepare(intent);
    if (fresh.preview.digest !== expectedDigest.toLowerCase()) {
      this.previews.keep(intent.intentId, fresh);
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
      accountKind: account.kind,
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
      pendingSameKind: this.pendingSameKind(intent),
    };
    return { preview, tx, appData: intent.kind === 'ethflowOrder' ? { hash: intent.order.appData, fullAppData: intent.fullAppData } : null };
  }

  private pendingSameKind(intent: TxIntent): TxPreview['pendingSameKind'] {
    const row = this.deps.journal.pendingOfKind(intent);
    return row ? { summary: row.summary, status: row.status, hash: row.hash } : null;
  }

  private async checkChain(client: PublicClient, chainId: number): Promise<void> {
    // Asked afresh (no dedupe): a shared in-flight answer could be one that never comes.
    const served = Number(await client.request({ method: 'eth_chainId' }));
    if (served !== chainId) {
      throw new AppError('RPC_WRONG_CHAIN', `The JSON-RPC URL set for chain ${chainId} now serves chain ${served}; CoW Desk will not sign for the wrong chain. Check it in Settings.`);
    }
  }

  /**
   * The node's pending count, moved past the journal's own unsettled nonces that follow it without a
   * gap (the node may not have seen them yet). Never past a gap: a nonce nobody will send would hold
   * every later transaction of the account ("nonce too high"); the next click fills it instead.
   */
  private async nextNonce(client: PublicClient, account: Address, chainId: number): Promise<number> {
    let next = await client.getTransactionCount({ address: account, blockTag: 'pending' });
    const journalled = new Set(this.deps.journal.pendingNonces(account, chainId));
    while (journalled.has(next)) next += 1;
    return next;
  }

  private async replaceNow(listed: JournalRow, mode: ReplaceMode, passphrase: string | undefined, expectedDigest: Hex, action: UserAction | undefined): Promise<TxRecord> {
    const live = await this.replaceable(listed);
    const client = this.deps.clients.get(live.chain_id);
    const key = replacementKey(live, mode);
    const { tx, preview } = this.replacements.confirmed(key, expectedDigest) ?? (await replacementOf(client, live, mode));
    if (preview.digest !== expectedDigest.toLowerCase()) {
      this.replacements.keep(key, { tx, preview });
      throw new AppError('PREVIEW_MISMATCH', 'The fees of the replacement changed since you reviewed it. Review it again before signing.', { details: { preview } });
    }
    const raw = await this.signNow(live.account, passphrase, tx, preview.digest, action);
    const hash = keccak256(raw);
    const intent = { intentId: live.intent_id, kind: live.kind, account: live.account, chainId: live.chain_id } as TxIntent;
    this.deps.journal.insert({ hash, intent, nonce: live.nonce, raw, summary: preview.summary, subject: live.subject });
    this.replacements.drop(key);
    return txRecordOf(await this.reconciler.broadcast(client, this.journalRow(hash)));
  }

  /** The click's live transaction, still pending: the list may be a block behind the chain, so a mined one is settled here and refused in words. */
  private async replaceable(listed: JournalRow): Promise<JournalRow> {
    await this.reconciler.refuseIfMined(listed);
    const live = this.deps.journal.liveForIntent(listed.intent_id) ?? listed;
    if (!isPendingTx(live.status)) {
      throw new AppError('TX_SETTLED', `That transaction is already ${live.status}; there is nothing to replace.`);
    }
    return live;
  }

  private journalRow(hash: Hex): JournalRow {
    const row = this.deps.journal.get(hash);
    if (!row) throw new AppError('INTERNAL', 'A journalled transaction could not be read back.');
    return row;
  }

  private changed(row: JournalRow): JournalRow {
    this.deps.onChange(txRecordOf(row));
    return row;
  }

  /**
   * One turn at a time per account and chain. A turn holds the next one only until it ends or until
   * its user's deadline has passed (a node that never answers must not hold the account's later sends);
   * a turn whose user was already answered never signs (signNow), so two turns never pick one nonce.
   */
  private serialized<T>(key: string, action: UserAction | undefined, task: () => Promise<T>): Promise<T> {
    const turn = (this.queues.get(key) ?? Promise.resolve()).then(task);
    const ended = turn.then(
      () => undefined,
      () => undefined,
    );
    if (!action) {
      this.queues.set(key, ended);
      return turn;
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<void>((resolve) => (timer = setTimeout(resolve, msLeft(action))));
    this.queues.set(
      key,
      Promise.race([ended, late]).finally(() => clearTimeout(timer)),
    );
    return turn;
  }

  /**
   * Signed in the signer process against the digest the user confirmed, unless the user this send runs for
   * was already answered (by its deadline); a turn whose user was answered meanwhile uses nothing it signed.
   */
  private async signNow(account: Address, passphrase: string | undefined, tx: TransactionSerializableEIP1559, digest: Hex, action: UserAction | undefined): Promise<Hex> {
    if (action?.settled) throw new AppError('RPC_DEADLINE', 'This send was answered already (its deadline passed); nothing was signed.');
    const raw = await this.deps.accounts.signTransaction(account, tx, digest, passphrase);
    if (action?.settled) throw new AppError('RPC_DEADLINE', 'This send was answered already (its deadline passed); nothing was sent.');
    return raw;
  }
}
