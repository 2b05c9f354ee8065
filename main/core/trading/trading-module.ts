import { AppError } from '../../common/errors';
import type { CancelResult } from '../../common/ipc/commands/trade';
import type { ApiOrder } from '../../common/protocol/api';
import type { Environment } from '../../common/protocol/environments';
import type { TokenLookup } from '../../common/protocol/tokens';
import type { ApiClient } from '../api/api-client';
import type { HistoryModule } from '../history/history-module';
import type { EventBus } from '../ipc/event-bus';
import type { Handlers } from '../ipc/router';
import type { Logger } from '../log';
import type { SettingsService } from '../settings/settings-service';
import type { AccountService } from '../signer/account-service';
import type { OrderSigner } from '../signer/order-signer';
import { cancelOrders } from './cancel-service';
import { openOrders, replacementProblem } from './open-orders';
import { OrderTracker, type TrackerTiming } from './order-tracker';
import { progressOf } from '../../common/trade/order-progress';
import { QuoteService } from './quote-service';
import { resendJournalled, submitSigned, type SubmitDeps } from './submit-flow';

type TradeCommand = 'trade.quote' | 'trade.submit' | 'trade.resend' | 'trade.replace' | 'trade.openOrders' | 'trade.tracked' | 'trade.composing' | 'trade.track' | 'trade.cancel';

export interface TradingModuleOptions {
  api: ApiClient;
  settings: SettingsService;
  history: HistoryModule;
  /** Absent without a database: quoting works, submitting does not. */
  signing: { accounts: AccountService; signer: OrderSigner } | undefined;
  environment: () => Environment;
  events: EventBus;
  /** Names tokens in messages: the token lists and the user's imports. */
  tokens: TokenLookup;
  log: Logger;
  timing?: Partial<TrackerTiming>;
  nowSeconds?: () => number;
}

export interface TradingModule {
  readonly handlers: Pick<Handlers, TradeCommand>;
  readonly tracker: OrderTracker;
  close(): void;
}

/**
 * The order composer's main side: quotes, the submit flow (through the
 * history's submission journal, so nothing sent is ever lost), tracking of
 * submitted orders until final, and cancellation.
 */
