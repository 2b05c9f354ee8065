import { computeOrderUid, domain as cowDomain, OrderBalance, OrderKind } from '@cowprotocol/contracts';
import { decodeEventLog, erc20Abi, getAddress, parseEther, zeroAddress, type Address, type Hex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, TEST_ACCOUNTS, type Sandbox } from '../../sandbox';
import { UNTHROTTLED } from './sandbox-kit';
import { SETTLEMENT_ABI } from '../../sandbox/chain/cow-deployment';
import { ETHFLOW_ABI } from '../../sandbox/chain/ethflow-deployment';
import { call, orderbook, USDC, WETH } from './sandbox-kit';

const { trader, trader2 } = TEST_ACCOUNTS;
const ETHFLOW = getAddress('0xbA3cB449bD2B4ADddBc894D8697F5170800EAdeC');
const SETTLEMENT = getAddress('0x9008D19f58AAbD9eD0D60971565AA8510560ab41');
const APP_DATA_HASH: Hex = `0x${'00'.repeat(32)}`;

interface EthFlowData {
  buyToken: Address;
  receiver: Address;
  sellAmount: bigint;
  buyAmount: bigint;
  appData: Hex;
  feeAmount: bigint;
  validTo: number;
  partiallyFillable: boolean;
  quoteId: bigint;
}

/**
 * The sandbox's orderbook against CoW's real EthFlow contract: orders the
 * contract places are indexed from its events, settled through settle() (the
 * settlement contract asks EthFlow's isValidSignature), and invalidated or
 * refunded by the contract's own rules. UIDs are computed here with
 * @cowprotocol/contracts, never with the app's protocol code.
 */
