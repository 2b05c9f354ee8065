import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../../main/core/api/api-error';
import { MAX_ERROR_BACKOFF_MS, ServiceFeed, UNAVAILABLE_RETRY_MS } from '../../../../main/core/watcher/service-feed';

function feedWith(answer: () => Promise<never[]>) {
  const state = { now: 0, target: 'production https://bff', calls: 0 };
  const feed = new ServiceFeed({
    fetch: () => (state.calls++, answer()),
    target: () => state.target,
    now: () => state.now,
    intervalMs: 60_000,
  });
  return { feed, state };
}

const unavailable = () => Promise.reject(new ApiError({ code: 'NOTIFICATIONS_UNAVAILABLE', message: 'off', retryable: false, status: 404 }));
const serverError = () => Promise.reject(new ApiError({ code: 'HTTP_500', message: 'The service failed; try again later.', retryable: true, status: 500 }));

describe('service notification feed', () => {
  it('stops after a 404 and asks again only after hours or on a new target', async () => {
    const { feed, state } = feedWith(unavailable);
    expect(await feed.read(['a', 'b'])).toEqual({ items: [], skipped: true });
    expect(state.calls).toBe(1);
    expect(feed.available()).toBe(false);
    state.now = UNAVAILABLE_RETRY_MS - 1;
    await feed.read(['a']);
    expect(state.calls).toBe(1);
    state.now = UNAVAILABLE_RETRY_MS;
    await feed.read(['a']);
    expect(state.calls).toBe(2);
    state.target = 'staging https://bff.barn';
    expect(feed.available()).toBe(true);
    await feed.read(['a']);
    expect(state.calls).toBe(3);
  });

  it('keeps an answer that came after a switch of target for the old one: the new target is not marked unavailable nor backed off', async () => {
    for (const answer of [unavailable, serverError]) {
      const { feed, state } = feedWith(() => {
        // The user switches environment while the request is out.
        state.target = 'staging https://bff.barn';
        return answer();
      });
      expect(await feed.read(['a'])).toEqual({ items: [], skipped: true });
      expect(feed.available()).toBe(true);
      expect(feed.error()).toBeNull();
      await feed.read(['a']).catch(() => undefined);
      expect(state.calls).toBe(2);
    }
  });

  it('backs off exponentially after failed rounds, up to a cap, and reports the error', async () => {
    const { feed, state } = feedWith(serverError);
    const waits: number[] = [];
    await expect(feed.read(['a'])).rejects.toThrow(/try again later/);
    for (let round = 0; round < 7; round += 1) {
      // Step time on until the feed asks again (and fails again, which starts the next wait).
      const start = state.now;
      const calls = state.calls;
      while (state.calls === calls) {
        state.now += 1000;
        await feed.read(['a']).catch(() => undefined);
      }
      waits.push(state.now - start);
    }
    expect(waits).toEqual([60_000, 120_000, 240_000, 480_000, 960_000, MAX_ERROR_BACKOFF_MS, MAX_ERROR_BACKOFF_MS]);
    expect(feed.error()).toMatch(/try again later/);
  });
});