export function createTradingModule(options: TradingModuleOptions): TradingModule {
  const { api, settings, history, events } = options;
  const explorerBase = () => settings.endpoints().explorer;
  const nowSeconds = options.nowSeconds ?? (() => Math.floor(Date.now() / 1000));
  const quotes = new QuoteService(() => api, options.tokens);
  // The history stores the order as the service now has it (and so records its transition), through its service.
  const storeInHistory = (chainId: number, order: ApiOrder, how: { placedSinceLastLook?: boolean } = {}) => {
    try {
      history.storeOrders(chainId, [order], how);
    } catch (error) {
      options.log.error('storing a tracked order in the history failed', { uid: order.uid, error: String(error) });
    }
  };
  const tracker = new OrderTracker({
    orderbook: () => api.orderbook,
    explorerBase,
    onProgress: (progress) => events.emit('trade.orderUpdated', progress),
    onServiceChange: storeInHistory,
    log: options.log,
    ...(options.timing ? { timing: options.timing } : {}),
  });
  // Changes stored by anyone (the sync, the watcher, a cancellation from History) reach the tracked orders at once.
  // The tracker only shows this session's orders, so it reads the stream from where it stands now.
  let seen = history.transitions?.latestId() ?? 0;
  const followTransitions = () => {
    const stream = history.transitions;
    if (!stream) return;
    for (let changes = stream.after(seen); changes.length > 0; changes = stream.after(seen)) {
      for (const change of changes) {
        const stored = tracker.get(change.uid) ? history.orderOf(change.uid) : undefined;
        if (stored) tracker.learn(stored.chainId, stored.order);
      }
      seen = changes.at(-1)!.id;
    }
  };
  const unsubscribe = events.subscribe((event) => {
    if (event === 'history.changed') followTransitions();
  });
  const needStore = () => {
    const journal = history.journal;
    if (!journal || !options.signing) {
      throw new AppError('STORE_UNAVAILABLE', "CoW Desk's local database is not available, so orders cannot be journalled and are not sent.");
    }
    return { journal, ...options.signing };
  };

  const submitDeps = (): SubmitDeps => ({ orderbook: () => api.orderbook, journal: needStore().journal, environment: options.environment, explorerBase, nowSeconds });

  return {
    tracker,
    handlers: {
      'trade.quote': (input) => quotes.quote(input),
      'trade.submit': async ({ draft, signed, quoteId, acknowledgeUnclear }) => {
        const result = await submitSigned(submitDeps(), draft, signed, quoteId, { acknowledgeUnclear });
        tracker.watch(result.order);
        return result;
      },
      'trade.resend': async ({ uid }) => {
        const result = await resendJournalled(submitDeps(), uid);
        tracker.watch(result.order);
        return result;
      },
      'trade.openOrders': ({ account, chainId }) =>
        openOrders(
          {
            liveUids: (owner, chain, environment) => history.liveUids(owner, chain, environment),
            orderOf: (uid) => history.orderOf(uid),
            usdPrice: (chain, token) => api.tokenService.usdPrice(chain, token).then((answer) => answer.price),
            environment: options.environment,
          },
          account,
          chainId,
        ),
      'trade.replace': async ({ replaces, draft, signed, quoteId }) => {
        const problem = replacementProblem(replaces, draft.fullAppData, draft.account, draft.chainId, history.orderOf(replaces));
        if (problem) throw new AppError('BAD_REPLACEMENT', problem);
        // The new order first: if it is refused, the old one stays open and nothing is lost.
        const placed = await submitSigned(submitDeps(), draft, signed, quoteId);
        tracker.watch(placed.order);
        const cancelled = await cancel([replaces]);
        return { placed, cancelled };
      },
      'trade.tracked': () => tracker.list(),
      'trade.composing': () => {
        api.expectUser();
        return null;
      },
      'trade.track': async ({ chainId, uid }) => {
        const order = await api.orderbook.getOrder(chainId, uid);
        // An order the user just placed (EthFlow's, once on chain): one the History does not hold yet is stored as
        // placed, then as read, so a fill is a change from a known state and told, even one that came before this read.
        storeInHistory(chainId, order, { placedSinceLastLook: true });
        const progress = progressOf(order, chainId, explorerBase());
        tracker.watch(progress);
        return progress;
      },
      'trade.cancel': async ({ orderUids, passphrase }) => cancel(orderUids, passphrase),
    },
    close() {
      unsubscribe();
      tracker.stop();
    },
  };

  /** Off-chain batch cancellation where possible (trade.cancel, and the old order of a replacement). */
  async function cancel(orderUids: `0x${string}`[], passphrase?: string): Promise<CancelResult> {
    const { accounts, signer } = needStore();
    // A UID does not say its chain: an order of this session is tracked, an earlier one is in the history (it may be
    // on another chain than the active one); only a UID known to neither is looked up on the active chain.
    const chains = new Map<string, number>(orderUids.map((uid) => [uid, tracker.get(uid)?.chainId ?? history.orderOf(uid)?.chainId ?? settings.current().activeChainId]));
    const chainOf = (uid: string) => chains.get(uid)!;
    const result = await cancelOrders({ orderbook: () => api.orderbook, accounts, signer, environment: options.environment, chainOf }, orderUids, passphrase);
    // The cancelled orders as the service now holds them, read as part of this action (the user's lane), so the
    // answer comes with them shown cancelled; never behind a poll of every tracked order on the background lane.
    // One by_uids read a chain, not one read an order: a batch of 128 would take most of the action's deadline.
    // Orders from earlier sessions are not tracked: the history still gets their new status. A read that fails
    // leaves them to the tracker's next poll and the sync: the cancellation itself is confirmed.
    const byChain = new Map<number, string[]>();
    for (const uid of result.cancelled) byChain.set(chainOf(uid), [...(byChain.get(chainOf(uid)) ?? []), uid]);
    await Promise.all(
      [...byChain].map(async ([chainId, uids]) => {
        const read = await api.orderbook.ordersByUids(chainId, uids).catch((error: unknown) => {
          options.log.warn('reading cancelled orders back failed; the next poll or sync shows them', { chainId, uids, error: String(error) });
          return undefined;
        });
        for (const missing of read?.errors ?? []) options.log.warn('a cancelled order could not be read back; the next poll or sync shows it', { chainId, ...missing });
        for (const order of read?.orders ?? []) {
          tracker.learn(chainId, order);
          storeInHistory(chainId, order);
        }
      }),
    );
    return result;
  }
}
