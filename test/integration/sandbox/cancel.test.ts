import { domain as cowDomain, hashOrderCancellation } from '@cowprotocol/contracts';
import type { Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startSandbox, TEST_ACCOUNTS, type Sandbox } from '../../sandbox';
import { call, cancellationBody, orderbook, orderStruct, placeOrder, signedOrderBody, UNTHROTTLED } from './sandbox-kit';

const { trader, trader2 } = TEST_ACCOUNTS;

describe('sandbox orderbook: cancellations', () => {
  let sandbox: Sandbox;
  beforeEach(async () => {
    sandbox = await startSandbox({ rateLimits: UNTHROTTLED });
  });
  afterEach(() => sandbox.close());

  const cancel = (body: unknown) => call(orderbook(sandbox, '/v1/orders'), { method: 'DELETE', body });
  const typesOf = (account: string) => (sandbox.notifications.list(account) as { type?: string }[]).map((item) => item.type).filter(Boolean);

  it('cancels a signed batch: 200 "Cancelled", invalidated, owner notified', async () => {
    const uids = [await placeOrder(sandbox, trader.privateKey), await placeOrder(sandbox, trader.privateKey, { buyAmount: 2_800_000_000n })];
    const answer = await cancel(await cancellationBody(trader.privateKey, uids));
    expect(answer.status).toBe(200);
    expect(answer.body).toBe('Cancelled');
    for (const uid of uids) expect(sandbox.orders.get(uid)).toMatchObject({ status: 'cancelled', invalidated: true });
    expect(typesOf(trader.address)).toEqual(['order_cancelled', 'order_cancelled']);
    expect(sandbox.notifications.list(trader.address)).toContainEqual({
      id: expect.any(String),
      account: trader.address,
      type: 'order_cancelled',
      message: expect.any(String),
      timestamp: expect.stringMatching(/Z$/),
      metadata: { orderId: uids[0], executedAmount: '0' },
    });
    expect((await cancel(await cancellationBody(trader.privateKey, uids))).body).toMatchObject({ errorType: 'AlreadyCancelled' });
  });

  it('accepts an ethsign cancellation', async () => {
    const uid = await placeOrder(sandbox, trader.privateKey);
    expect((await cancel(await cancellationBody(trader.privateKey, [uid], { scheme: 'ethsign' }))).status).toBe(200);
  });

  it('WrongOwner (401) when someone else signs; nothing is cancelled', async () => {
    const uid = await placeOrder(sandbox, trader.privateKey);
    const answer = await cancel(await cancellationBody(trader2.privateKey, [uid]));
    expect(answer).toMatchObject({ status: 401, body: { errorType: 'WrongOwner' } });
    // A signature over the staging domain recovers someone else too.
    expect((await cancel(await cancellationBody(trader.privateKey, [uid], { environment: 'staging' }))).status).toBe(401);
    expect(sandbox.orders.get(uid)).toMatchObject({ status: 'open' });
  });

  it('OrderNotFound (404) is all-or-nothing', async () => {
    const uid = await placeOrder(sandbox, trader.privateKey);
    const unknown = `${uid.slice(0, -8)}00000000` as Hex;
    const answer = await cancel(await cancellationBody(trader.privateKey, [uid, unknown]));
    expect(answer).toMatchObject({ status: 404, body: { errorType: 'OrderNotFound' } });
    expect(sandbox.orders.get(uid)).toMatchObject({ status: 'open' });
  });

  it('OrderFullyExecuted after settlement, OrderExpired after validTo', async () => {
    const filled = await placeOrder(sandbox, trader.privateKey);
    sandbox.settle();
    expect((await cancel(await cancellationBody(trader.privateKey, [filled]))).body).toMatchObject({ errorType: 'OrderFullyExecuted' });
    const expiring = await placeOrder(sandbox, trader.privateKey, { buyAmount: 10n ** 12n, validTo: sandbox.clock.now() + 120 });
    sandbox.clock.advance(121);
    expect((await cancel(await cancellationBody(trader.privateKey, [expiring]))).body).toMatchObject({ errorType: 'OrderExpired' });
  });

  it('InvalidSignature for a malformed signature; plain text for unreadable bodies', async () => {
    const uid = await placeOrder(sandbox, trader.privateKey);
    const body = await cancellationBody(trader.privateKey, [uid]);
    expect(await cancel({ ...body, signature: '0xdead' })).toMatchObject({ status: 400, body: { errorType: 'InvalidSignature' } });
    const garbage = await call(orderbook(sandbox, '/v1/orders'), { method: 'DELETE', raw: '{' });
    expect(garbage.status).toBe(400);
    expect(garbage.body).toBeUndefined();
    expect((await cancel({ ...body, signingScheme: 'presign' })).status).toBe(422);
  });

  it('the deprecated per-UID DELETE is still served: OrderCancellation(bytes orderUid) by the owner', async () => {
    const uid = await placeOrder(sandbox, trader.privateKey);
    const url = orderbook(sandbox, `/v1/orders/${uid}`);
    // Signed over @cowprotocol/contracts' own digest of the single-order type.
    const digest = hashOrderCancellation(cowDomain(1, '0x9008D19f58AAbD9eD0D60971565AA8510560ab41'), uid) as Hex;
    const sign = (key: Hex) => privateKeyToAccount(key).sign({ hash: digest });
    expect(await call(url, { method: 'DELETE', body: { signature: '0x1234', signingScheme: 'eip712' } })).toMatchObject({ status: 400, body: { errorType: 'InvalidSignature' } });
    expect(await call(url, { method: 'DELETE', body: { signature: await sign(trader2.privateKey), signingScheme: 'eip712' } })).toMatchObject({ status: 401, body: { errorType: 'WrongOwner' } });
    expect(await call(url, { method: 'DELETE', body: { signature: await sign(trader.privateKey), signingScheme: 'eip712' } })).toMatchObject({ status: 200, body: 'Cancelled' });
    expect(sandbox.orders.get(uid)).toMatchObject({ status: 'cancelled', invalidated: true });
    expect(await call(url, { method: 'DELETE', body: { signature: await sign(trader.privateKey), signingScheme: 'eip712' } })).toMatchObject({ body: { errorType: 'AlreadyCancelled' } });
  });

  it('an on-chain cancellation: cancelled, invalidated, notified; like live, no onchainUser (the order was not placed on chain)', async () => {
    const uid = await placeOrder(sandbox, trader.privateKey);
    sandbox.orders.cancelOnChain(uid);
    expect(sandbox.orders.get(uid)).toMatchObject({ status: 'cancelled', invalidated: true });
    expect(sandbox.orders.get(uid)).not.toHaveProperty('onchainUser');
    expect(typesOf(trader.address)).toEqual(['order_cancelled']);
    expect(sandbox.settle().fills).toEqual([]);
  });

  it('OnChainOrder: a signed cancellation that names a presign order refuses the whole batch', async () => {
    const open = await placeOrder(sandbox, trader.privateKey);
    const presignBody = { ...(await signedOrderBody(trader.privateKey, orderStruct(sandbox, { validTo: sandbox.clock.now() + 1234 }))), signingScheme: 'presign', signature: '0x' };
    const presign = (await call(orderbook(sandbox, '/v1/orders'), { body: presignBody })).body as Hex;
    const answer = await cancel(await cancellationBody(trader.privateKey, [open, presign]));
    expect(answer).toMatchObject({ status: 400, body: { errorType: 'OnChainOrder' } });
    expect(sandbox.orders.get(open)).toMatchObject({ status: 'open' });
  });
});
