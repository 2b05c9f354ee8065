import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS } from '../../../../main/core/api/api-client';
import { USER_ACTIVE_MS } from '../../../../main/common/limits';
import { answersAlike } from '../../../../main/core/api/http-client';
import { LATE_CAP_MS, RateLimiter, type Lane } from '../../../../main/core/api/rate-limiter';
import { FakeClock } from '../../../helpers/fake-clock';
import { SteppedClock } from '../../../helpers/stepped-clock';

/** The largest number of times inside any window of `windowMs`. */
function busiestWindow(times: number[], windowMs = 1_000): number {
  return Math.max(...times.map((start) => times.filter((t) => t >= start && t < start + windowMs).length));
}

describe('rate limiter', () => {
  it('lets a burst of user requests through up to the limit at once, spaces background work evenly, and keeps every window under the limit', async () => {
    const clock = new SteppedClock();
    const limiter = new RateLimiter({ quote: { perSecond: 10 } }, clock);
    const take = (lane: Lane, into: number[]) =>
      Array.from({ length: 50 }, async () => {
        await limiter.acquire(['quote'], undefined, { lane });
        into.push(clock.now());
      });
    const user: number[] = [];
    const users = take('user', user);
    await clock.runUntil(60_000);
    await Promise.all(users);
    expect(busiestWindow(user)).toBe(10);
    expect(user.slice(0, 10).every((t) => t === 0)).toBe(true);
    const background: number[] = [];
    const backgrounds = take('background', background);
    await clock.runUntil(120_000);
    await Promise.all(backgrounds);
    expect(busiestWindow([...user, ...background])).toBeLessThanOrEqual(10);
    // Never two background requests at once: a user's request never finds a burst of them ahead.
    expect(background.slice(1).every((t, i) => t - background[i]! >= 100)).toBe(true);
  });

  it("counts a slot's window from sending, as the service counts it, however long the answer takes", async () => {
    const clock = new FakeClock();
    const limiter = new RateLimiter({ a: { perSecond: 1 } }, clock);
    await limiter.acquire(['a'], undefined, { lane: 'user' });
    const sentAt = clock.now();
    // A slow answer: the first request is still in flight 700 ms later; the service counted it when it arrived.
    clock.advance(700);
    await limiter.acquire(['a'], undefined, { lane: 'user' });
    const secondAt = clock.now();
    expect(secondAt - sentAt).toBeGreaterThanOrEqual(1_000);
    // The window and a little slack for the network's jitter, not the round trip on top.
    expect(secondAt - sentAt).toBeLessThanOrEqual(1_050);
  });

  it('counts a slot from as late as its answer tells it may have been sent or counted, up to the cap', async () => {
    const clock = new FakeClock();
    const limiter = new RateLimiter({ a: { perSecond: 1 } }, clock);
    const send = async (answerMs: number, kind = 'GET /quick') => {
      const grant = await limiter.acquire(['a'], undefined, { lane: 'user', kind });
      const sentAt = clock.now();
      clock.advance(answerMs);
      grant.answered();
      return sentAt;
    };
    const quick = await send(5);
    // 80 ms later than the quickest answer of its kind: it may have left (or been counted) that late.
    const late = await send(85);
    expect(late - quick).toBe(1_030);
    const afterLate = await send(5);
    expect(afterLate - late).toBe(1_030 + 80);
    // An answer far later moves its slot by the cap alone: the service's own slow work costs the budget little.
    const slow = await send(800);
    const afterSlow = await send(5);
    expect(afterSlow - slow).toBe(1_030 + LATE_CAP_MS);
    // A kind that always answers slowly is not late against itself.
    const page = await send(60, 'GET /pages');
    const nextPage = await send(60, 'GET /pages');
    expect(nextPage - page).toBe(1_030);
    const afterPages = await send(60, 'GET /pages');
    expect(afterPages - nextPage).toBe(1_030);
  });

  it('judges the first answers of a kind by the quicker ones that come after them', async () => {
    const clock = new FakeClock();
    const limiter = new RateLimiter({ a: { perSecond: 2 } }, clock);
    const ask = () => limiter.acquire(['a'], undefined, { lane: 'user', kind: 'GET /x' });
    const start = clock.now();
    const [first] = await Promise.all([ask(), ask()]);
    // The first answer comes 60 ms on, over a new connection say: nothing quicker is known yet.
    clock.advance(60);
    first.answered();
    const third = await ask();
    expect(clock.now() - start).toBe(1_030);
    clock.advance(5);
    third.answered();
    // A 5 ms answer shows the first was 55 ms late: its slot ages out that much later.
    await ask();
    expect(clock.now() - start).toBe(55 + 1_030);
  });

  it("judges a sync's pages against pages of their own size, not against a page of one", () => {
    const endpoint = 'GET /api/v1/account/{owner}/orders';
    const page = (offset: number, limit: number) => answersAlike({ endpoint, url: `https://api.cow.fi/mainnet/api/v1/account/0xab/orders?offset=${offset}&limit=${limit}` });
    expect(page(0, 1000)).toBe(page(4000, 1000));
    expect(page(0, 1)).not.toBe(page(1, 1000));
    const quote = (url: string) => answersAlike({ endpoint: 'POST /api/v1/quote', url });
    expect(quote('https://api.cow.fi/mainnet/api/v1/quote')).toBe(quote('https://api.cow.fi/mainnet/api/v1/quote'));
    // Another chain or environment of the same orderbook answers from its own service.
    expect(quote('https://api.cow.fi/mainnet/api/v1/quote')).not.toBe(quote('https://api.cow.fi/xdai/api/v1/quote'));
    expect(quote('https://api.cow.fi/mainnet/api/v1/quote')).not.toBe(quote('https://barn.api.cow.fi/mainnet/api/v1/quote'));
  });

  it('holds a request to the tightest of its buckets', async () => {
    const clock = new FakeClock();
    const limiter = new RateLimiter({ host: { perSecond: 5 }, quote: { perSecond: 10 } }, clock);
    const times: number[] = [];
    for (let i = 0; i < 20; i += 1) {
      await limiter.acquire(['host', 'quote'], undefined, { lane: 'user' });
      times.push(clock.now());
    }
    expect(busiestWindow(times)).toBeLessThanOrEqual(5);
  });

  it('never queues one service behind another that is full', async () => {
    const clock = new SteppedClock();
    const limiter = new RateLimiter({ orderbook: { perSecond: 1 }, tokenService: { perSecond: 10 } }, clock);
    await limiter.acquire(['orderbook']);
    let orderbookServed = false;
    void limiter.acquire(['orderbook']).then(() => (orderbookServed = true));
    await limiter.acquire(['tokenService']);
    expect(orderbookServed).toBe(false);
    expect(clock.now()).toBe(0);
  });

  it('holds a bucket for what a Retry-After asked, and fails at once beyond the longest wait', async () => {
    const clock = new FakeClock();
    const limiter = new RateLimiter({ orderbook: { perSecond: 100 } }, clock, 60_000);
    const start = clock.now();
    limiter.hold('orderbook', start + 5_000);
    await limiter.acquire(['orderbook']);
    expect(clock.now() - start).toBeGreaterThanOrEqual(5_000);
    limiter.hold('orderbook', clock.now() + 3_600_000);
    await expect(limiter.acquire(['orderbook'])).rejects.toMatchObject({ code: 'RateLimited', retryable: true, message: expect.stringMatching(/wait 3600 s/) });
  });

  it('stops waiting when the caller aborts', async () => {
    const clock = new FakeClock();
    const limiter = new RateLimiter({ a: { perSecond: 1 } }, clock);
    await limiter.acquire(['a']);
    const first = clock.now();
    const controller = new AbortController();
    controller.abort(new Error('user cancelled'));
    await expect(limiter.acquire(['a'], controller.signal)).rejects.toThrow('user cancelled');
    // The aborted call took no slot: the next is granted as the first one's window ends, not a window later.
    await limiter.acquire(['a']);
    expect(clock.now() - first).toBe(1_030);
  });
});

