import type { Environment } from '../../main/common/protocol/environments';
import { TEST_ACCOUNTS } from './account-fixtures';
import type { SandboxChains } from './chain';
import { createClock, isoMicros, type SandboxClock } from './clock';
import { createLedger, type Ledger } from './ledger';
import { createNotificationCenter, type NotificationCenter } from './notifications';
import { createPriceTable, type PriceTable } from './price-table';
import { createPrng, type Prng } from './prng';
import type { CompetitionRecord, OrderRecord, StoredQuote, TradeRecord } from './records';
import { expireOrders } from './settlement/expiry';

/** Everything both services read and the Sandbox handle mutates. */
export interface SandboxState {
  readonly environment: Environment;
  /** The real chains, when the sandbox runs them; then chain state is the truth. */
  readonly chain: SandboxChains | undefined;
  readonly seed: number;
  readonly clock: SandboxClock;
  readonly prng: Prng;
  readonly ledger: Ledger;
  readonly prices: PriceTable;
  readonly notifications: NotificationCenter;
  /** Keyed by lowercase UID. */
  readonly orders: Map<string, OrderRecord>;
  /** Uploaded appData documents, keyed by lowercase hash. */
  readonly appData: Map<string, string>;
  readonly quotes: Map<number, StoredQuote>;
  readonly trades: TradeRecord[];
  readonly competitions: CompetitionRecord[];
  readonly counters: { quote: number; auction: number; sequence: number; block: number; seedCursor: number };
}

export interface StateOptions {
  now: number;
  seed: number;
  environment: Environment;
  fundTestAccounts: boolean;
  chain?: SandboxChains;
}

export function createState(options: StateOptions): SandboxState {
  const holder: { state?: SandboxState } = {};
  const clock = createClock(options.now, () => {
    if (holder.state) expireOrders(holder.state);
  });
  const notifications = createNotificationCenter(clock);
  // A live-shaped CMS item (the form the real service returns) for the main test account.
  notifications.add(TEST_ACCOUNTS.trader.address, {
    id: 1,
    account: TEST_ACCOUNTS.trader.address.toLowerCase(),
    title: 'Welcome to the sandbox',
    description: 'This notification has the shape the live service sends.',
    url: null,
    createdAt: isoMicros(options.now - 3600),
    dueDate: null,
    thumbnail: null,
    location: 'notifications',
  });
  holder.state = {
    environment: options.environment,
    chain: options.chain,
    seed: options.seed,
    clock,
    prng: createPrng(options.seed),
    ledger: createLedger({ fundTestAccounts: options.fundTestAccounts }),
    prices: createPriceTable(),
    notifications,
    orders: new Map(),
    appData: new Map(),
    quotes: new Map(),
    trades: [],
    competitions: [],
    // Ids and block numbers in the ranges the live services use, so they look real.
    counters: { quote: 500_000, auction: 10_000_000, sequence: 0, block: 21_000_000, seedCursor: options.now - 86_400 },
  };
  return holder.state;
}
