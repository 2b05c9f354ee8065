import { describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS } from '../../../../main/core/api/api-client';
import { RateLimiter } from '../../../../main/core/api/rate-limiter';
import { FakeClock } from '../../../helpers/fake-clock';

/** The largest number of times inside any window of `windowMs`. */
function busiestWindow(times: number[], windowMs = 1_000): number {
  return Math.max(...times.map((start) => times.filter((t) => t >= start && t < start + windowMs).length));
}

describe('rate limiter', () => {
  it('lets a burst through up to the limit, then spaces the rest to stay under it', async () => {
    const clock = new FakeClock();
    const limiter = new RateLimiter({ quote: { perSecond: 10 } }, clock);
    const times: number[] = [];
    await Promise.all(
      Array.from({ length: 100 }, async () => {
        const release = await limiter.acquire(['quote']);
        times.push(clock.now());
        release();
      }),
    );
    expect(times).toHaveLength(100);
    expect(busiestWindow(times)).toBeLessThanOrEqual(10);
    expect(times.slice(0, 10).every((t) => t === times[0])).toBe(true);
  });

  it('holds a slot until the response is in, and counts the window from then', async () => {
    const clock = new FakeClock();
    const limiter = new RateLimiter({ a: { perSecond: 1 } }, clock);
    const release = await limiter.acquire(['a']);
    let second: number | undefined;
    const pending = limiter.acquire(['a']).then((r) => {
      second = clock.now();
      r();
    });
    // A slow response: the first request is still in flight 5 s later.
    clock.advance(5_000);
    await new Promise((resolve) => setImmediate(resolve));
    expect(second).toBeUndefined();
    const answeredAt = clock.now();
    release();
    await pending;
    expect(second! - answeredAt).toBeGreaterThanOrEqual(1_000);
  });

  it('holds a request to the tightest of its buckets', async () => {
    const clock = new FakeClock();
    const limiter = new RateLimiter({ host: { perSecond: 5 }, quote: { perSecond: 10 } }, clock);
    const times: number[] = [];
    for (let i = 0; i < 20; i += 1) {
      (await limiter.acquire(['host', 'quote']))();
      times.push(clock.now());
    }
    expect(busiestWindow(times)).toBeLessThanOrEqual(5);
  });

  it('never queues one service behind another that is full', async () => {
    const clock = new FakeClock();
    const limiter = new RateLimiter({ orderbook: { perSecond: 1 }, tokenService: { perSecond: 10 } }, clock);
    await limiter.acquire(['orderbook']); // in flight, never answered
    let orderbookServed = false;
    void limiter.acquire(['orderbook']).then(() => (orderbookServed = true));
    const release = await limiter.acquire(['tokenService']);
    expect(typeof release).toBe('function');
    expect(orderbookServed).toBe(false);
  });

  it('holds a bucket for what a Retry-After asked, and fails at once beyond the longest wait', async () => {
    const clock = new FakeClock();
    const limiter = new RateLimiter({ orderbook: { perSecond: 100 } }, clock, 60_000);
    const start = clock.now();
    limiter.hold('orderbook', start + 5_000);
    (await limiter.acquire(['orderbook']))();
    expect(clock.now() - start).toBeGreaterThanOrEqual(5_000);
    limiter.hold('orderbook', clock.now() + 3_600_000);
    await expect(limiter.acquire(['orderbook'])).rejects.toMatchObject({ code: 'RateLimited', retryable: true, message: expect.stringMatching(/wait 3600 s/) });
  });

  it('stops waiting when the caller aborts', async () => {
    const clock = new FakeClock();
    const limiter = new RateLimiter({ a: { perSecond: 1 } }, clock);
    (await limiter.acquire(['a']))();
    const controller = new AbortController();
    controller.abort(new Error('user cancelled'));
    await expect(limiter.acquire(['a'], controller.signal)).rejects.toThrow('user cancelled');
    await expect(limiter.acquire(['a'])).resolves.toBeTypeOf('function');
  });
});

describe('rate limiter lanes', () => {
  it("keeps one of the orderbook's 5 a second for the user: a quote never waits for a sync that filled the rest", async () => {
    const clock = new FakeClock();
    const limiter = new RateLimiter(DEFAULT_RATE_LIMITS, clock);
    const times: number[] = [];
    const take = async (lane: 'user' | 'background') => {
      const release = await limiter.acquire(['orderbook'], undefined, { lane });
      times.push(clock.now());
      release();
      return clock.now();
    };
    // A sync takes what the budget gives at once: 4 of the 5.
    const syncStart = clock.now();
    const firstBatch = await Promise.all(Array.from({ length: 4 }, () => take('background')));
    expect(firstBatch).toEqual([syncStart, syncStart, syncStart, syncStart]);
    // Its next request waits for the window; a quote asked for meanwhile does not.
    const next = take('background');
    clock.advance(100);
    const askedAt = clock.now();
    expect(await take('user')).toBe(askedAt);
    expect(await next).toBeGreaterThanOrEqual(syncStart + 1_000);
    expect(busiestWindow(times)).toBeLessThanOrEqual(5);
  });

  it('serves a waiting user request before every waiting background one, within the same budget', async () => {
    const clock = new FakeClock();
    const limiter = new RateLimiter({ orderbook: { perSecond: 2 } }, clock);
    const order: string[] = [];
    const times: number[] = [];
    const take = async (name: string, lane: 'user' | 'background') => {
      const release = await limiter.acquire(['orderbook'], undefined, { lane });
      order.push(name);
      times.push(clock.now());
      release();
    };
    const background = Array.from({ length: 6 }, (_, i) => take(`sync ${i}`, 'background'));
    const user = take('quote', 'user');
    await Promise.all([...background, user]);
    // The first two had their slots at once; the quote, queued after four more, goes next.
    expect(order.slice(0, 3)).toEqual(['sync 0', 'sync 1', 'quote']);
    expect(busiestWindow(times)).toBeLessThanOrEqual(2);
  });

  it('fails a user request at once when a Retry-After hold outlasts its time left, while background work waits it out', async () => {
    const clock = new FakeClock();
    const limiter = new RateLimiter({ orderbook: { perSecond: 10 } }, clock, 60_000);
    limiter.hold('orderbook', clock.now() + 5_000);
    await expect(limiter.acquire(['orderbook'], undefined, { lane: 'user', maxHoldMs: 2_000 })).rejects.toMatchObject({ code: 'RateLimited' });
    const start = clock.now();
    (await limiter.acquire(['orderbook'], undefined, { lane: 'background' }))();
    expect(clock.now() - start).toBeGreaterThanOrEqual(5_000);
  });
});