/** A sync as the engine runs it: one request at a time, the next asked `latencyMs` after the last was sent. */
async function runSync(limiter: RateLimiter, clock: SteppedClock, requests: number, latencyMs: number, sent: number[]): Promise<void> {
  for (let i = 0; i < requests; i += 1) {
    await limiter.acquire(['orderbook']);
    sent.push(clock.now());
    await clock.sleep(latencyMs);
  }
}

describe('rate limiter lanes', () => {
  it("gives a full sync all of the orderbook's 5 a second while the user is idle", async () => {
    const clock = new SteppedClock();
    const limiter = new RateLimiter(DEFAULT_RATE_LIMITS, clock);
    const sent: number[] = [];
    const sync = runSync(limiter, clock, 51, 50, sent);
    await clock.runUntil(60_000);
    await sync;
    // 50 spacings at the service's 5 a second are 10 s; counting each window from the answer, at 4 a second, took 13.7 s.
    expect(sent.at(-1)! - sent[0]!).toBeLessThanOrEqual(10_500);
    expect(busiestWindow(sent)).toBeLessThanOrEqual(5);
  });

  it("never queues a user's quotes behind a sync that fills the window: the first waits at most one spacing, the next ones none", async () => {
    const clock = new SteppedClock();
    const limiter = new RateLimiter(DEFAULT_RATE_LIMITS, clock);
    const sent: number[] = [];
    const sync = runSync(limiter, clock, 60, 20, sent);
    // The sync has filled the window by now; a user starts quoting at a typing pace, one every 300 ms.
    const waits: number[] = [];
    const quotes: Promise<void>[] = [];
    for (let i = 0; i < 8; i += 1) {
      await clock.runUntil(3_000 + i * 300);
      const asked = clock.now();
      quotes.push(
        limiter.acquire(['orderbook', 'orderbook:quote'], undefined, { lane: 'user' }).then(() => {
          waits[i] = clock.now() - asked;
          sent.push(clock.now());
        }),
      );
    }
    await clock.runUntil(120_000);
    await Promise.all([sync, ...quotes]);
    expect(waits[0]).toBeLessThanOrEqual(1_030 / 5);
    // Before, the 2nd to 4th quote found all 5 slots taken (4 by the sync, 1 by the first quote) and waited up to 400 ms.
    expect(waits.slice(1)).toEqual([0, 0, 0, 0, 0, 0, 0]);
    expect(busiestWindow(sent)).toBeLessThanOrEqual(5);
  });

  it('sends the first quote at once when the user was composing the order while a sync filled the window', async () => {
    /** The wait of a quote asked at 3 s into a sync, with or without the form's notice 300 ms before (a person typing, then clicking). */
    const firstQuoteWait = async (noticed: boolean) => {
      const clock = new SteppedClock();
      const limiter = new RateLimiter(DEFAULT_RATE_LIMITS, clock);
      const sent: number[] = [];
      const sync = runSync(limiter, clock, 40, 20, sent);
      await clock.runUntil(2_700);
      if (noticed) limiter.expectUser(['orderbook']);
      await clock.runUntil(3_000);
      let granted = Number.NaN;
      const quote = limiter.acquire(['orderbook', 'orderbook:quote'], undefined, { lane: 'user' }).then(() => {
        granted = clock.now();
        sent.push(granted);
      });
      await clock.runUntil(60_000);
      await Promise.all([sync, quote]);
      expect(busiestWindow(sent)).toBeLessThanOrEqual(5);
      return granted - 3_000;
    };
    // Without the notice the sync's evenly spaced sends hold all 5 slots: the quote waits for the next to age out.
    expect(await firstQuoteWait(false)).toBeGreaterThan(0);
    expect(await firstQuoteWait(true)).toBe(0);
  });

  it('keeps 3 a second for background work beside an active user, and every slot again once the user has been idle a while', async () => {
    const clock = new SteppedClock();
    const limiter = new RateLimiter(DEFAULT_RATE_LIMITS, clock);
    const sent: number[] = [];
    await limiter.acquire(['orderbook'], undefined, { lane: 'user' });
    const sync = runSync(limiter, clock, 200, 20, sent);
    await clock.runUntil(120_000);
    await sync;
    const during = sent.filter((t) => t < USER_ACTIVE_MS - 1_030);
    const after = sent.filter((t) => t >= USER_ACTIVE_MS && t < USER_ACTIVE_MS + 5_000);
    // While the user is active the sync leaves 2 free for them, so it still sends 3 a second (keeping to 1, the
    // watcher's dating of a fill the user had just placed fell behind); after, it takes all 5.
    expect(busiestWindow(during)).toBe(3);
    expect(after.length).toBeGreaterThanOrEqual(24);
    expect(busiestWindow(after)).toBe(5);
  });

  it('still sends background work once a second while the user asks without pause, so a sync slows but never stops', async () => {
    const clock = new SteppedClock();
    const limiter = new RateLimiter(DEFAULT_RATE_LIMITS, clock);
    const background: number[] = [];
    const all: number[] = [];
    let quoting = true;
    const user = (async () => {
      // Quotes one after another for 20 s, each asked 400 ms after the last was sent (its answer, then a keystroke):
      // 2 or 3 of the window's slots, so the 2 background leaves free are seldom all free.
      while (clock.now() < 20_000) {
        await limiter.acquire(['orderbook', 'orderbook:quote'], undefined, { lane: 'user' });
        all.push(clock.now());
        await clock.sleep(400);
      }
      quoting = false;
    })();
    const sync = (async () => {
      while (quoting) {
        await limiter.acquire(['orderbook']);
        background.push(clock.now());
        all.push(clock.now());
        await clock.sleep(20);
      }
    })();
    await clock.runUntil(120_000);
    await Promise.all([user, sync]);
    const during = background.filter((t) => t >= 1_030 && t < 19_000);
    expect(during.length).toBeGreaterThanOrEqual(17);
    expect(busiestWindow(all)).toBeLessThanOrEqual(5);
  });

  it('serves a waiting user request before every waiting background one, within the same budget', async () => {
    const clock = new SteppedClock();
    const limiter = new RateLimiter({ orderbook: { perSecond: 2 } }, clock);
    const order: string[] = [];
    const times: number[] = [];
    const take = async (name: string, lane: Lane) => {
      await limiter.acquire(['orderbook'], undefined, { lane });
      order.push(name);
      times.push(clock.now());
    };
    const background = Array.from({ length: 6 }, (_, i) => take(`sync ${i}`, 'background'));
    const user = take('quote', 'user');
    await clock.runUntil(60_000);
    await Promise.all([...background, user]);
    // The first background request had its slot at once; the quote, queued after five more, goes next.
    expect(order.slice(0, 2)).toEqual(['sync 0', 'quote']);
    expect(busiestWindow(times)).toBeLessThanOrEqual(2);
  });

  it('fails a user request at once when a Retry-After hold outlasts its time left, while background work waits it out', async () => {
    const clock = new FakeClock();
    const limiter = new RateLimiter({ orderbook: { perSecond: 10 } }, clock, 60_000);
    limiter.hold('orderbook', clock.now() + 5_000);
    await expect(limiter.acquire(['orderbook'], undefined, { lane: 'user', maxHoldMs: 2_000 })).rejects.toMatchObject({ code: 'RateLimited' });
    const start = clock.now();
    await limiter.acquire(['orderbook'], undefined, { lane: 'background' });
    expect(clock.now() - start).toBeGreaterThanOrEqual(5_000);
  });
});

