import type { Address } from 'viem';
import type { CommandInput, CommandName, CommandOutput } from '../../../main/common/ipc/contract';
import type { OrderDraft } from '../../../main/common/ipc/commands/signing';
import type { DesktopNotification } from '../../../main/common/notifications/notifier';
import { appDataFor } from '../../../main/common/trade/app-data-doc';
import { marketOrderAmounts } from '../../../main/common/trade/order-math';
import { loadKeytar } from '../../../main/core/signer/keychain-vault';
import { systemClock } from '../../../main/core/clock';
import { type Services } from '../../../main/core/services';
import { composeApp } from '../../helpers/compose-app';
import { signConfirmed } from '../../helpers/confirm';
import { startSandbox, TEST_ACCOUNTS, type RateLimits, type Sandbox } from '../../sandbox';
import { recordingLogger } from '../../helpers/recording-logger';
import { makeTempDir } from '../../helpers/temp-dir';
import { sandboxTokenListUrls } from '../../sandbox/bff/token-lists';
import { testKeychainService } from '../../helpers/keychain-service';

const KEYCHAIN_SERVICE = testKeychainService('CoW Desk watcher tests');

/**
 * The app's real services against the sandbox, with a recording Notifier and
 * the watcher's clock in the test's hand. The watcher never runs on a timer
 * here: tests call tick() and look at what it did. restart() closes the
 * services and opens new ones on the same database, as a relaunch would.
 */
export async function startWatcherKit(options: { trackerPollMs?: number; walletNode?: boolean; rateLimits?: RateLimits } = {}) {
  // Orders the app places are settled on the sandbox chain by GPv2Settlement (sandbox.onChain).
  const sandbox: Sandbox = await startSandbox({ now: Math.floor(Date.now() / 1000), chain: true, ...(options.rateLimits ? { rateLimits: options.rateLimits } : {}) });
  const dir = makeTempDir('cow-desk-watcher-');
  const shown: DesktopNotification[] = [];
  const clock = { now: Date.now() };
  const startedAt = clock.now;
  /** Whether the app has the sandbox chain's node as the wallet's (fills are dated by their block through it). */
  let walletNode = options.walletNode ?? true;
  /** What the app running now has logged (a new log at each restart). */
  let log = recordingLogger();
  const open = (): Services =>
    composeApp({
      userDataDir: dir.path,
      appVersion: '0.1.0',
      log: (log = recordingLogger()),
      keychainService: KEYCHAIN_SERVICE,
      defaultEndpoints: {
        production: { orderbook: sandbox.orderbookUrl, tokenService: sandbox.bffUrl },
        staging: { orderbook: sandbox.orderbookUrl, tokenService: sandbox.bffUrl },
      },
      tokenListUrls: sandboxTokenListUrls(sandbox.bffUrl),
      notifier: { show: (notification) => void shown.push(notification) },
      // The wallet's node of the sandbox chain: fills are dated by their trade's block.
      defaultRpcUrls: walletNode ? sandbox.chain!.rpcUrls : {},
      watcherNow: () => clock.now,
      // The API client's time runs on, plus the test's jumps: a jump ages its caches too (the notification list's 300 s).
      apiClock: { now: () => Date.now() + (clock.now - startedAt), sleep: systemClock.sleep },
      ...(options.trackerPollMs ? { tradeTiming: { pollMs: options.trackerPollMs } } : {}),
    });
  const kit = {
    sandbox,
    shown,
    clock,
    services: open(),
    get log() {
      return log;
    },
    async restart(options: { walletNode?: boolean } = {}) {
      walletNode = options.walletNode ?? walletNode;
      await kit.services.close();
      kit.services = open();
    },
    tick: () => kit.services.watcher.watcher!.tick(),
    /** The trader's key imported and chain 1 the only one on. */
    async traderOnMainnet() {
      await kit.call('accounts.importKey', { label: 'Trader', privateKey: TEST_ACCOUNTS.trader.privateKey, vault: 'keychain' });
      await kit.call('settings.update', { enabledChains: [1] });
    },
    /** The trader on chain 1 with every order alert wanted, as in the trader's walk-through. */
    async traderWithEveryAlert() {
      await kit.traderOnMainnet();
      await kit.call('settings.update', { notifications: EVERY_ORDER_ALERT });
    },
    /** The titles of the notifications shown for an order, oldest first ("Order filled"). */
    shownFor: (uid: string) => shown.filter((entry) => entry.target.view === 'history' && entry.target.orderUid === uid.toLowerCase()).map((entry) => entry.title.split(':')[0]),
    async call<C extends CommandName>(command: C, input: CommandInput<C>): Promise<CommandOutput<C>> {
      const envelope = await kit.services.router.handle(command, input);
      if (!envelope.ok) throw new Error(`${envelope.error.code}: ${envelope.error.message}`);
      return envelope.value as CommandOutput<C>;
    },
    /** Quotes, signs and submits a mainnet sell order; `limitFactor` > 1 asks for more than the market gives (never fills). */
    async submit(account: Address, options: { sellToken: Address; buyToken: Address; slippageBips?: number; partiallyFillable?: boolean; validFor?: number; limitFactor?: bigint; amount?: bigint }) {
      const slippageBips = options.slippageBips ?? 50;
      const { fullAppData } = appDataFor({ environment: 'production', orderClass: 'market', slippageBips });
      const quote = await kit.call('trade.quote', {
        account,
        chainId: 1,
        sellToken: options.sellToken,
        buyToken: options.buyToken,
        kind: 'sell',
        amount: (options.amount ?? 10n ** 18n).toString(),
        receiver: null,
        validFor: 1800,
        partiallyFillable: options.partiallyFillable ?? false,
        fullAppData,
        signingScheme: 'eip712',
      });
      const amounts = marketOrderAmounts(
        { kind: quote.kind, sellAmount: BigInt(quote.sellAmount), buyAmount: BigInt(quote.buyAmount), feeAmount: BigInt(quote.feeAmount) },
        slippageBips,
      );
      const draft: OrderDraft = {
        account,
        chainId: 1,
        sellToken: quote.sellToken,
        buyToken: quote.buyToken,
        receiver: null,
        sellAmount: amounts.sellAmount.toString(),
        buyAmount: (amounts.buyAmount * (options.limitFactor ?? 1n)).toString(),
        validTo: Math.floor(Date.now() / 1000) + (options.validFor ?? 1800),
        kind: quote.kind,
        partiallyFillable: options.partiallyFillable ?? false,
        fullAppData,
        signingScheme: 'eip712',
      };
      const signed = await signConfirmed(kit.call, draft);
      return (await kit.call('trade.submit', { draft, signed, quoteId: null })).uid;
    },
    async stop() {
      await kit.services.close();
      await sandbox.close();
      dir.remove();
      const keytar = await loadKeytar();
      for (const { account } of await keytar.findCredentials(KEYCHAIN_SERVICE)) await keytar.deletePassword(KEYCHAIN_SERVICE, account);
    },
  };
  return kit;
}

/** The trader's walk-through settings: every order alert wanted, price improvements above 2%. */
export const EVERY_ORDER_ALERT = {
  events: { filled: true, partiallyFilled: true, expired: true, cancelled: true, priceImprovement: false, insufficientBalance: true },
  quietMode: false,
  priceImprovementBps: 200,
  backgroundWatching: true,
};

export type WatcherKit = Awaited<ReturnType<typeof startWatcherKit>>;

/** Requests to the notifications route since the sandbox started or was reset. */
export const notificationRequests = (sandbox: Sandbox) => sandbox.requests.filter((entry) => entry.path.endsWith('/notifications')).length;
