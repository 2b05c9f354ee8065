import type { Database } from 'better-sqlite3';
import { PeriodicTask } from '../periodic-task';
import type { Address } from 'viem';
import { AppError } from '../../common/errors';
import { isPendingTx } from '../../common/wallet/tx-status';
import type { Deadlines } from '../../common/limits';
import { CONTRACTS } from '../../common/protocol/contracts';
import type { Environment } from '../../common/protocol/environments';
import type { ApiClient } from '../api/api-client';
import type { EventBus } from '../ipc/event-bus';
import type { Handlers } from '../ipc/router';
import type { Logger } from '../log';
import type { SettingsService } from '../settings/settings-service';
import type { AccountService } from '../signer/account-service';
import { readBalances } from './balances';
import { ChainClients } from './chain-clients';
import { withNodeWords } from './node-deadline';
import { asNodeError } from './node-errors';
import { TxJournal } from './tx-journal';
import { WalletTransactions } from './wallet-transactions';

type WalletCommand = 'wallet.access' | 'wallet.balances' | 'wallet.preview' | 'wallet.send' | 'wallet.previewReplace' | 'wallet.replace' | 'wallet.transactions';

export interface WalletTiming {
  /** How often each chain with an RPC is asked for its block number (new block → refresh, receipts). */
  blockPollMs: number;
  /**
   * How often a chain where a transaction of ours waits for its block is
   * asked: "confirmed" then shows within about this long of the block, not a
   * whole blockPollMs later. The other chains keep blockPollMs.
   */
  pendingPollMs: number;
}

export const DEFAULT_WALLET_TIMING: WalletTiming = { blockPollMs: 4_000, pendingPollMs: 1_000 };

/** The wait before the next round of block reads: the shorter one while a transaction waits for its block. */
export function blockPollDelay(timing: WalletTiming, transactionPending: boolean): number {
  return transactionPending ? Math.min(timing.blockPollMs, timing.pendingPollMs) : timing.blockPollMs;
}

export interface WalletModuleOptions {
  db: Database | undefined;
  accounts: AccountService | undefined;
  settings: SettingsService;
  api: ApiClient;
  environment: () => Environment;
  events: EventBus;
  log: Logger;
  /** RPC URLs used where Settings has none: the sandbox's nodes in sandbox mode. */
  defaultRpcUrls?: Readonly<Record<number, string>>;
  timing?: Partial<WalletTiming>;
  /** Bounds of every JSON-RPC request (common/limits); the hostile-node tests shorten them. */
  deadlines?: Readonly<Deadlines>;
  /** Every JSON-RPC call goes through it (Node's; a test's, that reaches loopback only). */
  fetch?: typeof fetch;
}

export interface WalletModule {
  readonly handlers: Pick<Handlers, WalletCommand>;
  readonly clients: ChainClients;
  /** Absent without a database: reads work, sending does not. */
  readonly transactions: WalletTransactions | undefined;
  /** Reconciles the journal now and watches blocks from then on. */
  start(): Promise<void>;
  /** Whether blocks are watched (the composition's parity check reads it). */
  isRunning(): boolean;
  close(): void;
}

/**
 * The on-chain half of CoW Desk: reads (balances, allowances) and the
 * journalled transactions of the keychain signer, over one public client per
 * chain. Other modules use `transactions` (presign after submit, on-chain cancel).
 */