interface Asked {
  readonly at: number;
  readonly lane: Lane;
  granted?: number;
}

/** Requests asked for at the given times on the app's default limits; answers each with when it was granted. */
async function simulate(arrivals: readonly { at: number; lane: Lane }[]): Promise<Asked[]> {
  const clock = new SteppedClock();
  const limiter = new RateLimiter(DEFAULT_RATE_LIMITS, clock);
  const asked: Asked[] = [...arrivals].sort((a, b) => a.at - b.at).map((arrival) => ({ ...arrival }));
  const grants: Promise<void>[] = [];
  for (const request of asked) {
    await clock.runUntil(request.at);
    grants.push(limiter.acquire(['orderbook'], undefined, { lane: request.lane }).then(() => void (request.granted = clock.now())));
  }
  await clock.runUntil(asked.length * 1_000 + 60_000);
  await Promise.all(grants);
  return asked;
}

describe('rate limiter rule (properties)', () => {
  const { perSecond, userReserve = 0 } = DEFAULT_RATE_LIMITS.orderbook!;
  const spanMs = 1_030;
  const arrivals = fc.array(fc.record({ at: fc.integer({ min: 0, max: 12_000 }), lane: fc.constantFrom<Lane>('user', 'background', 'background') }), { minLength: 1, maxLength: 40 });
  /** The other user requests that hold a slot at `at`, or will before this one: asked earlier and not granted a span before. */
  const userLoad = (all: readonly Asked[], self: Asked) => all.filter((r) => r !== self && r.lane === 'user' && all.indexOf(r) < all.indexOf(self) && r.granted! > self.at - spanMs).length;

  it("never sends more than the service's 5 in any second, whatever the mix of lanes", async () => {
    await fc.assert(
      fc.asyncProperty(arrivals, async (list) => {
        const grants = (await simulate(list)).map((r) => r.granted!).sort((a, b) => a - b);
        // Any 6 in a row span more than the service's second, by the slack kept for the network's jitter.
        for (let i = 0; i + perSecond < grants.length; i += 1) expect(grants[i + perSecond]! - grants[i]!).toBeGreaterThanOrEqual(spanMs);
      }),
      { numRuns: 150 },
    );
  });

  it('grants a user request at once while the user is active and within its share, and within one spacing otherwise', async () => {
    await fc.assert(
      fc.asyncProperty(arrivals, async (list) => {
        const all = await simulate(list);
        for (const request of all.filter((r) => r.lane === 'user')) {
          const wait = request.granted! - request.at;
          const load = userLoad(all, request);
          // Active for the whole last window: a user request asked between USER_ACTIVE_MS and a window before.
          const settled = all.some((r) => r.lane === 'user' && r.at >= request.at - USER_ACTIVE_MS && r.at <= request.at - spanMs);
          if (settled && load < userReserve) expect(wait).toBe(0);
          // The first after the user was idle: background's sends are evenly spaced, so the next slot frees within one spacing.
          if (load === 0) expect(wait).toBeLessThanOrEqual(spanMs / perSecond);
        }
      }),
      { numRuns: 150 },
    );
  });
});
