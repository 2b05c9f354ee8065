import type { Environment } from '../../main/common/protocol/environments';
import { bffFlavor } from './bff/answers';
import { createBffHandler } from './bff/router';
import { createFaults, type FaultSettings } from './http/faults';
import { createLostAnswers, type LostAnswerRule } from './http/lost-answer';
import { startService, type RequestLogEntry } from './http/service';
import { orderbookFlavor } from './orderbook/answers';
import { markCancelled } from './orderbook/cancel-orders';
import { createOrderbookHandler, type RateLimits } from './orderbook/router';
import { toApiOrder } from './order-view';
import { createPrng } from './prng';
import { seedOrders } from './seed-orders';
import { settleBatch, type SettlementReport } from './settlement/settle';
import { createState } from './state';

export type { SettlementFill, SettlementReport } from './settlement/settle';
export type { FaultSettings } from './http/faults';
export type { LostAnswerRule, LostAnswerMode } from './http/lost-answer';
export type { RequestLogEntry } from './http/service';
export type { RateLimits } from './orderbook/router';
export { TEST_ACCOUNTS, FUNDED_UNITS, UNCONVERTIBLE_UID, ETHFLOW_CONTRACT, SOLVER, type TestAccount } from './account-fixtures';
export { TOKENS, NATIVE_USD, NO_PRICE_TOKEN, UNSUPPORTED_TOKEN, findToken, type TokenFixture } from './token-fixtures';
export { POOL_COUNTS } from './bff/pools-fixture';

/** Fixed start time (2027-01-15T08:00:00Z) so dates in tests never depend on the day they run. */
export const DEFAULT_NOW = 1_800_000_000;

export interface SandboxSeed {
  /** PRNG seed: same seed, same pools, holders, shuffles, tx hashes and fault draws. Default 1. */
  random?: number;
  /** Give TEST_ACCOUNTS their balances, allowances and ban (default true). */
  fundTestAccounts?: boolean;
}

export interface SandboxOptions {
  /** Unix seconds the sandbox clock starts at (default DEFAULT_NOW). */
  now?: number;
  seed?: SandboxSeed;
  /** Which settlement contract signatures are verified against (default production). */
  environment?: Environment;
  /** Real-time limits; default the live 10 quotes and 5 submissions per second. */
  rateLimits?: RateLimits;
}

export interface Sandbox {
  /** Append `/{segment}/api/v1/...` (mainnet, xdai, sepolia, arbitrum_one, base). */
  orderbookUrl: string;
  /** Append `/{chainId}/tokens/...`, `/{chainId}/yield/...`, `/accounts/{addr}/notifications`. */
  bffUrl: string;
  environment: Environment;
  clock: { now(): number; advance(seconds: number): void };
  /** One batch auction: fills open orders whose limit the price table meets (partiallyFillable ones by `partialFraction`, default 0.5). */
  settle(options?: { partialFraction?: number }): SettlementReport;
  ledger: {
    setBalance(chainId: number, owner: string, token: string, amount: bigint): void;
    /** Allowance to the vault relayer. */
    setAllowance(chainId: number, owner: string, token: string, amount: bigint): void;
    ban(owner: string): void;
    balance(chainId: number, owner: string, token: string): bigint;
  };
  prices: { set(chainId: number, token: string, usd: number | null): void; get(chainId: number, token: string): number | null };
  notifications: { setEnabled(enabled: boolean): void; add(account: string, item: unknown): void; list(account: string): unknown[] };
  orders: {
    /** History straight into the store; UIDs newest first (the account listing's order). */
    seed(chainId: number, owner: string, count: number, options?: { openShare?: number }): string[];
    /** The order in the API's shape, or undefined. */
    get(uid: string): unknown;
    /** The owner invalidated the order on the settlement contract. */
    cancelOnChain(uid: string): void;
    /** The owner called setPreSignature(uid, true): a presign order becomes open. */
    presign(uid: string): void;
  };
  faults: { set(faults: FaultSettings): void; clear(): void };
  /** The orderbook does the work (stores the order) and then loses its answer. */
  lostAnswers: { set(...rules: LostAnswerRule[]): void; clear(): void; lost(): number };
  /** Every request both services saw, oldest first. */
  requests: RequestLogEntry[];
  resetRequests(): void;
  close(): Promise<void>;
}

export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const environment = options.environment ?? 'production';
  const random = options.seed?.random ?? 1;
  const state = createState({ now: options.now ?? DEFAULT_NOW, seed: random, environment, fundTestAccounts: options.seed?.fundTestAccounts ?? true });
  // Faults draw from their own stream so switching them on does not change fixtures.
  const faults = createFaults(createPrng(random ^ 0x5eed));
  const requests: RequestLogEntry[] = [];
  const lostAnswers = createLostAnswers();
  const orderbook = await startService({ handle: createOrderbookHandler(state, options.rateLimits), flavor: orderbookFlavor, faults, log: requests, lostAnswers });
  const bff = await startService({ handle: createBffHandler(state), flavor: bffFlavor, faults, log: requests });

  const orderOf = (uid: string) => {
    const order = state.orders.get(uid.toLowerCase());
    if (!order) throw new Error(`The sandbox has no order ${uid}`);
    return order;
  };

  return {
    orderbookUrl: orderbook.url,
    bffUrl: bff.url,
    environment,
    clock: state.clock,
    settle: (settleOptions = {}) => settleBatch(state, settleOptions.partialFraction ?? 0.5),
    ledger: {
      setBalance: (chainId, owner, token, amount) => state.ledger.setBalance(chainId, owner, token, amount),
      setAllowance: (chainId, owner, token, amount) => state.ledger.setAllowance(chainId, owner, token, amount),
      ban: (owner) => state.ledger.ban(owner),
      balance: (chainId, owner, token) => state.ledger.balance(chainId, owner, token),
    },
    prices: { set: (chainId, token, usd) => state.prices.set(chainId, token, usd), get: (chainId, token) => state.prices.usd(chainId, token) },
    notifications: {
      setEnabled: (enabled) => state.notifications.setEnabled(enabled),
      add: (account, item) => state.notifications.add(account, item),
      list: (account) => state.notifications.list(account),
    },
    orders: {
      seed: (chainId, owner, count, seedOptions = {}) => seedOrders(state, chainId, owner, count, seedOptions.openShare),
      get: (uid) => {
        const order = state.orders.get(uid.toLowerCase());
        return order ? toApiOrder(order, state) : undefined;
      },
      cancelOnChain: (uid) => {
        const order = orderOf(uid);
        markCancelled(state, order, order.ethflow?.sender ?? order.owner);
      },
      presign: (uid) => {
        const order = orderOf(uid);
        if (order.phase !== 'presignaturePending') throw new Error(`Order ${uid} is ${order.phase}, not waiting for a pre-signature`);
        order.phase = 'open';
      },
    },
    faults: { set: (settings) => faults.set(settings), clear: () => faults.clear() },
    lostAnswers: { set: (...rules) => lostAnswers.set(...rules), clear: () => lostAnswers.clear(), lost: () => lostAnswers.lost() },
    requests,
    resetRequests: () => {
      requests.length = 0;
    },
    close: async () => {
      await Promise.all([orderbook.close(), bff.close()]);
    },
  };
}
