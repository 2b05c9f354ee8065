import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startSandbox, TEST_ACCOUNTS, type Sandbox } from '../../sandbox';
import { bff, call, orderbook, orderStruct, signedOrderBody, USDC, WETH } from './sandbox-kit';

const { trader } = TEST_ACCOUNTS;
const quoteBody = { sellToken: WETH, buyToken: USDC, from: trader.address, kind: 'sell', sellAmountBeforeFee: '1000000000000000000' };

describe('sandbox rate limits (real time) and fault injection', () => {
  let sandbox: Sandbox;
  beforeEach(async () => {
    sandbox = await startSandbox();
  });
  afterEach(() => sandbox.close());

  const quote = () => call(orderbook(sandbox, '/v1/quote'), { body: quoteBody });
  const price = () => call(bff(sandbox, `/1/tokens/${WETH}/usdPrice`));

  it('the orderbook as a whole: more than 5 requests in a second, of any route, get 429 (live: ~5/s per client)', async () => {
    const reads = Array.from({ length: 4 }, () => call(orderbook(sandbox, `/v1/account/${trader.address}/orders`)));
    const answers = await Promise.all([...reads, quote(), quote(), quote()]);
    expect(answers.filter((answer) => answer.status !== 429)).toHaveLength(5);
    expect(answers.find((answer) => answer.status === 429)?.body).toMatchObject({ errorType: 'RateLimited' });
  });

  it('quotes: more than 10 in a second get 429 RateLimited with Retry-After', async () => {
    const answers = await Promise.all(Array.from({ length: 14 }, quote));
    const limited = answers.filter((answer) => answer.status === 429);
    expect(answers.filter((answer) => answer.status === 200).length).toBeLessThanOrEqual(10);
    expect(limited.length).toBeGreaterThanOrEqual(4);
    expect(limited[0]?.body).toMatchObject({ errorType: 'RateLimited', description: expect.any(String) });
    expect(Number(limited[0]?.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  });

  it('order submissions: more than 5 in a second get 429', async () => {
    const bodies = await Promise.all(
      Array.from({ length: 8 }, (_, index) => signedOrderBody(trader.privateKey, orderStruct(sandbox, { validTo: sandbox.clock.now() + 3600 + index }))),
    );
    const answers = await Promise.all(bodies.map((body) => call(orderbook(sandbox, '/v1/orders'), { body })));
    expect(answers.filter((answer) => answer.status === 201).length).toBeLessThanOrEqual(5);
    expect(answers.some((answer) => answer.status === 429 && answer.headers.get('retry-after'))).toBe(true);
  });

  it('errorRate 1 fails every request of both services with the status asked for', async () => {
    sandbox.faults.set({ errorRate: 1 });
    expect(await quote()).toMatchObject({ status: 500, body: { errorType: 'InternalServerError' } });
    expect(await price()).toMatchObject({ status: 500, body: { message: expect.any(String) } });
    sandbox.faults.set({ errorRate: 1, status: 503 });
    const proxied = await quote();
    expect(proxied.status).toBe(503);
    expect(proxied.body).toBeUndefined();
    expect((await price()).status).toBe(503);
    sandbox.faults.clear();
    expect((await quote()).status).toBe(200);
  });

  it('a partial errorRate is reproducible for a seed', async () => {
    const run = async (subject: Sandbox) => {
      subject.faults.set({ errorRate: 0.5 });
      const statuses: number[] = [];
      for (let i = 0; i < 20; i += 1) statuses.push((await call(`${subject.bffUrl}/1/tokens/-/usdPrice`)).status);
      return statuses;
    };
    const twin = await startSandbox();
    try {
      const statuses = await run(sandbox);
      expect(statuses).toContain(500);
      expect(statuses).toContain(200);
      expect(await run(twin)).toEqual(statuses);
    } finally {
      await twin.close();
    }
  });

  it('a rate-limit storm answers the next N requests with 429 and Retry-After, then recovers', async () => {
    sandbox.faults.set({ rateLimitStorm: { count: 2, retryAfterSeconds: 7 } });
    const first = await price();
    expect(first.status).toBe(429);
    expect(first.headers.get('retry-after')).toBe('7');
    const second = await quote();
    expect(second).toMatchObject({ status: 429, body: { errorType: 'RateLimited' } });
    expect(second.headers.get('retry-after')).toBe('7');
    expect((await price()).status).toBe(200);
  });

  it('latency delays answers; dropped connections never answer', async () => {
    sandbox.faults.set({ latencyMs: 150 });
    const started = performance.now();
    expect((await price()).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
    sandbox.faults.set({ dropRate: 1 });
    await expect(price()).rejects.toThrow();
    await expect(quote()).rejects.toThrow();
  });

  it('logs every request with its status, and can be reset', async () => {
    sandbox.faults.set({ dropRate: 1 });
    await price().catch(() => undefined);
    sandbox.faults.clear();
    await price();
    await quote();
    expect(sandbox.requests).toEqual([
      { method: 'GET', path: `/1/tokens/${WETH}/usdPrice`, status: 0, at: expect.any(Number) },
      { method: 'GET', path: `/1/tokens/${WETH}/usdPrice`, status: 200, at: expect.any(Number) },
      { method: 'POST', path: '/mainnet/api/v1/quote', status: 200, at: expect.any(Number) },
    ]);
    sandbox.resetRequests();
    expect(sandbox.requests).toEqual([]);
  });

  it('listens on 127.0.0.1 only', () => {
    expect(new URL(sandbox.orderbookUrl).hostname).toBe('127.0.0.1');
    expect(new URL(sandbox.bffUrl).hostname).toBe('127.0.0.1');
  });
});
