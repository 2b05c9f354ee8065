import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { appDataHash } from '../../../main/common/protocol/app-data';
import { domainFor } from '../../../main/common/protocol/domain';
import { orderDigest } from '../../../main/common/protocol/order';
import { orderUid } from '../../../main/common/protocol/order-uid';
import { startSandbox, TEST_ACCOUNTS, UNCONVERTIBLE_UID, type Sandbox } from '../../sandbox';
import { APP_DATA, cancellationBody, orderStruct, placeOrder, signedOrderBody, USDC, WETH } from '../sandbox/sandbox-kit';
import { clientFor, requestsTo } from './client-kit';

const { trader } = TEST_ACCOUNTS;

describe('orderbook client against the sandbox', () => {
  let sandbox: Sandbox;
  let api: ReturnType<typeof clientFor>;
  beforeEach(async () => {
    sandbox = await startSandbox();
    api = clientFor(sandbox);
  });
  afterEach(() => sandbox.close());

  it('quotes a sell order with its network cost', async () => {
    const answer = await api.orderbook.quote(1, { sellToken: WETH, buyToken: USDC, from: trader.address, kind: 'sell', sellAmountBeforeFee: '1000000000000000000' });
    expect(answer.quote.sellToken).toBe(WETH);
    expect(BigInt(answer.quote.buyAmount)).toBeGreaterThan(2_900_000_000n);
    expect(BigInt(answer.quote.feeAmount)).toBeGreaterThan(0n);
  });

  it('submits a signed order and gets back the UID computed locally; then reads it, its status and by UID', async () => {
    const struct = orderStruct(sandbox);
    const body = await signedOrderBody(trader.privateKey, struct);
    const local = orderUid(orderDigest(struct, domainFor(1, 'production')), trader.address, struct.validTo);
    const uid = await api.orderbook.submitOrder(1, body);
    expect(uid).toBe(local);
    expect(await api.orderbook.getOrder(1, uid)).toMatchObject({ uid, owner: trader.address, status: 'open', fullAppData: APP_DATA });
    expect((await api.orderbook.getOrderStatus(1, uid)).type).toBe('open');
  });

  it('fetches any number of UIDs 128 at a time, reports per-UID errors, and leaves unknown UIDs out', async () => {
    const uids = sandbox.orders.seed(1, trader.address, 300);
    const unknown = `0x${'12'.repeat(56)}`;
    sandbox.resetRequests();
    const result = await api.orderbook.ordersByUids(1, [...uids, unknown, UNCONVERTIBLE_UID]);
    expect(requestsTo(sandbox, 'by_uids')).toHaveLength(3);
    expect(result.orders.map((o) => o.uid).sort()).toEqual([...uids].sort());
    expect(result.errors).toEqual([{ uid: UNCONVERTIBLE_UID, description: expect.any(String) }]);
  });

  it('pages account orders newest first with limits up to 1000', async () => {
    sandbox.orders.seed(1, trader.address, 1500);
    const first = await api.orderbook.accountOrders(1, trader.address, { offset: 0, limit: 5000 });
    const second = await api.orderbook.accountOrders(1, trader.address, { offset: 1000, limit: 1000 });
    expect(first).toHaveLength(1000);
    expect(second).toHaveLength(500);
    expect(first[0]!.creationDate > first[999]!.creationDate).toBe(true);
  });

  it('cancels open orders in one signed batch', async () => {
    const uids = [await placeOrder(sandbox, trader.privateKey), await placeOrder(sandbox, trader.privateKey, { buyAmount: 2_950_000_000n })];
    await api.orderbook.cancelOrders(1, await cancellationBody(trader.privateKey, uids));
    for (const uid of uids) expect(await api.orderbook.getOrder(1, uid)).toMatchObject({ status: 'cancelled', invalidated: true });
  });

  it('uploads appData under its hash and reads it back', async () => {
    const doc = '{"appCode":"CoW Desk","metadata":{"quote":{"slippageBips":"50"}},"version":"1.3.0"}';
    await api.orderbook.uploadAppData(1, appDataHash(doc), doc);
    expect(await api.orderbook.getAppData(1, appDataHash(doc))).toBe(doc);
  });

  it('reads trades and the solver competition of a settled order', async () => {
    const uid = await placeOrder(sandbox, trader.privateKey);
    const [fill] = sandbox.settle().fills;
    const trades = await api.orderbook.trades(1, { orderUid: uid }, { offset: 0, limit: 10 });
    expect(trades).toHaveLength(1);
    expect(trades[0]).toMatchObject({ orderUid: uid, txHash: fill!.txHash });
    expect((await api.orderbook.solverCompetition(1, { txHash: fill!.txHash })).auctionId).toBe(fill!.auctionId);
    expect((await api.orderbook.solverCompetition(1, { auctionId: fill!.auctionId })).auctionId).toBe(fill!.auctionId);
  });

  it('routes each chain to its own orderbook segment', async () => {
    await api.orderbook.accountOrders(100, trader.address, { offset: 0, limit: 10 });
    expect(requestsTo(sandbox, '/xdai/api/v1/account/')).toHaveLength(1);
  });
});
