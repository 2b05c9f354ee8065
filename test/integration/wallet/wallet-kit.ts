import { randomUUID } from 'node:crypto';
import type { Address } from 'viem';
import type { CommandInput, CommandName, CommandOutput } from '../../../main/common/ipc/contract';
import type { OrderDraft } from '../../../main/common/ipc/commands/signing';
import type { TxIntentInput, TxPreview, TxRecord } from '../../../main/common/ipc/commands/wallet';
import type { Deadlines } from '../../../main/common/limits';
import { isPendingTx } from '../../../main/common/wallet/tx-status';
import { loadKeytar } from '../../../main/core/signer/keychain-vault';
import { type Services } from '../../../main/core/services';
import type { WalletTiming } from '../../../main/core/wallet/wallet-module';
import { composeApp } from '../../helpers/compose-app';
import { confirmedSend, signConfirmed } from '../../helpers/confirm';
import { startSandbox, type Sandbox, type RateLimits } from '../../sandbox';
import { recordingLogger } from '../../helpers/recording-logger';
import { makeTempDir } from '../../helpers/temp-dir';
import { CommandError } from '../trading/trading-kit';
import { sandboxTokenListUrls } from '../../sandbox/bff/token-lists';
import { testKeychainService } from '../../helpers/keychain-service';

export const KEYCHAIN_SERVICE = testKeychainService('CoW Desk wallet tests');

/** A fresh click's intent id, as the renderer mints one per button press. */
export const newIntentId = () => randomUUID();

/**
 * The app's real services over the sandbox with its real chains: the wallet
 * reads and sends through the sandbox nodes' JSON-RPC (unless `rpc: false`,
 * the app with no RPC configured), talking through the IPC router. A
 * `tokenServiceUrl` replaces the sandbox's price service (e.g. one that never answers).
 */
