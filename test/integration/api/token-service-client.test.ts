import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../../main/core/api/api-error';
import { startSandbox, NO_PRICE_TOKEN, POOL_COUNTS, TEST_ACCOUNTS, type Sandbox } from '../../sandbox';
import { placeOrder, WETH } from '../sandbox/sandbox-kit';
import { FakeClock } from '../../helpers/fake-clock';
import { clientFor, requestsTo } from './client-kit';

describe('token, yield and notification client against the sandbox', () => {
  let sandbox: Sandbox;
  beforeEach(async () => (sandbox = await startSandbox()));
  afterEach(() => sandbox.close());

  it('prices a token (also the native asset) and reports a missing price with the service message', async () => {
    const api = clientFor(sandbox);
    expect((await api.tokenService.usdPrice(1, WETH.toLowerCase())).price).toBe(3000);
    expect((await api.tokenService.usdPrice(100, '-')).price).toBe(1);
    const error = await api.tokenService.usdPrice(1, NO_PRICE_TOKEN).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, retryable: false, description: 'Price not found' });
    expect((error as ApiError).message).toContain('Price not found');
  });

  it('lists top holders, and says so when a token has none', async () => {
    const api = clientFor(sandbox);
    const holders = await api.tokenService.topHolders(1, WETH);
    expect(holders.length).toBeGreaterThan(0);
    expect(holders[0]).toEqual({ address: expect.stringMatching(/^0x/), balance: expect.stringMatching(/^\d+$/) });
    await expect(api.tokenService.topHolders(1, '0x2222222222222222222222222222222222222222')).rejects.toMatchObject({ status: 404, description: 'Token holders not found' });
  });

  it('rejects a malformed address before asking', async () => {
    const api = clientFor(sandbox);
    await expect(api.tokenService.topHolders(1, '0x123')).rejects.toMatchObject({ code: 'INVALID_REQUEST', message: expect.stringContaining('40 hex digits') });
    expect(sandbox.requests).toHaveLength(0);
  });

  it('loads the top pools with an empty request, and 1200 addresses in chunks of 500, merged', async () => {
    const api = clientFor(sandbox);
    const top = await api.tokenService.pools(1, []);
    expect(top.length).toBeLessThanOrEqual(500);
    expect(top.length).toBeGreaterThan(0);
    expect(POOL_COUNTS[1]).toBeGreaterThanOrEqual(1200);

    const everything = new Map<string, true>();
    for (const pool of await api.tokenService.pools(1, [])) everything.set(pool.contract_address, true);
    // Ask for 1200 distinct pools: the top 500 plus 700 addresses the service does not know.
    const unknown = Array.from({ length: 700 }, (_, i) => `0x${(i + 1).toString(16).padStart(40, '0')}`);
    sandbox.resetRequests();
    const asked = [...everything.keys(), ...unknown];
    const pools = await api.tokenService.pools(1, [...asked, ...asked.slice(0, 10)]);
    expect(requestsTo(sandbox, '/yield/pools')).toHaveLength(3);
    expect(pools.map((p) => p.contract_address).sort()).toEqual([...everything.keys()].sort());
  });

  it('caches the average APR for its max-age: a second read makes no request until it expires', async () => {
    const clock = new FakeClock(Date.now());
    const api = clientFor(sandbox, { clock });
    const first = await api.tokenService.poolsAverageApr(1);
    expect(Object.keys(first).length).toBeGreaterThan(0);
    await api.tokenService.poolsAverageApr(1);
    expect(requestsTo(sandbox, 'pools-average-apr')).toHaveLength(1);
    clock.advance(21_600_000);
    await api.tokenService.poolsAverageApr(1);
    expect(requestsTo(sandbox, 'pools-average-apr')).toHaveLength(2);
  });

  it('normalises notifications of both shapes, caches them 300 s, and reports a disabled integration', async () => {
    const { trader } = TEST_ACCOUNTS;
    await placeOrder(sandbox, trader.privateKey);
    sandbox.settle();
    const clock = new FakeClock(Date.now());
    const api = clientFor(sandbox, { clock });
    const notifications = await api.tokenService.accountNotifications(trader.address);
    expect(notifications.map((n) => n.type)).toEqual(expect.arrayContaining(['announcement', 'order_filled']));
    const filled = notifications.find((n) => n.type === 'order_filled');
    expect(filled).toMatchObject({ orderUid: expect.stringMatching(/^0x[0-9a-f]{112}$/), executedAmount: expect.stringMatching(/^\d+$/) });
    await api.tokenService.accountNotifications(trader.address);
    expect(requestsTo(sandbox, '/notifications')).toHaveLength(1);

    sandbox.notifications.setEnabled(false);
    clock.advance(300_000);
    await expect(api.tokenService.accountNotifications(trader.address)).rejects.toMatchObject({
      code: 'NOTIFICATIONS_UNAVAILABLE',
      message: expect.stringMatching(/unavailable for this environment/),
    });
  });

  it('answers an empty list for an account with no notifications', async () => {
    expect(await clientFor(sandbox).tokenService.accountNotifications(TEST_ACCOUNTS.unfunded.address)).toEqual([]);
  });
});
