import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_ENDPOINTS } from '../../../../main/common/protocol/endpoints';
import type { ConnectionHealth } from '../../../../main/common/settings/health-schema';
import { ConnectionMonitor } from '../../../../main/core/health/connection-monitor';

type Answer = { status: number; body?: unknown; headers?: Record<string, string> } | 'unreachable';

/** A fetch that answers by service (host) from a table the test changes as it goes. */
function fakeFetch(answers: { orderbook: Answer; tokenService: Answer }) {
  const calls: string[] = [];
  const fetch: typeof globalThis.fetch = async (input) => {
    const url = String(input);
    calls.push(url);
    const answer = url.startsWith(DEFAULT_ENDPOINTS.production.orderbook) ? answers.orderbook : answers.tokenService;
    if (answer === 'unreachable') throw new TypeError('fetch failed');
    return new Response(answer.body === undefined ? '' : JSON.stringify(answer.body), { status: answer.status, headers: answer.headers ?? {} });
  };
  return { fetch, calls };
}

const ORDERS_OK: Answer = { status: 200, body: [] };
const PRICE_OK: Answer = { status: 200, body: { price: 3000 } };

describe('ConnectionMonitor', () => {
  let monitor: ConnectionMonitor | undefined;
  afterEach(() => monitor?.stop());

  const start = (answers: { orderbook: Answer; tokenService: Answer }) => {
    const fake = fakeFetch(answers);
    const seen: ConnectionHealth[] = [];
    monitor = new ConnectionMonitor({
      endpoints: () => DEFAULT_ENDPOINTS.production,
      environment: () => 'production',
      chainId: () => 1,
      onChange: (health) => seen.push(health),
      timing: { okIntervalMs: 60_000, offlineIntervalMs: 20, timeoutMs: 1_000 },
      fetch: fake.fetch,
    });
    return { monitor, seen, calls: fake.calls };
  };
  const states = (health: ConnectionHealth) => health.services.map((service) => service.state);

  it('probes cheap endpoints of both services and reports them ok with their last success', async () => {
    const { monitor, calls } = start({ orderbook: ORDERS_OK, tokenService: PRICE_OK });
    const health = await monitor.checkNow();
    expect(states(health)).toEqual(['ok', 'ok']);
    expect(health.services[0]?.lastOkAt).toBeTypeOf('number');
    expect(calls).toEqual([
      'https://api.cow.fi/mainnet/api/v1/account/0x0000000000000000000000000000000000000000/orders?offset=0&limit=1',
      'https://bff.cow.fi/1/tokens/-/usdPrice',
    ]);
  });

  it('goes offline when a service cannot be reached and recovers on its own, probing quickly meanwhile', async () => {
    const answers = { orderbook: 'unreachable' as Answer, tokenService: PRICE_OK };
    const { monitor } = start(answers);
    monitor.start();
    await expect.poll(() => states(monitor.snapshot())).toEqual(['offline', 'ok']);
    expect(monitor.snapshot().services[0]?.lastError).toMatch(/^Could not reach api\.cow\.fi\./);
    answers.orderbook = ORDERS_OK;
    await expect.poll(() => states(monitor.snapshot())).toEqual(['ok', 'ok']);
    // The reason of the outage stays in the details after recovery.
    expect(monitor.snapshot().services[0]?.lastError).toMatch(/^Could not reach/);
  });

  it('reports rate limiting with the wait the service asked for, and a 5xx or a non-CoW answer as failing', async () => {
    const { monitor } = start({ orderbook: { status: 429, headers: { 'Retry-After': '12' } }, tokenService: { status: 503 } });
    const before = Date.now();
    const health = await monitor.checkNow();
    expect(states(health)).toEqual(['rate-limited', 'failing']);
    expect(health.services[0]?.rateLimitedUntil).toBeGreaterThanOrEqual(before + 12_000);

    const wrong = start({ orderbook: { status: 200, body: { hello: 'world' } }, tokenService: { status: 404, body: { message: 'nope' } } });
    expect(states(await wrong.monitor.checkNow())).toEqual(['failing', 'failing']);
  });

  it('takes the app\'s own traffic into account: slow answers, and user errors that say nothing about health', () => {
    const { monitor, seen } = start({ orderbook: ORDERS_OK, tokenService: PRICE_OK });
    monitor.record({ service: 'orderbook', status: 200, durationMs: 4_000 });
    expect(monitor.snapshot().services[0]?.state).toBe('slow');
    monitor.record({ service: 'orderbook', status: 400, durationMs: 30, error: 'Insufficient balance' });
    expect(monitor.snapshot().services[0]?.state).toBe('ok');
    monitor.record({ service: 'tokenService', status: 0, durationMs: 5, error: 'Could not reach bff.cow.fi.' });
    expect(seen.at(-1)?.services[1]).toMatchObject({ state: 'offline', lastError: 'Could not reach bff.cow.fi.' });
  });

  it('drops the answer of a probe sent to the old hosts before a reset', async () => {
    let endpoints = DEFAULT_ENDPOINTS.production;
    let failOldHost: (() => void) | undefined;
    const fetch: typeof globalThis.fetch = async (input) => {
      const url = String(input);
      if (url.startsWith('https://api.cow.fi')) {
        // The old orderbook hangs, then fails once the monitor already watches the new one.
        await new Promise<void>((resolve) => (failOldHost = resolve));
        throw new TypeError('fetch failed');
      }
      return new Response(JSON.stringify(url.includes('usdPrice') ? { price: 1 } : []), { status: 200 });
    };
    monitor = new ConnectionMonitor({
      endpoints: () => endpoints,
      environment: () => 'production',
      chainId: () => 1,
      onChange: () => undefined,
      timing: { okIntervalMs: 60_000, offlineIntervalMs: 60_000, timeoutMs: 5_000 },
      fetch,
    });
    const oldRound = monitor.checkNow();
    await expect.poll(() => failOldHost).toBeTypeOf('function');
    endpoints = { ...endpoints, orderbook: 'https://orderbook.example.org' };
    monitor.reset();
    const fresh = await monitor.checkNow();
    failOldHost!();
    await oldRound;
    expect(states(fresh)).toEqual(['ok', 'ok']);
    expect(states(monitor.snapshot())).toEqual(['ok', 'ok']);
  });

  it('marks a service failing when an answer broke its size limit, even a 200, and says so', async () => {
    const { monitor } = start({ orderbook: { status: 200, body: [{ padding: 'x'.repeat(20 * 1024 * 1024) }] }, tokenService: PRICE_OK });
    const health = await monitor.checkNow();
    const orderbook = health.services.find((s) => s.service === 'orderbook')!;
    expect(orderbook.state).toBe('failing');
    expect(orderbook.lastError).toMatch(/more than 16 MB/);
    expect(monitor.state('orderbook')).toBe('failing');
    expect(monitor.state('tokenService')).toBe('ok');
  });
});
