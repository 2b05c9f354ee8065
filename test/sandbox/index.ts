import { erc20Abi, type Address, type Hex } from 'viem';
import type { Environment } from '../../main/common/protocol/environments';
import { bffFlavor } from './bff/answers';
import { startChains, type SandboxChains } from './chain';
import { placePoolPairs } from './chain/pool-pairs';
import { approveFor, setTokenBalance } from './chain/funds';
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
import { ownerCalls, settleOnChain, syncFromChain } from './settlement/chain-settle';
import { settleBatch, type SettlementReport } from './settlement/settle';
import type { OrderRecord } from './records';
import { createState, type SandboxState } from './state';

export type { SettlementFill, SettlementReport } from './settlement/settle';
export type { FaultSettings } from './http/faults';
export type { LostAnswerRule, LostAnswerMode } from './http/lost-answer';
export type { RequestLogEntry } from './http/service';
export type { RateLimits } from './orderbook/router';
export { TEST_ACCOUNTS, FUNDED_UNITS, UNCONVERTIBLE_UID, ETHFLOW_CONTRACT, SOLVER, type TestAccount } from './account-fixtures';
export { TOKENS, NATIVE_USD, NO_PRICE_TOKEN, UNSUPPORTED_TOKEN, UNLISTED_TOKEN, findToken, type TokenFixture } from './token-fixtures';
export { POOL_COUNTS } from './bff/pools-fixture';
export type { SandboxChains, ChainClient } from './chain';

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
  /**
   * Start a real EVM per chain (Hardhat EDR, in-process) with the production
   * CoW contracts and the tokens as ERC-20s: `sandbox.chain`. Default false.
   */
  chain?: boolean;
  /**
   * Fixed ports: the orderbook on this one, the token service on the next, the
   * chains' JSON-RPC on the ones after (in SANDBOX_CHAIN_IDS order). Default
   * any free ports (tests run many sandboxes at once).
   */
  firstPort?: number;
}

export interface Sandbox {
  /** Append `/{segment}/api/v1/...` (mainnet, xdai, sepolia, arbitrum_one, base). */
  orderbookUrl: string;
  /** Append `/{chainId}/tokens/...`, `/{chainId}/yield/...`, `/accounts/{addr}/notifications`. */
  bffUrl: string;
  environment: Environment;
  /** With `chain: true`: RPC URLs per chain id, viem clients, the contracts and the public test keys. */
  chain?: SandboxChains;
  /**
   * With `chain: true` (production): the chain is the truth, so these replace
   * settle(), ledger.* and orders.presign/cancelOnChain, which then throw.
   */
  onChain?: {
    /** One batch settled by GPv2Settlement.settle(); fills come from the receipt's Trade events. */
    settle(options?: { partialFraction?: number }): Promise<SettlementReport>;
    /** The owner's setPreSignature(uid, true) transaction; the order opens. */
    presign(uid: string): Promise<Hex>;
    /** The owner's invalidateOrder(uid) transaction; the order is cancelled (onchainUser stays as placed). */
    invalidate(uid: string): Promise<Hex>;
    /** Reads presignatures and invalidations that wallets sent over RPC. */
    sync(): Promise<void>;
    setBalance(chainId: number, owner: Address, token: Address, amount: bigint): Promise<void>;
    /** Allowance to the vault relayer, approved by the owner. */
    setAllowance(chainId: number, owner: Address, token: Address, amount: bigint): Promise<void>;
    balance(chainId: number, owner: Address, token: Address): Promise<bigint>;
  };
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
  const now = options.now ?? DEFAULT_NOW;
  const fundTestAccounts = options.seed?.fundTestAccounts ?? true;
  const port = (offset: number) => (options.firstPort ? options.firstPort + offset : 0);
  const chain = options.chain ? await startChains({ now, fundTestAccounts, firstPort: port(2) }) : undefined;
  const state = createState({ now, seed: random, environment, fundTestAccounts, chain });
  // The yield endpoint's pools are contracts on these chains, naming their token pairs.
  if (chain) await Promise.all(chain.chainIds.map((chainId) => placePoolPairs(chain.client(chainId), random)));
  // Faults draw from their own stream so switching them on does not change fixtures.
  const faults = createFaults(createPrng(random ^ 0x5eed));
  const requests: RequestLogEntry[] = [];
  const lostAnswers = createLostAnswers();
  const orderbook = await startService({ handle: createOrderbookHandler(state, options.rateLimits), flavor: orderbookFlavor, faults, log: requests, lostAnswers, port: port(0) });
  const bff = await startService({ handle: createBffHandler(state), flavor: bffFlavor, faults, log: requests, port: port(1) });

  const orderOf = (uid: string) => {
    const order = state.orders.get(uid.toLowerCase());
    if (!order) throw new Error(`The sandbox has no order ${uid}`);
    return order;
  };
  const onChain = chain && environment === 'production' ? chainHandle(state, chain, orderOf) : undefined;
  // With real chains the ledger is no longer what the orderbook reads: refuse to pretend.
  const ledgerOnly = <T>(name: string, run: () => T): T => {
    if (onChain) throw new Error(`This sandbox runs real chains: use sandbox.onChain instead of ${name}`);
    return run();
  };

  return {
    orderbookUrl: orderbook.url,
    bffUrl: bff.url,
    environment,
    chain,
    clock: state.clock,
    onChain,
    settle: (settleOptions = {}) => ledgerOnly('settle()', () => settleBatch(state, settleOptions.partialFraction ?? 0.5)),
    ledger: {
      setBalance: (chainId, owner, token, amount) => ledgerOnly('ledger.setBalance', () => state.ledger.setBalance(chainId, owner, token, amount)),
      setAllowance: (chainId, owner, token, amount) => ledgerOnly('ledger.setAllowance', () => state.ledger.setAllowance(chainId, owner, token, amount)),
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
        const order = ledgerOnly('orders.cancelOnChain', () => orderOf(uid));
        markCancelled(state, order);
      },
      presign: (uid) => {
        const order = ledgerOnly('orders.presign', () => orderOf(uid));
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
      await Promise.all([orderbook.close(), bff.close(), chain?.close()]);
    },
  };
}

function chainHandle(state: SandboxState, chain: SandboxChains, orderOf: (uid: string) => OrderRecord): NonNullable<Sandbox['onChain']> {
  return {
    settle: (options = {}) => settleOnChain(state, chain, options.partialFraction ?? 0.5),
    presign: async (uid) => {
      const hash = await ownerCalls(chain, orderOf(uid), 'setPreSignature');
      await syncFromChain(state, chain);
      return hash;
    },
    invalidate: async (uid) => {
      const hash = await ownerCalls(chain, orderOf(uid), 'invalidateOrder');
      await syncFromChain(state, chain);
      return hash;
    },
    sync: () => syncFromChain(state, chain),
    setBalance: (chainId, owner, token, amount) => setTokenBalance(chain.client(chainId), token, owner, amount),
    setAllowance: (chainId, owner, token, amount) => approveFor(chain.client(chainId), token, owner, chain.contracts.vaultRelayer, amount),
    balance: (chainId, owner, token) => chain.client(chainId).readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [owner] }),
  };
}
