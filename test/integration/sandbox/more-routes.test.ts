import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NO_PRICE_TOKEN, startSandbox, TEST_ACCOUNTS, UNSUPPORTED_TOKEN, type Sandbox } from '../../sandbox';
import { call, orderbook, placeOrder, USDC, WETH, UNTHROTTLED } from './sandbox-kit';

const { trader } = TEST_ACCOUNTS;

describe('sandbox orderbook: version, native price, orders by tx, total surplus', () => {
  let sandbox: Sandbox;
  beforeEach(async () => {
    sandbox = await startSandbox({ rateLimits: UNTHROTTLED });
  });
  afterEach(() => sandbox.close());

  it('GET /api/v1/version answers the version as plain text', async () => {
    const answer = await call(orderbook(sandbox, '/v1/version'));
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(answer.text).not.toBe('');
  });

  it('GET /api/v1/token/{token}/native_price: native atoms per token atom; NoLiquidity 404 without a price', async () => {
    const usdc = await call(orderbook(sandbox, `/v1/token/${USDC}/native_price`));
    // 1 USD per USDC at 3000 USD per ETH: 1e-6 USDC atoms -> (1/3000) * 1e18 wei.
    expect(usdc.body.price).toBeCloseTo(1e12 / 3000, 0);
    expect((await call(orderbook(sandbox, `/v1/token/${WETH}/native_price`))).body).toEqual({ price: 1 });
    expect(await call(orderbook(sandbox, `/v1/token/${NO_PRICE_TOKEN}/native_price`))).toMatchObject({ status: 404, body: { errorType: 'NoLiquidity' } });
    expect(await call(orderbook(sandbox, `/v1/token/${UNSUPPORTED_TOKEN}/native_price`))).toMatchObject({ status: 400, body: { errorType: 'UnsupportedToken' } });
  });

  it('GET /api/v1/transactions/{tx}/orders lists the orders a settlement traded; total_surplus adds their surplus', async () => {
    const uid = await placeOrder(sandbox, trader.privateKey);
    const [fill] = sandbox.settle().fills;
    const orders = await call(orderbook(sandbox, `/v1/transactions/${fill!.txHash}/orders`));
    expect(orders.body).toEqual([expect.objectContaining({ uid, status: 'fulfilled' })]);
    expect((await call(orderbook(sandbox, `/v1/transactions/0x${'00'.repeat(32)}/orders`))).body).toEqual([]);
    // Limit 2900 USDC for 1 WETH, received 2993.25: 93.25 USDC of surplus, at 3000 USD per ETH.
    const surplus = await call(orderbook(sandbox, `/v1/users/${trader.address}/total_surplus`));
    expect(surplus.body).toEqual({ totalSurplus: ((93_250_000n * 10n ** 18n) / 3_000_000_000n).toString() });
    expect((await call(orderbook(sandbox, `/v1/users/${TEST_ACCOUNTS.trader2.address}/total_surplus`))).body).toEqual({ totalSurplus: '0' });
  });
});
