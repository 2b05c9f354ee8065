/**
 * Every bound CoW Desk puts on a remote endpoint, in one place, with the reason
 * for each value. A broken or hostile endpoint (the user picks the URLs) may
 * cost a failed request, never unbounded memory or minutes of a frozen screen.
 *
 * Times are milliseconds, sizes bytes of the *decompressed* body: a gzip body is
 * counted as it inflates, so a small bomb is stopped at the same limit as a
 * large plain answer. Tests shorten the times through `scaleLimits`.
 */

const KiB = 1024;
const MiB = 1024 * KiB;

export interface Deadlines {
  /**
   * A user read (quote, order lookup and detail, holders, pools), end to end
   * across retries: 20 s. Long enough for one slow answer (a verified quote
   * takes a few seconds) plus two backoffs; any longer and the user has given
   * up on the screen anyway.
   */
  userReadMs: number;
  /**
   * A user submission or cancellation, end to end (appData upload and POST,
   * retries included): 30 s. Worth a little more patience than a read, and an
   * answer that does not come in time is resolved by the order's UID, not
   * signed again.
   */
  userSubmitMs: number;
  /**
   * One background request (history sync, watcher, tracker), across retries:
   * 2 min. Nobody is waiting on it, so it may ride out a short outage (the
   * backoff 1+2+4+8+16 s plus slow attempts), but it may not hang forever.
   */
  backgroundRequestMs: number;
  /**
   * One attempt, from sending to the last body byte: 60 s. Catches a server
   * that drips a byte just often enough to beat the idle timeout; a 16 MiB
   * history page still arrives well inside it on a slow (4 Mbit/s) line.
   */
  attemptMs: number;
  /**
   * From sending to the response headers, connecting included: 10 s. The
   * slowest real answers (verified quotes) start within a few seconds; a
   * server silent for 10 s is not going to answer usefully.
   */
  headersMs: number;
  /**
   * Longest gap between two body chunks: 10 s. Once headers are in, a
   * healthy server streams at line speed; a 10 s silence is a stalled link.
   */
  bodyIdleMs: number;
  /**
   * The one attempt a user read still gets while health already says the
   * service is offline: 600 ms, so the read fails "within a second" with the
   * offline message (timers and a busy main process get the rest of that
   * second), yet succeeds at once if a nearby service just came back. A slow
   * one is seen by the health probes, every 3 s while offline.
   */
  offlineAttemptMs: number;
  /** First backoff after a failure without Retry-After (doubles each time): 1 s (interface.md). */
  backoffStartMs: number;
  /** Backoff ceiling: 30 s (interface.md). */
  backoffCapMs: number;
  /**
   * The longest Retry-After honoured, from any server: 30 s, the backoff
   * ceiling. A server asking for more is unavailable now: the call fails at
   * once saying so, and the service is tried again after this long (one 429
   * with Retry-After: 1000000000 blocked trading until restart, issue 29).
   */
  retryAfterCapMs: number;
}

export const DEADLINES: Readonly<Deadlines> = {
  userReadMs: 20_000,
  userSubmitMs: 30_000,
  backgroundRequestMs: 120_000,
  attemptMs: 60_000,
  headersMs: 10_000,
  bodyIdleMs: 10_000,
  offlineAttemptMs: 600,
  backoffStartMs: 1_000,
  backoffCapMs: 30_000,
  retryAfterCapMs: 30_000,
};

/**
 * A USD value shown beside a fee or an amount is a decoration: a transaction
 * preview or send waits at most 2 s for the price and then goes on without it
 * (the value is left out), so an unreachable price service never holds up an
 * action whose substance comes from the chain.
 */
export const PRICE_DECORATION_MS = 2_000;

/**
 * A pool's pair beside its figures is a decoration too: the pools answer waits
 * at most 5 s for the pairs read on chain and then shows the pools without
 * them (the read goes on, and its pairs show on the next load), so a silent
 * node never costs the user the figures the token service already gave.
 */
export const PAIR_DECORATION_MS = 5_000;

/**
 * How long a USD price beside a balance is used without asking again: the token service
 * itself keeps a price for 2 min (cowprotocol/bff DEFAULT_CACHE_VALUE_SECONDS), so asking
 * sooner brings the same number. A price older than this (the service could not give a newer
 * one) is shown with its age.
 */
export const PRICE_FRESH_MS = 2 * 60_000;

