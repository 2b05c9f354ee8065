import type { Hex } from 'viem';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ETHFLOW_CONTRACT, startSandbox, TEST_ACCOUNTS, UNCONVERTIBLE_UID, type Sandbox } from '../../sandbox';
import { call, orderbook, placeOrder, UNTHROTTLED } from './sandbox-kit';

const { trader, trader2 } = TEST_ACCOUNTS;

/** Every field of interface.md's Order table that applies to a plain ECDSA order. */
const ORDER_FIELDS = [
  'sellToken', 'buyToken', 'sellAmount', 'buyAmount', 'validTo', 'feeAmount', 'kind', 'partiallyFillable', 'signingScheme',
  'signature', 'appData', 'appDataHash', 'fullAppData', 'creationDate', 'class', 'owner', 'uid', 'executedSellAmount',
  'executedSellAmountBeforeFees', 'executedBuyAmount', 'executedFeeAmount', 'executedFee', 'executedFeeToken', 'invalidated',
  'status', 'settlementContract', 'receiver', 'sellTokenBalance', 'buyTokenBalance', 'from', 'quoteId', 'fullBalanceCheck',
  'availableBalance', 'isLiquidityOrder', 'interactions',
];

describe('sandbox orderbook: order lookups', () => {
  let sandbox: Sandbox;
  beforeEach(async () => {
    sandbox = await startSandbox({ rateLimits: UNTHROTTLED });
  });
  afterEach(() => sandbox.close());

  it('GET /orders/{uid}: the full record; 404 NotFound, plain-text 400 for a bad UID', async () => {
    const uid = await placeOrder(sandbox, trader.privateKey);
    const answer = await call(orderbook(sandbox, `/v1/orders/${uid}`));
    expect(answer.status).toBe(200);
    for (const field of ORDER_FIELDS) expect(answer.body, field).toHaveProperty(field);
    expect(answer.body.creationDate).toMatch(/^2027-01-15T08:00:00\.\d{6}Z$/);
    expect(JSON.parse(answer.body.appData)).toEqual({ appCode: 'CoW Desk', metadata: {}, version: '1.4.0' });
    expect(answer.body).toMatchObject({ executedSellAmount: '0', invalidated: false, status: 'open', interactions: { pre: [], post: [] } });
    const missing = await call(orderbook(sandbox, `/v1/orders/${uid.slice(0, -2)}00`));
    expect(missing).toMatchObject({ status: 404, body: { errorType: 'NotFound' } });
    const bad = await call(orderbook(sandbox, '/v1/orders/0x1234'));
    expect(bad.status).toBe(400);
    expect(bad.body).toBeUndefined();
    // An order lives on its own chain only.
    expect((await call(orderbook(sandbox, `/v1/orders/${uid}`, 'base'))).status).toBe(404);
  });

  it('GET /orders/{uid}/status follows the order', async () => {
    const uid = await placeOrder(sandbox, trader.privateKey, { partiallyFillable: true });
    const status = () => call(orderbook(sandbox, `/v1/orders/${uid}/status`));
    expect((await status()).body).toEqual({ type: 'open' });
    sandbox.settle();
    expect((await status()).body).toMatchObject({ type: 'traded', value: [{ executedAmounts: { sell: '500000000000000000' } }] });
    sandbox.clock.advance(7200);
    expect((await status()).body).toEqual({ type: 'cancelled' });
  });

  it('POST /orders/by_uids: found orders only, shuffled, with the unconvertible one as an error element', async () => {
    const uids = sandbox.orders.seed(1, trader.address, 40) as Hex[];
    const unknown = `0x${'77'.repeat(56)}`;
    const answer = await call(orderbook(sandbox, '/v1/orders/by_uids'), { body: [...uids, unknown, UNCONVERTIBLE_UID] });
    expect(answer.status).toBe(200);
    const orders = answer.body.filter((element: { order?: unknown }) => element.order).map((element: { order: { uid: string } }) => element.order.uid);
    expect(new Set(orders)).toEqual(new Set(uids));
    expect(orders).not.toEqual(uids);
    expect(answer.body).toContainEqual({ error: { uid: UNCONVERTIBLE_UID, description: expect.any(String) } });
    expect(answer.body).toHaveLength(41);
  });

  it('POST /orders/by_uids: over 128 is a plain-text 400, a bad UID a 422', async () => {
    const tooMany = await call(orderbook(sandbox, '/v1/orders/by_uids'), { body: Array.from({ length: 129 }, () => UNCONVERTIBLE_UID) });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body).toBeUndefined();
    expect((await call(orderbook(sandbox, '/v1/orders/by_uids'), { body: ['0x12'] })).status).toBe(422);
  });

  it('GET /account/{owner}/orders: newest first, stable pages, limit 1..1000', async () => {
    const seeded = sandbox.orders.seed(1, trader2.address, 25, { openShare: 0.4 });
    const page = (query: string) => call(orderbook(sandbox, `/v1/account/${trader2.address.toLowerCase()}/orders${query}`));
    expect((await page('?limit=1')).body[0].uid).toBe(seeded[0]);
    // Placed after the account was listed: the next listing has it first.
    const placed = await placeOrder(sandbox, trader2.privateKey);
    const first = await page('');
    expect(first.body).toHaveLength(10);
    expect(first.body[0].uid).toBe(placed);
    const all = [...first.body, ...(await page('?offset=10&limit=10')).body, ...(await page('?offset=20&limit=10')).body];
    expect(all.map((order: { uid: string }) => order.uid)).toEqual([placed, ...seeded]);
    const dates = all.map((order: { creationDate: string }) => order.creationDate);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect((await page('?offset=26')).body).toEqual([]);
    for (const limit of ['0', '1001']) expect((await page(`?limit=${limit}`)).body).toMatchObject({ errorType: 'InvalidLimit' });
    expect((await page('?offset=x')).status).toBe(400);
  });

  it('seeded history covers every status, EthFlow orders included', async () => {
    const uids = sandbox.orders.seed(1, trader.address, 60);
    const orders = uids.map((uid) => sandbox.orders.get(uid) as Record<string, unknown>);
    expect(new Set(orders.map((order) => order.status))).toEqual(new Set(['open', 'fulfilled', 'expired', 'cancelled']));
    const ethflow = orders.find((order) => order.ethflowData);
    expect(ethflow).toMatchObject({
      owner: ETHFLOW_CONTRACT,
      onchainUser: trader.address,
      validTo: 0xffffffff,
      onchainOrderData: { sender: trader.address },
      ethflowData: { refundTxHash: null, userValidTo: expect.any(Number) },
    });
    const fulfilled = orders.find((order) => order.status === 'fulfilled' && order.kind === 'sell');
    expect(fulfilled?.executedSellAmount).toBe(fulfilled?.sellAmount);
  });
});