export async function startWalletKit(options: { rpc?: boolean; tokenServiceUrl?: string; deadlines?: Readonly<Deadlines>; rateLimits?: RateLimits; walletTiming?: Partial<WalletTiming> } = {}) {
  const sandbox: Sandbox = await startSandbox({ now: Math.floor(Date.now() / 1000), chain: true, ...(options.rateLimits ? { rateLimits: options.rateLimits } : {}) });
  const chain = sandbox.chain!;
  const dir = makeTempDir('cow-desk-wallet-');
  const log = recordingLogger();
  const open = () =>
    composeApp({
      userDataDir: dir.path,
      appVersion: '0.1.0',
      log,
      keychainService: KEYCHAIN_SERVICE,
      defaultEndpoints: { production: { orderbook: sandbox.orderbookUrl, tokenService: options.tokenServiceUrl ?? sandbox.bffUrl } },
      tokenListUrls: sandboxTokenListUrls(sandbox.bffUrl),
      tradeTiming: { pollMs: 100 },
      // The sandbox chain mines on demand: the block watch reads each new block within moments, not at the shipped 4 s (1 s while a transaction is pending).
      walletTiming: options.walletTiming ?? { blockPollMs: 250 },
      ...(options.rpc === false ? {} : { defaultRpcUrls: chain.rpcUrls }),
      ...(options.deadlines ? { deadlines: options.deadlines } : {}),
    });
  let services: Services = open();
  let open_ = true;
  const close = async () => {
    if (open_) await services.close();
    open_ = false;
  };
  const transactionEvents: TxRecord[] = [];
  const listen = () => services.events.subscribe((event, payload) => event === 'wallet.transactionChanged' && transactionEvents.push(payload as TxRecord));
  listen();

  async function call<C extends CommandName>(command: C, input: CommandInput<C>): Promise<CommandOutput<C>> {
    const envelope = await services.router.handle(command, input);
    if (!envelope.ok) {
      // An INTERNAL answer says only "see the log": put the log's last line into the failure.
      const detail = envelope.error.code === 'INTERNAL' ? ` (${JSON.stringify(log.lines.at(-1))})` : '';
      throw new CommandError(envelope.error.code, envelope.error.message + detail, envelope.error.retryable);
    }
    return envelope.value as CommandOutput<C>;
  }

  async function failure(promise: Promise<unknown>): Promise<CommandError> {
    try {
      await promise;
    } catch (error) {
      if (error instanceof CommandError) return error;
      throw error;
    }
    throw new Error('expected the command to fail');
  }

  /** A send as the transaction dialog makes it: after the preview, with its digest. */
  async function send(intent: TxIntentInput, passphrase?: string): Promise<TxRecord> {
    return call('wallet.send', await confirmedSend(call, intent, passphrase));
  }

  /**
   * The dialog's "Sign and send" pressed again for a click, with the digest it showed (`PREVIEW`
   * of a child's lines): a journalled click is answered from the journal; a transaction that
   * changed meanwhile comes back PREVIEW_MISMATCH with the fresh preview, which the dialog shows
   * and the user confirms once more.
   */
  async function resend(intent: TxIntentInput, shownDigest: string): Promise<TxRecord> {
    const answer = await services.router.handle('wallet.send', { intent, expectedDigest: shownDigest });
    const fresh = !answer.ok && answer.error.code === 'PREVIEW_MISMATCH' ? (answer.error.details?.preview as TxPreview | undefined) : undefined;
    if (fresh) return call('wallet.send', { intent, expectedDigest: fresh.digest });
    if (!answer.ok) throw new CommandError(answer.error.code, answer.error.message, answer.error.retryable);
    return answer.value as TxRecord;
  }

  /** Receipts are read on new blocks; tests ask at once instead of waiting for the poll. */
  async function settled(intentId: string): Promise<TxRecord> {
    await services.wallet.transactions!.reconcile();
    const record = (await call('wallet.transactions', {})).find((row) => row.intentId === intentId && row.status !== 'replaced');
    if (!record) throw new Error(`no transaction for intent ${intentId}`);
    return record;
  }

  /**
   * The click's transaction once the app itself has settled it: no one calls reconcile, the
   * shipped block watcher does. Resolves with the record and when its change event came.
   */
  async function settledByApp(intentId: string, withinMs: number): Promise<{ record: TxRecord; at: number }> {
    const started = Date.now();
    for (;;) {
      const event = transactionEvents.find((one) => one.intentId === intentId && !isPendingTx(one.status) && one.status !== 'replaced');
      if (event) return { record: event, at: event.updatedAt };
      if (Date.now() - started > withinMs) {
        const rows = (await call('wallet.transactions', {})).filter((row) => row.intentId === intentId);
        throw new Error(`intent ${intentId} not settled by the app within ${withinMs} ms: ${JSON.stringify(rows.map((row) => [row.status, row.error]))}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  return {
    sandbox,
    chain,
    settledByApp,
    dir: dir.path,
    get services() {
      return services;
    },
    transactionEvents,
    call,
    failure,
    send,
    resend,
    /** The digest a child printed as PREVIEW before it sent. */
    shownDigest: (lines: readonly string[]) => lines.find((line) => line.startsWith('PREVIEW '))?.slice('PREVIEW '.length) ?? '',
    /** The send's input after the preview (confirmedSend): for a test that sends one click more than once. */
    confirm: (intent: TxIntentInput, passphrase?: string) => confirmedSend(call, intent, passphrase),
    signOrder: (draft: OrderDraft, passphrase?: string) => signConfirmed(call, draft, passphrase),
    settled,
    importKey: (privateKey: `0x${string}`, label = 'Trader') => call('accounts.importKey', { label, privateKey, vault: 'keychain' }),
    /** Closes the services and opens them again on the same files: an app restart. */
    async restart() {
      await close();
      services = open();
      open_ = true;
      listen();
      return services;
    },
    /** Closes the services (a child process is about to use the same files). */
    close,
    nonce: (address: Address) => chain.client(1).getTransactionCount({ address }),
    async stop() {
      await close();
      await sandbox.close();
      dir.remove();
      const keytar = await loadKeytar();
      for (const { account } of await keytar.findCredentials(KEYCHAIN_SERVICE)) await keytar.deletePassword(KEYCHAIN_SERVICE, account);
    },
  };
}

export type WalletKit = Awaited<ReturnType<typeof startWalletKit>>;
