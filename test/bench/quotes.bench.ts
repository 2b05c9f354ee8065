import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as pace } from 'node:timers/promises';
import type { RequestOutcome } from '../../main/core/api/http-client';
import { makeTempDir } from '../helpers/temp-dir';
import { sandboxProcess } from '../integration/history/history-kit';
import { idleAndUnderLoad } from './cpu-hogs';
import { percentile, type Bench, type BenchRow } from './measure';
import { app, recordingClient, replayThroughAppLimiter, scope, userQuote, type Client, type Sandbox, type Sent } from './sync-kit';

const { appRateLimiter, OrdersRepo, openStore, syncScope } = app;

const ORDERS = 10_000;
/** Rounds, each one sync with quotes during it and the same user's quotes alone, in turns. */
const ROUNDS = 5;
/** Between a user's quotes: a keystroke's pace, not a wait for anything. */
const USER_PACE_MS = 300;
/**
 * From the user's first edit of the order form (the Trade screen tells main,
 * trade.composing) to their click on Get quote: typing an amount and moving
 * to the button takes longer than this.
 */
const EDIT_TO_CLICK_MS = 300;
/**
 * How far into the sync the user starts quoting, by round: as it starts, and
 * once its requests fill the service's window (a quote then finds no free slot
 * unless background work left one).
 */
const FIRST_QUOTE_MS = [300, 1_500, 2_500];

const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

/** When the quote under way was asked for, and how long each waited from then until it was sent. */
class QuoteWaits {
  asked: number | undefined;
  readonly waits: number[] = [];
  sent(path: string): void {
    if (this.asked === undefined || !path.endsWith('/quote')) return;
    this.waits.push(performance.now() - this.asked);
    this.asked = undefined;
  }
}

/**
 * A user editing the order form, then quoting one after the other at a user's
 * pace while `more()` holds (at most `count`), each timed from asking to answer.
 */
async function timedQuotes(client: Client, waits: QuoteWaits, more: () => boolean, count = Number.POSITIVE_INFINITY): Promise<number[]> {
  // What trade.composing does when the form is first edited.
  client.expectUser();
  await pace(EDIT_TO_CLICK_MS);
  const times: number[] = [];
  while (more() && times.length < count) {
    const began = performance.now();
    waits.asked = began;
    await userQuote(client);
    times.push(performance.now() - began);
    await pace(USER_PACE_MS);
  }
  return times;
}

/**
 * A user's quotes while a full 10k sync runs (each sync into a new file
 * through a new client, as an app's first start), and as many of the same
 * user's quotes with nothing else running; the rounds alternate which goes
 * first (the first round syncs first). Each
 * round's p99 (nearest rank), then the median over the rounds.
 */
