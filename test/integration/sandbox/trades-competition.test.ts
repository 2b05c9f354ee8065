import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SOLVER, startSandbox, TEST_ACCOUNTS, type Sandbox } from '../../sandbox';
import { call, orderbook, placeOrder, USDC, WETH, UNTHROTTLED } from './sandbox-kit';

const { trader, trader2 } = TEST_ACCOUNTS;

describe('sandbox orderbook: trades and solver competition', () => {
  let sandbox: Sandbox;
  beforeEach(async () => {
    sandbox = await startSandbox({ rateLimits: UNTHROTTLED });
  });
  afterEach(() => sandbox.close());

  const trades = (query: string) => call(orderbook(sandbox, `/v2/trades${query}`));

  it('lists trades by owner (newest first) and by order, with txHash and fees', async () => {
    const uid = await placeOrder(sandbox, trader.privateKey, { partiallyFillable: true });
    const first = sandbox.settle();
    const second = sandbox.settle({ partialFraction: 1 });
    const byOrder = await trades(`?orderUid=${uid}`);
    expect(byOrder.status).toBe(200);
    expect(byOrder.body.map((trade: { txHash: string }) => trade.txHash)).toEqual([second.fills[0]?.txHash, first.fills[0]?.txHash]);
    expect(byOrder.body[0]).toMatchObject({
      blockNumber: expect.any(Number),
      logIndex: 0,
      orderUid: uid,
      owner: trader.address,
      sellToken: WETH,
      buyToken: USDC,
      sellAmount: '500000000000000000',
      sellAmountBeforeFees: '500000000000000000',
      executedProtocolFees: [{ policy: { volume: { factor: 0.0002 } }, amount: expect.any(String), token: USDC }],
    });
    const byOwner = await trades(`?owner=${trader.address}&limit=1`);
    expect(byOwner.body).toHaveLength(1);
    expect(byOwner.body[0].txHash).toBe(second.fills[0]?.txHash);
    expect((await trades(`?owner=${trader2.address}`)).body).toEqual([]);
  });

  it('seeded fulfilled orders come with trades', async () => {
    const uids = sandbox.orders.seed(1, trader2.address, 30);
    const fulfilled = uids.filter((uid) => (sandbox.orders.get(uid) as { status: string }).status === 'fulfilled');
    const listed = await trades(`?owner=${trader2.address}&limit=1000`);
    const ownUids = new Set(listed.body.map((trade: { orderUid: string }) => trade.orderUid));
    // EthFlow orders are owned by the EthFlow contract, so their trades are listed under it.
    const direct = fulfilled.filter((uid) => (sandbox.orders.get(uid) as { owner: string }).owner === trader2.address);
    expect(direct.length).toBeGreaterThan(0);
    for (const uid of direct) expect(ownUids.has(uid)).toBe(true);
  });

  it('InvalidTradeFilter unless exactly one filter; InvalidLimit out of 1..1000', async () => {
    expect(await trades('')).toMatchObject({ status: 400, body: { errorType: 'InvalidTradeFilter' } });
    expect(await trades(`?owner=${trader.address}&orderUid=0x${'00'.repeat(56)}`)).toMatchObject({ status: 400, body: { errorType: 'InvalidTradeFilter' } });
    expect(await trades(`?owner=${trader.address}&limit=0`)).toMatchObject({ status: 400, body: { errorType: 'InvalidLimit' } });
    expect((await trades('?owner=0x12')).status).toBe(400);
  });

  it('v2 solver competition by auction id, by tx hash and latest; v1 is gone', async () => {
    await placeOrder(sandbox, trader.privateKey);
    const [fill] = sandbox.settle().fills;
    if (!fill) throw new Error('expected a fill');
    const byId = await call(orderbook(sandbox, `/v2/solver_competition/${fill.auctionId}`));
    expect(byId.status).toBe(200);
    expect(byId.body).toMatchObject({
      auctionId: fill.auctionId,
      transactionHashes: [fill.txHash],
      auction: { orders: [fill.uid] },
      solutions: expect.arrayContaining([expect.objectContaining({ solverAddress: SOLVER, isWinner: true, txHash: fill.txHash, ranking: 1 })]),
    });
    expect((await call(orderbook(sandbox, `/v2/solver_competition/by_tx_hash/${fill.txHash}`))).body).toEqual(byId.body);
    expect((await call(orderbook(sandbox, '/v2/solver_competition/latest'))).body).toEqual(byId.body);
    expect((await call(orderbook(sandbox, `/v2/solver_competition/${fill.auctionId + 1000}`))).status).toBe(404);
    expect((await call(orderbook(sandbox, '/v2/solver_competition/abc'))).status).toBe(400);
    expect((await call(orderbook(sandbox, `/v1/solver_competition/${fill.auctionId}`))).status).toBe(404);
    expect((await call(orderbook(sandbox, `/v2/solver_competition/${fill.auctionId}`, 'xdai'))).status).toBe(404);
  });
});
