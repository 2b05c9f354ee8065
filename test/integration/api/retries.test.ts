import { performance } from 'node:perf_hooks';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEADLINES } from '../../../main/common/limits';
import { BACKOFF_CAP_MS } from '../../../main/core/api/retry-policy';
import { startSandbox, TEST_ACCOUNTS, type Sandbox } from '../../sandbox';
import { USDC, WETH } from '../sandbox/sandbox-kit';
import { FakeClock } from '../../helpers/fake-clock';
import { clientFor, requestsTo } from './client-kit';

const quoteRequest = { sellToken: WETH, buyToken: USDC, from: TEST_ACCOUNTS.trader.address, kind: 'sell' as const, sellAmountBeforeFee: '1000000000000000000' };

describe('retries and rate limits', () => {
  let sandbox: Sandbox;
  beforeEach(async () => (sandbox = await startSandbox()));
  afterEach(() => sandbox.close());

  it('honours Retry-After: the retry waits at least the seconds the service asked for', async () => {
    sandbox.faults.set({ rateLimitStorm: { count: 1, retryAfterSeconds: 1 } });
    const api = clientFor(sandbox);
    const started = performance.now();
    await api.orderbook.quote(1, quoteRequest);
    const waited = performance.now() - started;
    const quotes = requestsTo(sandbox, '/quote');
    expect(quotes.map((r) => r.status)).toEqual([429, 200]);
    expect(quotes[1]!.at - quotes[0]!.at).toBeGreaterThanOrEqual(1000);
    expect(waited).toBeGreaterThanOrEqual(1000);
  });

  it('never retries a 400 or a 403', async () => {
    const api = clientFor(sandbox, { maxAttempts: 6 });
    await expect(api.orderbook.quote(1, { ...quoteRequest, sellAmountBeforeFee: '1000' })).rejects.toMatchObject({ status: 400 });
    await expect(api.orderbook.quote(1, { ...quoteRequest, from: TEST_ACCOUNTS.banned.address })).rejects.toMatchObject({ status: 403 });
    expect(requestsTo(sandbox, '/quote').map((r) => r.status)).toEqual([400, 403]);
  });

  it('backs off from 1 s doubling to a 30 s cap on 5xx and dropped connections (fake clock)', async () => {
    sandbox.faults.set({ errorRate: 1, status: 503 });
    const clock = new FakeClock(Date.now());
    const api = clientFor(sandbox, { clock, random: () => 0, maxAttempts: 9 });
    await expect(api.orderbook.quote(1, quoteRequest)).rejects.toMatchObject({ status: 503, retryable: true });
    expect(clock.sleeps).toEqual([1000, 2000, 4000, 8000, 16000, BACKOFF_CAP_MS, BACKOFF_CAP_MS, BACKOFF_CAP_MS]);
    expect(requestsTo(sandbox, '/quote')).toHaveLength(9);

    sandbox.faults.set({ dropRate: 1 });
    clock.sleeps.length = 0;
    await expect(api.tokenService.topHolders(1, WETH)).rejects.toMatchObject({ code: 'NETWORK', retryable: true });
    expect(Math.max(...clock.sleeps)).toBe(BACKOFF_CAP_MS);
  });

  it('recovers from intermittent 5xx by itself (fake clock)', async () => {
    sandbox.faults.set({ errorRate: 0.5, status: 502 });
    const api = clientFor(sandbox, { clock: new FakeClock(Date.now()), maxAttempts: 12 });
    for (let i = 0; i < 5; i += 1) await expect(api.tokenService.topHolders(1, WETH)).resolves.toHaveLength(10);
    const statuses = requestsTo(sandbox, '/topHolders').map((r) => r.status);
    expect(statuses).toContain(502);
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
  });

  it('recovers from a 429 storm, the whole service waiting as told', async () => {
    sandbox.faults.set({ rateLimitStorm: { count: 2, retryAfterSeconds: 0 } });
    await expect(clientFor(sandbox).tokenService.topHolders(1, WETH)).resolves.toHaveLength(10);
  });

  it('does not freeze a call on an hour-long Retry-After: it fails at once as unavailable now, and the service is held for the cap only (fake clock)', async () => {
    sandbox.faults.set({ rateLimitStorm: { count: 1, retryAfterSeconds: 3600 } });
    const clock = new FakeClock(Date.now());
    const api = clientFor(sandbox, { clock });
    await expect(api.orderbook.quote(1, quoteRequest)).rejects.toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      status: 429,
      message: expect.stringMatching(/is unavailable now: .* wait 1 hour, longer than the 30 sec/),
    });
    expect(clock.sleeps).toEqual([]);
    // Background work on that service waits out the cap, not the hour, and then goes through.
    await expect(api.orderbook.accountOrders(1, TEST_ACCOUNTS.trader.address, { offset: 0, limit: 10 })).resolves.toBeDefined();
    expect(clock.sleeps).toEqual([DEADLINES.retryAfterCapMs]);
    expect(api.outcomes.find((outcome) => outcome.status === 429)?.retryAfterMs).toBe(DEADLINES.retryAfterCapMs);
    await expect(api.tokenService.topHolders(1, WETH)).resolves.toHaveLength(10);
  });

  it('fires 30 quotes at once with the app\'s own limits: no 429 from a service that allows 5 requests a second for the whole orderbook, as live', { timeout: 40_000 }, async () => {
    const api = clientFor(sandbox);
    const answers = await Promise.all(Array.from({ length: 30 }, () => api.orderbook.quote(1, quoteRequest)));
    expect(answers).toHaveLength(30);
    const orderbookRequests = sandbox.requests.filter((r) => r.path.includes('/api/'));
    expect(orderbookRequests.filter((r) => r.status === 429)).toHaveLength(0);
    const times = orderbookRequests.map((r) => r.at);
    const busiest = Math.max(...times.map((start) => times.filter((t) => t >= start && t < start + 1000).length));
    expect(busiest).toBeLessThanOrEqual(5);
  });
});