async function quoteRows(sandbox: Sandbox): Promise<BenchRow[]> {
  const dir = makeTempDir('cow-desk-bench-');
  const during: number[][] = [];
  /** The first quote of each sync, from asking to sending: the one that may find background work holding every slot. */
  const firsts: number[] = [];
  const alone: number[][] = [];
  let throttled: number;
  const outcomes: RequestOutcome[] = [];
  const waitsDuring = new QuoteWaits();
  const waitsAlone = new QuoteWaits();
  const whileSyncing = async (round: number) => {
    const store = openStore(join(dir.path, `quote-${round}.sqlite`));
    try {
      const sent: Sent[] = [];
      const client = recordingClient(sandbox, sent, outcomes, (path) => waitsDuring.sent(path));
      let syncing = true;
      const sync = syncScope({ repo: new OrdersRepo(store.db), orderbook: client.orderbook, now: Date.now }, scope).finally(() => (syncing = false));
      await pace(FIRST_QUOTE_MS[round % FIRST_QUOTE_MS.length]! - EDIT_TO_CLICK_MS);
      const from = waitsDuring.waits.length;
      during.push(await timedQuotes(client, waitsDuring, () => syncing));
      if (waitsDuring.waits[from] !== undefined) firsts.push(waitsDuring.waits[from]);
      await sync;
      syncRequests ??= sent.filter((request) => !request.path.endsWith('/quote'));
    } finally {
      await store.close();
    }
  };
  /** The requests of the first sync, to replay. */
  let syncRequests: Sent[] | undefined;
  const beside: number[][] = [];
  const waitsBeside = new QuoteWaits();
  // The same requests sent through the same limiter (the app's one per service), their answers read and dropped:
  // what a quote meets at the service and in the limiter, without the sync's parsing and storing in main.
  const whileReplaying = async () => {
    const limiter = appRateLimiter();
    const client = recordingClient(sandbox, [], outcomes, (path) => waitsBeside.sent(path), limiter);
    let replaying = true;
    const replay = replayThroughAppLimiter(syncRequests!, limiter).finally(() => (replaying = false));
    beside.push(await timedQuotes(client, waitsBeside, () => replaying));
    await replay;
  };
  // As many quotes as the user asked during the last sync: a p99 of forty is their slowest, and the slowest of
  // forty quotes is slower than the slowest of ten drawn from the same times, so unequal counts favour the baseline.
  const withNothingElse = async () => {
    alone.push(await timedQuotes(recordingClient(sandbox, [], outcomes, (path) => waitsAlone.sent(path)), waitsAlone, () => true, Math.max(1, during.at(-1)!.length)));
  };
  try {
    for (let round = 0; round < ROUNDS; round += 1) {
      // Apart by more than the service's window, so neither starts against the other's requests.
      if (round % 2 === 0) {
        await whileSyncing(round);
        await pace(1_100);
        await withNothingElse();
      } else {
        await withNothingElse();
        await pace(1_100);
        await whileSyncing(round);
      }
      await pace(1_100);
      await whileReplaying();
      await pace(1_100);
    }
    throttled = outcomes.filter((outcome) => outcome.status === 429).length;
  } finally {
    dir.remove();
  }
  const p99 = (rounds: number[][]) => median(rounds.map((times) => percentile(times, 0.99)));
  const count = (rounds: number[][]) => rounds.reduce((sum, times) => sum + times.length, 0);
  return [
    {
      name: `quote p99 while a 10k sync runs (median over ${ROUNDS} syncs of each one's p99; ${count(during)} quotes, a user's pace apart; 429s ${throttled})`,
      value: p99(during),
      unit: 'ms',
      goal: '<= 1.2x quotes alone',
      baseline: { name: `the same user's quotes with nothing else running (${count(alone)} quotes, in turns)`, value: p99(alone) },
    },
    {
      name: `first quote of each sync, the user idle before, asked ${EDIT_TO_CLICK_MS} ms after their first edit of the form: its wait from asking to sending (slowest of ${firsts.length}; asked ${FIRST_QUOTE_MS.join(' / ')} ms into the sync)`,
      value: Math.max(...firsts),
      unit: 'ms',
      goal: 'no wait for a slot (a full window would hold it up to 206 ms)',
    },
    {
      // What the scheduling decides, apart from the main thread's other work delaying the answer.
      name: `quote's wait from asking to sending while a 10k sync runs, p99 of all ${waitsDuring.waits.length} (the limiter and main-thread delay before the send)`,
      value: percentile(waitsDuring.waits, 0.99),
      unit: 'ms',
      goal: 'about 1x quotes alone',
      baseline: { name: `the same wait for quotes alone (p99 of ${waitsAlone.waits.length})`, value: percentile(waitsAlone.waits, 0.99) },
    },
    {
      // Where the rest of a quote's time during a sync goes: the service and the limiter, or the sync's work in main.
      name: `diagnostic: quote p99 while the sync's ${syncRequests?.length} requests are replayed through the same limiter, nothing parsed or stored (median over ${ROUNDS}; ${count(beside)} quotes)`,
      value: p99(beside),
      unit: 'ms',
      goal: '',
      baseline: { name: 'the same quotes alone', value: p99(alone) },
    },
    {
      name: `quote median while a 10k sync runs (median over ${ROUNDS} syncs)`,
      value: median(during.map(median)),
      unit: 'ms',
      goal: 'about 1x quotes alone',
      baseline: { name: 'the same quotes alone', value: median(alone.map(median)) },
    },
  ];
}

/** A user's quote never waits behind the sync's requests: idle and beside two CPU hogs. */
export const quotesBench: Bench = {
  title: 'Quotes during a history sync (sandbox process, default limits)',
  conditions: 'own',
  async run() {
    const sandbox = await sandboxProcess(ORDERS);
    try {
      return await idleAndUnderLoad(() => quoteRows(sandbox));
    } finally {
      await sandbox.stop();
    }
  },
};
