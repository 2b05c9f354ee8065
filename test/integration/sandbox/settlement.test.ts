import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startSandbox, TEST_ACCOUNTS, type Sandbox } from '../../sandbox';
import { call, orderbook, orderStruct, placeOrder, signedOrderBody, USDC, WETH, UNTHROTTLED } from './sandbox-kit';

const { trader } = TEST_ACCOUNTS;
const ONE_WETH = 10n ** 18n;
const FEE_WETH = 2_250_000_000_000_000n; // 150k gas at 15 gwei

describe('sandbox settlement clock', () => {
  let sandbox: Sandbox;
  beforeEach(async () => {
    sandbox = await startSandbox({ rateLimits: UNTHROTTLED });
  });
  afterEach(() => sandbox.close());

  const eventsOf = (uid: string) =>
    (sandbox.notifications.list(trader.address) as { type: string; metadata?: { orderId: string; executedAmount: string } }[])
      .filter((item) => item.metadata?.orderId === uid)
      .map((item) => [item.type, item.metadata?.executedAmount]);

  it('fills a sell order whose limit the market meets: amounts, ledger, notifications', async () => {
    const uid = await placeOrder(sandbox, trader.privateKey);
    const usdcBefore = sandbox.ledger.balance(1, trader.address, USDC);
    const report = sandbox.settle();
    expect(report.fills).toEqual([
      expect.objectContaining({ uid, chainId: 1, executedSell: ONE_WETH, executedBuy: 2_993_250_000n, fee: FEE_WETH, complete: true }),
    ]);
    expect(report.fills[0]?.txHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(sandbox.orders.get(uid)).toMatchObject({
      status: 'fulfilled',
      executedSellAmount: ONE_WETH.toString(),
      executedSellAmountBeforeFees: ONE_WETH.toString(),
      executedBuyAmount: '2993250000',
      executedFee: FEE_WETH.toString(),
      executedFeeToken: WETH,
    });
    expect(sandbox.ledger.balance(1, trader.address, USDC) - usdcBefore).toBe(2_993_250_000n);
    expect(sandbox.ledger.balance(1, trader.address, WETH)).toBe(999n * ONE_WETH);
    // 2993.25 against a 2900 limit is over 1% better: a price improvement too.
    expect(eventsOf(uid)).toEqual([
      ['order_filled', ONE_WETH.toString()],
      ['price_improvement', ONE_WETH.toString()],
    ]);
    expect(sandbox.settle().fills).toEqual([]);
  });

  it('fills a buy order: buys exactly buyAmount, pays cost plus network fee', async () => {
    sandbox.ledger.setBalance(1, trader.address, USDC, 10_000_000_000n);
    const uid = await placeOrder(sandbox, trader.privateKey, { kind: 'buy', sellToken: USDC, buyToken: WETH, sellAmount: 3_010_000_000n, buyAmount: ONE_WETH });
    const [fill] = sandbox.settle().fills;
    expect(fill).toMatchObject({ uid, executedBuy: ONE_WETH, executedSell: 3_006_750_000n, fee: 6_750_000n, complete: true });
    expect(eventsOf(uid)).toEqual([['order_filled', ONE_WETH.toString()]]);
  });

  it('fills a partially fillable order in two batches', async () => {
    const uid = await placeOrder(sandbox, trader.privateKey, { partiallyFillable: true });
    const first = sandbox.settle();
    expect(first.fills[0]).toMatchObject({ executedSell: ONE_WETH / 2n, complete: false });
    expect(sandbox.orders.get(uid)).toMatchObject({ status: 'open', executedSellAmount: (ONE_WETH / 2n).toString() });
    sandbox.clock.advance(12);
    const second = sandbox.settle({ partialFraction: 1 });
    expect(second.fills[0]).toMatchObject({ executedSell: ONE_WETH / 2n, complete: true });
    expect(second.fills[0]?.txHash).not.toBe(first.fills[0]?.txHash);
    expect(sandbox.orders.get(uid)).toMatchObject({ status: 'fulfilled', executedSellAmount: ONE_WETH.toString() });
    expect(eventsOf(uid).map(([type]) => type)).toEqual(['order_partially_filled', 'price_improvement', 'order_filled', 'price_improvement']);
  });

  it('leaves a fill-or-kill order open while the limit is out of reach, fills it when the price moves', async () => {
    const uid = await placeOrder(sandbox, trader.privateKey, { buyAmount: 3_100_000_000n });
    expect(sandbox.settle()).toEqual({ fills: [], skipped: [{ uid, reason: 'limit-price' }] });
    sandbox.prices.set(1, WETH, 3200);
    // The network fee is priced in ETH, whose price did not move: (1 - 0.00225 * 3000 / 3200) * 3200.
    expect(sandbox.settle().fills[0]).toMatchObject({ uid, executedBuy: 3_193_250_000n, complete: true });
  });

  it('expires an unfilled order when the clock passes validTo, and tells the owner', async () => {
    const uid = await placeOrder(sandbox, trader.privateKey, { buyAmount: 5_000_000_000n, validTo: sandbox.clock.now() + 300 });
    sandbox.clock.advance(300);
    expect(sandbox.orders.get(uid)).toMatchObject({ status: 'open' });
    sandbox.clock.advance(1);
    expect(sandbox.orders.get(uid)).toMatchObject({ status: 'expired', executedSellAmount: '0' });
    expect(eventsOf(uid)).toEqual([['order_expired', '0']]);
    sandbox.prices.set(1, WETH, 10_000);
    expect(sandbox.settle().fills).toEqual([]);
  });

  it('a partially filled order that runs out of time expires with its fills', async () => {
    const uid = await placeOrder(sandbox, trader.privateKey, { partiallyFillable: true, validTo: sandbox.clock.now() + 100 });
    sandbox.settle();
    sandbox.clock.advance(101);
    expect(sandbox.orders.get(uid)).toMatchObject({ status: 'expired', executedSellAmount: (ONE_WETH / 2n).toString() });
  });

  it('warns once about an insufficient balance, then fills when the balance is back', async () => {
    const uid = await placeOrder(sandbox, trader.privateKey);
    sandbox.ledger.setBalance(1, trader.address, WETH, ONE_WETH / 2n);
    expect(sandbox.settle().skipped).toEqual([{ uid, reason: 'insufficient-balance' }]);
    sandbox.settle();
    expect(eventsOf(uid)).toEqual([['insufficient_balance', '0']]);
    sandbox.ledger.setBalance(1, trader.address, WETH, ONE_WETH);
    expect(sandbox.settle().fills).toHaveLength(1);
  });

  it('skips an order whose allowance was revoked after submission', async () => {
    const uid = await placeOrder(sandbox, trader.privateKey);
    sandbox.ledger.setAllowance(1, trader.address, WETH, 0n);
    expect(sandbox.settle().skipped).toEqual([{ uid, reason: 'insufficient-allowance' }]);
  });

  it('does not settle presign orders before the pre-signature', async () => {
    const body = { ...(await signedOrderBody(trader.privateKey, orderStruct(sandbox))), signingScheme: 'presign', signature: '0x' };
    const uid = (await call(orderbook(sandbox, '/v1/orders'), { body })).body as string;
    expect(sandbox.settle()).toEqual({ fills: [], skipped: [] });
    sandbox.orders.presign(uid);
    expect(sandbox.settle().fills).toEqual([expect.objectContaining({ uid, complete: true })]);
  });

  it('does not settle cancelled orders', async () => {
    const uid = await placeOrder(sandbox, trader.privateKey);
    sandbox.orders.cancelOnChain(uid);
    expect(sandbox.settle()).toEqual({ fills: [], skipped: [] });
  });
});