describe('sandbox: EthFlow orders from the real contract', () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await startSandbox({ chain: true, rateLimits: UNTHROTTLED });
  });
  afterAll(() => sandbox.close());

  const client = () => sandbox.chain!.client(1);
  const uidOf = (data: EthFlowData) =>
    computeOrderUid(
      cowDomain(1, SETTLEMENT),
      { sellToken: WETH, buyToken: data.buyToken, receiver: data.receiver, sellAmount: data.sellAmount, buyAmount: data.buyAmount, validTo: 0xffffffff, appData: data.appData, feeAmount: data.feeAmount, kind: OrderKind.SELL, partiallyFillable: data.partiallyFillable, sellTokenBalance: OrderBalance.ERC20, buyTokenBalance: OrderBalance.ERC20 },
      ETHFLOW,
    ).toLowerCase();

  async function ethFlowQuote(from: Address, sellAmount: bigint): Promise<{ id: number; buyAmount: bigint }> {
    const answer = await call(orderbook(sandbox, '/v1/quote'), {
      body: { sellToken: WETH, buyToken: USDC, from, kind: 'sell', sellAmountBeforeFee: sellAmount.toString(), signingScheme: 'eip1271', onchainOrder: true },
    });
    expect(answer.status).toBe(200);
    return { id: answer.body.id, buyAmount: BigInt(answer.body.quote.buyAmount) };
  }

  async function order(from: Address, overrides: Partial<EthFlowData> = {}): Promise<EthFlowData> {
    const sellAmount = overrides.sellAmount ?? parseEther('0.5');
    const quote = await ethFlowQuote(from, sellAmount);
    return { buyToken: USDC, receiver: from, sellAmount, buyAmount: (quote.buyAmount * 99n) / 100n, appData: APP_DATA_HASH, feeAmount: 0n, validTo: sandbox.clock.now() + 1800, partiallyFillable: false, quoteId: BigInt(quote.id), ...overrides };
  }

  async function send(from: Address, functionName: 'createOrder' | 'invalidateOrder', data: EthFlowData, value?: bigint) {
    const c = client();
    await c.impersonateAccount({ address: from });
    const hash = await c.writeContract({ account: from, address: ETHFLOW, abi: ETHFLOW_ABI, functionName, args: [data], value, chain: c.chain });
    return c.waitForTransactionReceipt({ hash });
  }

  const getOrder = async (uid: string) => (await call(orderbook(sandbox, `/v1/orders/${uid}`))).body;

  it('createOrder’s OrderPlacement becomes the order: EthFlow owner, eip1271, validTo ffffffff, the user as onchainUser and userValidTo', async () => {
    const data = await order(trader.address);
    const receipt = await send(trader.address, 'createOrder', data, data.sellAmount + data.feeAmount);
    const placement = receipt.logs.map((log) => decodeEventLog({ abi: ETHFLOW_ABI, data: log.data, topics: log.topics })).find((event) => event.eventName === 'OrderPlacement');
    expect(placement?.args).toMatchObject({ sender: trader.address });
    const uid = uidOf(data);
    const view = await getOrder(uid);
    expect(view).toMatchObject({
      uid,
      sellToken: WETH,
      buyToken: USDC,
      validTo: 0xffffffff,
      signingScheme: 'eip1271',
      status: 'open',
      onchainUser: trader.address,
      ethflowData: { userValidTo: data.validTo, refundTxHash: null },
      onchainOrderData: { sender: trader.address },
      quoteId: Number(data.quoteId),
    });
    expect(getAddress(view.owner)).toBe(ETHFLOW);
    expect(view.onchainOrderData.placementError).toBeUndefined();
    // Listed for the user who placed it, as the live service lists EthFlow orders.
    const listed = await call(orderbook(sandbox, `/v1/account/${trader.address}/orders`));
    expect(listed.body.map((entry: { uid: string }) => entry.uid)).toContain(uid);
  });

  it('the solver settles it through settle(): a Trade event with the UID, USDC to the receiver, the EthFlow ETH spent', async () => {
    const data = await order(trader2.address);
    await send(trader2.address, 'createOrder', data, data.sellAmount);
    const uid = uidOf(data);
    const usdcBefore = await client().readContract({ address: USDC, abi: erc20Abi, functionName: 'balanceOf', args: [trader2.address] });
    const report = await sandbox.onChain!.settle();
    const fill = report.fills.find((entry) => entry.uid === uid);
    expect(fill).toMatchObject({ complete: true, executedSell: data.sellAmount });
    const receipt = await client().getTransactionReceipt({ hash: fill!.txHash as Hex });
    const trades = receipt.logs
      .filter((log) => getAddress(log.address) === SETTLEMENT)
      .map((log) => decodeEventLog({ abi: SETTLEMENT_ABI, data: log.data, topics: log.topics, strict: false }))
      .filter((event) => event.eventName === 'Trade')
      .map((event) => event.args as unknown as { owner: Address; orderUid: Hex; buyAmount: bigint });
    const trade = trades.find((entry) => entry.orderUid.toLowerCase() === uid);
    expect(getAddress(trade!.owner)).toBe(ETHFLOW);
    expect(trade!.buyAmount).toBeGreaterThanOrEqual(data.buyAmount);
    expect(await client().readContract({ address: USDC, abi: erc20Abi, functionName: 'balanceOf', args: [trader2.address] })).toBe(usdcBefore + trade!.buyAmount);
    expect(await getOrder(uid)).toMatchObject({ status: 'fulfilled', executedSellAmount: data.sellAmount.toString() });
  });

  it('a placement without an on-chain quote is listed with placementError QuoteNotFound and never traded', async () => {
    const data = await order(trader.address, { quoteId: 987_654_321n, sellAmount: parseEther('0.3') });
    await send(trader.address, 'createOrder', data, data.sellAmount);
    const uid = uidOf(data);
    expect((await getOrder(uid)).onchainOrderData).toEqual({ sender: trader.address, placementError: 'QuoteNotFound' });
    const report = await sandbox.onChain!.settle();
    expect(report.fills.map((entry) => entry.uid)).not.toContain(uid);
    // A quote asked for an off-chain order does not price an EthFlow placement either.
    const offChain = await call(orderbook(sandbox, '/v1/quote'), { body: { sellToken: WETH, buyToken: USDC, from: trader.address, kind: 'sell', sellAmountBeforeFee: parseEther('0.2').toString() } });
    const other = await order(trader.address, { quoteId: BigInt(offChain.body.id), sellAmount: parseEther('0.2') });
    await send(trader.address, 'createOrder', other, other.sellAmount);
    expect((await getOrder(uidOf(other))).onchainOrderData.placementError).toBe('QuoteNotFound');
  });

  it('the contract refuses a wrong msg.value and a zero receiver; nothing reaches the orderbook', async () => {
    const data = await order(trader.address, { sellAmount: parseEther('0.4') });
    await expect(send(trader.address, 'createOrder', data, data.sellAmount - 1n)).rejects.toThrow(/IncorrectEthAmount/);
    const zeroReceiver = { ...data, receiver: zeroAddress };
    await expect(send(trader.address, 'createOrder', zeroReceiver, data.sellAmount)).rejects.toThrow(/ReceiverMustBeSet/);
    expect((await call(orderbook(sandbox, `/v1/orders/${uidOf(data)}`))).status).toBe(404);
  });

  it('the user’s invalidateOrder before the deadline: OrderInvalidation, cancelled, refundTxHash, the ETH back', async () => {
    const data = await order(trader.address, { sellAmount: parseEther('0.7') });
    await send(trader.address, 'createOrder', data, data.sellAmount);
    const uid = uidOf(data);
    // A stranger may not refund an order that can still trade.
    await expect(send(trader2.address, 'invalidateOrder', data)).rejects.toThrow(/NotAllowedToInvalidateOrder/);
    const ethBefore = await client().getBalance({ address: trader.address });
    const receipt = await send(trader.address, 'invalidateOrder', data);
    const events = receipt.logs.map((log) => decodeEventLog({ abi: ETHFLOW_ABI, data: log.data, topics: log.topics }));
    expect(events.map((event) => event.eventName)).toEqual(['OrderInvalidation']);
    expect(await client().getBalance({ address: trader.address })).toBe(ethBefore + data.sellAmount - receipt.gasUsed * receipt.effectiveGasPrice);
    expect(await getOrder(uid)).toMatchObject({ status: 'cancelled', invalidated: true, onchainUser: trader.address, ethflowData: { refundTxHash: receipt.transactionHash } });
  });

  it('after the user’s deadline anyone may refund: OrderRefund by the stranger, expired with refundTxHash, the ETH to the user', async () => {
    const data = await order(trader.address, { sellAmount: parseEther('0.6'), validTo: sandbox.clock.now() + 120 });
    await send(trader.address, 'createOrder', data, data.sellAmount);
    const uid = uidOf(data);
    sandbox.clock.advance(600);
    await client().setNextBlockTimestamp({ timestamp: BigInt(sandbox.clock.now()) });
    expect((await getOrder(uid)).status).toBe('expired');
    const ethBefore = await client().getBalance({ address: trader.address });
    const receipt = await send(trader2.address, 'invalidateOrder', data);
    const refund = receipt.logs.map((log) => decodeEventLog({ abi: ETHFLOW_ABI, data: log.data, topics: log.topics })).find((event) => event.eventName === 'OrderRefund');
    expect(refund?.args).toMatchObject({ orderUid: uid, refunder: trader2.address });
    expect(await client().getBalance({ address: trader.address })).toBe(ethBefore + data.sellAmount);
    expect(await getOrder(uid)).toMatchObject({ status: 'expired', ethflowData: { refundTxHash: receipt.transactionHash, userValidTo: data.validTo } });
  });
});
