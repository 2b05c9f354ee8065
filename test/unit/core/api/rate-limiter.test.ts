import { describe, expect, it } from 'vitest';
import { RateLimiter } from '../../../../main/core/api/rate-limiter';
import { FakeClock } from '../../../helpers/fake-clock';

/** The largest number of acquisitions inside any window of `windowMs`. */
function busiestWindow(times: number[], windowMs = 1_000): number {
  return Math.max(...times.map((start) => times.filter((t) => t >= start && t < start + windowMs).length));
}

describe('rate limiter', () => {
  it('lets a burst through up to the limit, then spaces the rest to stay under it', async () => {
    const clock = new FakeClock();
    const limiter = new RateLimiter({ quote: { perSecond: 10 } }, clock);
    const times: number[] = [];
    await Promise.all(Array.from({ length: 100 }, () => limiter.acquire(['quote']).then(() => times.push(clock.now()))));
    expect(times).toHaveLength(100);
    expect(busiestWindow(times)).toBeLessThanOrEqual(10);
    expect(times.slice(0, 10).every((t) => t === times[0])).toBe(true);
  });

  it('holds a request to the tightest of its buckets', async () => {
    const clock = new FakeClock();
    const limiter = new RateLimiter({ host: { perSecond: 5 }, quote: { perSecond: 10 } }, clock);
    const times: number[] = [];
    for (let i = 0; i < 20; i += 1) {
      await limiter.acquire(['host', 'quote']);
      times.push(clock.now());
    }
    expect(busiestWindow(times)).toBeLessThanOrEqual(5);
  });

  it('does not hold requests of other buckets behind an unrelated full one', async () => {
    const clock = new FakeClock();
    const limiter = new RateLimiter({ a: { perSecond: 1 }, b: { perSecond: 1 } }, clock);
    await limiter.acquire(['a']);
    const before = clock.now();
    await limiter.acquire(['b']);
    expect(clock.now()).toBe(before);
  });

  it('stops waiting when the caller aborts', async () => {
    const clock = new FakeClock();
    const limiter = new RateLimiter({ a: { perSecond: 1 } }, clock);
    await limiter.acquire(['a']);
    const controller = new AbortController();
    controller.abort(new Error('user cancelled'));
    await expect(limiter.acquire(['a'], controller.signal)).rejects.toThrow('user cancelled');
    await expect(limiter.acquire(['a'])).resolves.toBeUndefined();
  });
});