/**
 * Largest decompressed answer accepted per endpoint, with headroom over the
 * largest real one. The reading stops at the limit; nothing is buffered first.
 */
export const RESPONSE_LIMITS = {
  /**
   * 1000 orders per page: about 1.6 MB live; an order may carry its full
   * appData (up to 8 KiB), so the worst real page is about 10 MB.
   */
  accountOrders: 16 * MiB,
  /** 128 orders a request, up to ~10 KiB each (1.3 MB): 3x headroom. */
  ordersByUids: 4 * MiB,
  /** One order with its appData (~10 KiB), or its status. */
  order: 256 * KiB,
  /** 1000 trades a page at ~700 bytes (0.7 MB). */
  trades: 4 * MiB,
  /** One auction's competition: every solver's solution with its orders; ~1 MB on busy auctions. */
  solverCompetition: 8 * MiB,
  /** A quote is ~1 KiB, its appData up to 8 KiB. Also submit/cancel/appData answers and error bodies. */
  small: 64 * KiB,
  /** Top holders: a list of address and balance pairs (~100 bytes each). */
  topHolders: 1 * MiB,
  /** 500 pools per request (the live limit) at ~1 KiB each. */
  pools: 4 * MiB,
  /** Average APR per project: a small map. */
  averageApr: 256 * KiB,
  /** The account's notification feed. */
  notifications: 2 * MiB,
  /** One JSON-RPC answer (balances, allowances, token metadata, receipts). */
  jsonRpc: 4 * MiB,
  /** A token list: the largest common ones (CoinGecko's) are ~10 MB. */
  tokenList: 32 * MiB,
  /** A token's logo: icons are a few KiB; anything bigger is not worth a disk cache. */
  tokenLogo: 256 * KiB,
} as const;

export type ResponseLimitName = keyof typeof RESPONSE_LIMITS;

/**
 * Deepest nesting of arrays and objects accepted in a JSON answer from any
 * server, counted on the bytes as they arrive, before anything is parsed. The
 * deepest real answers (a solver competition, a transaction receipt's logs, a
 * token list) nest under 10 levels; appData documents travel as strings and do
 * not count. A 4 MB answer nested 2 million deep took main from 158 MB to
 * 938 MB and blocked it about 7 s in JSON.parse (issue 29).
 */
export const JSON_DEPTH_LIMIT = 64;

/** The deadlines with every time multiplied by `factor` (tests run the real ratios in seconds). */
export function scaleDeadlines(factor: number, base: Readonly<Deadlines> = DEADLINES): Deadlines {
  if (!(factor > 0)) throw new RangeError('The deadline scale must be positive.');
  return Object.fromEntries(Object.entries(base).map(([key, value]) => [key, Math.max(1, Math.round(value * factor))])) as unknown as Deadlines;
}

/**
 * How long after a user's request (or their notice of composing an order,
 * trade.composing) the user counts as active on a service: 10 s, a person
 * reading a quote, changing the amount or signing. Meanwhile background work
 * leaves them slots free, so the next quote or the submission never queues;
 * after it, background may take every slot again.
 */
export const USER_ACTIVE_MS = 10_000;

export type UserActionKind = 'read' | 'submit';

/**
 * The IPC commands a person waits on, and which deadline each answers within.
 * Background work (history sync, the watcher, the order tracker, probes) is
 * not listed: it may retry longer, on the rate limiter's background lane.
 * history.syncNow is not listed either: a full sync of a large account is
 * long by nature and reports progress instead.
 */
export const USER_ACTIONS = {
  'trade.quote': 'read',
  'trade.submit': 'submit',
  'trade.resend': 'submit',
  'trade.replace': 'submit',
  'trade.openOrders': 'read',
  'trade.cancel': 'submit',
  'history.lookup': 'read',
  'history.detail': 'read',
  'history.competition': 'read',
  'history.sendCancellation': 'submit',
  'market.holders': 'read',
  'market.pools': 'read',
  'market.averageApr': 'read',
  'tokens.inspect': 'read',
  'tokens.import': 'read',
  // The wallet's node calls: reads and previews answer like a quote; a send or a replacement like a
  // submission (its outcome, when late, is settled from the chain by hash and nonce, never signed again).
  'wallet.balances': 'read',
  'wallet.preview': 'read',
  'wallet.previewReplace': 'read',
  'wallet.send': 'submit',
  'wallet.replace': 'submit',
} as const satisfies Record<string, UserActionKind>;