export function createWalletModule(options: WalletModuleOptions): WalletModule {
  const timing = { ...DEFAULT_WALLET_TIMING, ...options.timing };
  const clients = new ChainClients(options.settings, options.defaultRpcUrls, {
    ...(options.deadlines ? { deadlines: options.deadlines } : {}),
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  const journal = options.db ? new TxJournal(options.db) : undefined;
  const transactions =
    journal && options.accounts
      ? new WalletTransactions({
          clients,
          journal,
          accounts: options.accounts,
          environment: options.environment,
          usdPrice: (chainId, token) => options.api.tokenService.decorationUsdPrice(chainId, token),
          onChange: (record) => {
            options.events.emit('wallet.transactionChanged', record);
            // A transaction just sent: its chain is read at the pending pace from now, not after the wait armed before.
            if (isPendingTx(record.status)) blocks.reschedule();
          },
          uploadAppData: (chainId, hash, fullAppData) => options.api.orderbook.uploadAppData(chainId, hash, fullAppData),
          log: options.log,
        })
      : undefined;
  const needTransactions = () => {
    if (!transactions) throw new AppError('STORE_UNAVAILABLE', "CoW Desk's local database is not available, so transactions cannot be journalled and are not sent.");
    return transactions;
  };

  const lastBlock = new Map<number, number>();
  /** What each chain's node last did wrong, so the views hear of a change once, not every round. */
  const problems = new Map<number, string>();
  const nodeStatus = (chainId: number, problem: string | null) => {
    if ((problems.get(chainId) ?? null) === problem) return;
    if (problem === null) problems.delete(chainId);
    else problems.set(chainId, problem);
    options.events.emit('wallet.nodeStatus', { chainId, problem });
  };
  let closed = false;
  /** Configured chains where a transaction waits for its block: read every round; a journal that cannot be read names none. */
  const pendingChains = (): Set<number> => {
    try {
      const pending = new Set(journal?.pendingChains());
      return new Set(clients.configured().filter((chainId) => pending.has(chainId)));
    } catch (error) {
      options.log.warn('wallet: the journal could not be read for pending transactions', { reason: error instanceof Error ? error.message : String(error) });
      return new Set();
    }
  };
  /** When each chain's block number was last asked for (Date.now()). */
  const lastRead = new Map<number, number>();
  // One round: the block number of every chain that is due (pending, or blockPollMs since its last read); a new
  // block anywhere reconciles the journal (receipts, rebroadcasts) and tells the views in sight to refresh. A node
  // that fails is asked again next round.
  const poll = async () => {
    if (closed) return;
    try {
      let moved = false;
      const pending = pendingChains();
      for (const chainId of clients.configured()) {
        const now = Date.now();
        if (!pending.has(chainId) && now - (lastRead.get(chainId) ?? -Infinity) < timing.blockPollMs) continue;
        lastRead.set(chainId, now);
        const block = await clients.blockNumber(chainId).then(Number, (error: unknown) => {
          nodeStatus(chainId, asNodeError(clients.nodeName(chainId), error).message);
          return undefined;
        });
        if (closed) return;
        if (block !== undefined) nodeStatus(chainId, null);
        if (block === undefined || lastBlock.get(chainId) === block) continue;
        lastBlock.set(chainId, block);
        moved = true;
        options.events.emit('wallet.newBlock', { chainId, blockNumber: block });
      }
      if (moved) await transactions?.reconcile();
    } catch (error) {
      if (!closed) options.log.warn('wallet: block poll failed', { reason: error instanceof Error ? error.message.split('\n')[0] : String(error) });
    }
  };
  const blocks = new PeriodicTask({ name: 'wallet block watch', run: poll, nextInMs: () => blockPollDelay(timing, pendingChains().size > 0), log: options.log });

  return {
    clients,
    transactions,
    start: async () => {
      if (closed) return;
      blocks.start({ runFirst: false });
      // At start the whole journal, whatever the block: a crash may have left signed bytes unsent.
      await transactions?.reconcile().catch((error: unknown) => {
        if (!closed) options.log.warn('wallet: reconcile at start failed', { reason: error instanceof Error ? error.message.split('\n')[0] : String(error) });
      });
    },
    isRunning: () => blocks.isStarted,
    close: () => {
      closed = true;
      transactions?.stop();
      void blocks.stop();
    },
    handlers: withNodeWords(clients, (intentId) => transactions?.chainOf(intentId), {
      'wallet.access': ({ chainId }) => {
        const reason = clients.unavailableReason(chainId);
        return { chainId, available: reason === null, reason };
      },
      'wallet.balances': ({ account, chainId, tokens }) =>
        readBalances(clients.get(chainId), { chainId, account: account as Address, tokens, spender: CONTRACTS[options.environment()].vaultRelayer }),
      'wallet.preview': (intent) => needTransactions().preview(intent),
      'wallet.send': ({ intent, passphrase, expectedDigest }) => needTransactions().send(intent, passphrase, expectedDigest),
      'wallet.previewReplace': ({ intentId, mode }) => needTransactions().previewReplace(intentId, mode),
      'wallet.replace': ({ intentId, mode, passphrase, expectedDigest }) => needTransactions().replace(intentId, mode, passphrase, expectedDigest),
      'wallet.transactions': ({ account }) => needTransactions().list(account),
    }),
  };
}
