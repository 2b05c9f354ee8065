import { computeOrderUid, domain as cowDomain, OrderBalance, OrderKind } from '@cowprotocol/contracts';
import { decodeEventLog, getAddress, parseEther } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EthFlowOrderInput } from '../../../main/common/orders/ethflow';
import { appDataFor } from '../../../main/common/trade/app-data-doc';
import { marketOrderAmounts } from '../../../main/common/trade/order-math';
import { chainTruth } from '../../helpers/chain-truth';
import { TEST_ACCOUNTS } from '../../sandbox';
import { ETHFLOW_ABI } from '../../sandbox/chain/ethflow-deployment';
import { call as http, orderbook, USDC, WETH } from '../sandbox/sandbox-kit';
import { UNTHROTTLED } from '../sandbox/sandbox-kit';
import { newIntentId, startWalletKit, type WalletKit } from './wallet-kit';

/** Written here independently of the app's tables. */
const ETHFLOW = getAddress('0xbA3cB449bD2B4ADddBc894D8697F5170800EAdeC');
const SETTLEMENT = getAddress('0x9008D19f58AAbD9eD0D60971565AA8510560ab41');
/** The Sell ETH form's appData document, and its hash the order carries. */
const APP_DATA = appDataFor({ environment: 'production', orderClass: 'market', slippageBips: 50 });
/** A fresh account holding only ETH: no WETH, no allowance, no tokens at all. */
const { unfunded } = TEST_ACCOUNTS;

describe('Sell ETH in one transaction: the app’s EthFlow createOrder on the real contract', () => {
  let kit: WalletKit;
  beforeAll(async () => {
    // The test reads the orderbook's routes itself, beside the app's own budget of the live 5 a second.
    kit = await startWalletKit({ rateLimits: UNTHROTTLED });
    await kit.chain.client(1).setBalance({ address: unfunded.address, value: parseEther('3') });
    await kit.importKey(unfunded.privateKey, 'ETH only');
    await kit.call('settings.update', { enabledChains: [1] });
  }, 120_000);
  afterAll(() => kit?.stop());

  const client = () => kit.chain.client(1);
  const uidByCow = (order: EthFlowOrderInput) =>
    computeOrderUid(
      cowDomain(1, SETTLEMENT),
      { sellToken: WETH, buyToken: order.buyToken, receiver: order.receiver, sellAmount: order.sellAmount, buyAmount: order.buyAmount, validTo: 0xffffffff, appData: order.appData, feeAmount: order.feeAmount, kind: OrderKind.SELL, partiallyFillable: order.partiallyFillable, sellTokenBalance: OrderBalance.ERC20, buyTokenBalance: OrderBalance.ERC20 },
      ETHFLOW,
    ).toLowerCase();

  /** What the Sell ETH form builds: an on-chain quote for WETH, the user's slippage, the user's deadline. */
  async function ethFlowOrder(sell: bigint, validFor: number): Promise<EthFlowOrderInput> {
    const { fullAppData, hash } = APP_DATA;
    const quote = await kit.call('trade.quote', { account: unfunded.address, chainId: 1, sellToken: WETH, buyToken: USDC, kind: 'sell', amount: sell.toString(), receiver: null, validFor: 1800, partiallyFillable: false, fullAppData, signingScheme: 'eip712', ethFlow: true });
    const amounts = marketOrderAmounts({ kind: 'sell', sellAmount: BigInt(quote.sellAmount), buyAmount: BigInt(quote.buyAmount), feeAmount: BigInt(quote.feeAmount) }, 50);
    const validTo = (await client().getBlock()).timestamp + BigInt(validFor);
    return { buyToken: USDC, receiver: unfunded.address, sellAmount: amounts.sellAmount.toString(), buyAmount: amounts.buyAmount.toString(), appData: hash, feeAmount: '0', validTo: Number(validTo), partiallyFillable: false, quoteId: quote.quoteId! };
  }

  it('an account holding only ETH sells 0.5 ETH for USDC in one transaction: decoded dialog, Trade event with the UID, USDC ≥ minimum, ETH down by value plus gas', async () => {
    const order = await ethFlowOrder(parseEther('0.5'), 1800);
    const intent = { intentId: newIntentId(), kind: 'ethflowOrder' as const, account: unfunded.address, chainId: 1, order, fullAppData: APP_DATA.fullAppData };
    const preview = await kit.call('wallet.preview', intent);
    expect(preview).toMatchObject({ to: ETHFLOW, functionName: 'createOrder', value: parseEther('0.5').toString(), valueDisplay: '0.5 ETH' });
    const shown = Object.fromEntries(preview.args.map((arg) => [arg.name, arg.value]));
    expect(shown['ETH sent']).toBe('0.5 ETH');
    expect(shown['Token bought']).toBe(`USDC (${USDC})`);
    expect(shown['Minimum received']).toMatch(/ USDC$/);
    expect(shown['Your deadline']).toContain(new Date(order.validTo * 1000).toISOString().replace('.000Z', 'Z'));
    expect(shown['Order UID']).toBe(uidByCow(order));
    expect(preview.summary).toMatch(/^Sell 0\.5 ETH for at least .* USDC in one transaction/);

    const ethBefore = await client().getBalance({ address: unfunded.address });
    const sent = await kit.call('wallet.send', { intent, expectedDigest: preview.digest });
    expect(await kit.settled(intent.intentId)).toMatchObject({ kind: 'ethflowOrder', status: 'confirmed' });
    const receipt = await client().getTransactionReceipt({ hash: sent.hash });
    const events = receipt.logs.map((log) => decodeEventLog({ abi: ETHFLOW_ABI, data: log.data, topics: log.topics }));
    expect(events.map((event) => event.eventName)).toEqual(['OrderPlacement']);
    expect(await client().getBalance({ address: unfunded.address })).toBe(ethBefore - parseEther('0.5') - receipt.gasUsed * receipt.effectiveGasPrice);

    const uid = uidByCow(order);
    const listed = await http(orderbook(kit.sandbox, `/v1/orders/${uid}`));
    expect(listed.body).toMatchObject({ status: 'open', onchainUser: unfunded.address, ethflowData: { userValidTo: order.validTo } });
    // The orderbook knows the document the order's appData hash stands for (uploaded before signing), as for a signed order.
    expect(listed.body.fullAppData).toBe(APP_DATA.fullAppData);
    expect((await http(orderbook(kit.sandbox, `/v1/app_data/${APP_DATA.hash}`))).body).toEqual({ fullAppData: APP_DATA.fullAppData });
    expect(listed.body.onchainOrderData.placementError).toBeUndefined();

    const report = await kit.sandbox.onChain!.settle();
    expect(report.fills.map((fill) => fill.uid)).toContain(uid);
    const [trade] = await chainTruth(kit.sandbox).trades(uid);
    expect(getAddress(trade!.args.owner)).toBe(ETHFLOW);
    expect(trade!.args.buyAmount).toBeGreaterThanOrEqual(BigInt(order.buyAmount));
    expect(await chainTruth(kit.sandbox).balance(unfunded.address, USDC)).toBe(trade!.args.buyAmount);
  });

  it('one click, one order: the same intent sent again answers the journalled transaction', async () => {
    const order = await ethFlowOrder(parseEther('0.1'), 1800);
    const intent = { intentId: newIntentId(), kind: 'ethflowOrder' as const, account: unfunded.address, chainId: 1, order, fullAppData: APP_DATA.fullAppData };
    const click = await kit.confirm(intent);
    const first = await kit.call('wallet.send', click);
    const again = await kit.call('wallet.send', click);
    // A new click for the very same order (a reloaded renderer's new intent id) is a new click, and the contract
    // itself refuses to own one order twice: the user is told before anything is signed, and no second placement exists.
    const reloaded = await kit.failure(kit.send({ ...intent, intentId: newIntentId() }));
    expect(reloaded.message).toMatch(/would fail/);
    expect(again.hash).toBe(first.hash);
    await kit.settled(intent.intentId);
    const placements = await client().getContractEvents({ address: ETHFLOW, abi: ETHFLOW_ABI, eventName: 'OrderPlacement', args: { sender: unfunded.address }, fromBlock: 0n });
    expect(placements.filter((event) => event.transactionHash === first.hash)).toHaveLength(1);
    expect(placements.filter((event) => (event.args as { order: { sellAmount: bigint } }).order.sellAmount === parseEther('0.1'))).toHaveLength(1);
  });

  it('an EthFlow order left to expire is refunded from the app: invalidateOrder, OrderRefund, the ETH back, refundTxHash in the orderbook', async () => {
    const order = await ethFlowOrder(parseEther('0.25'), 120);
    const placed = { intentId: newIntentId(), kind: 'ethflowOrder' as const, account: unfunded.address, chainId: 1, order, fullAppData: APP_DATA.fullAppData };
    await kit.send(placed);
    await kit.settled(placed.intentId);
    const uid = uidByCow(order);
    // Past the user's deadline on both clocks: the sandbox's and the chain's.
    kit.sandbox.clock.advance(600);
    await client().setNextBlockTimestamp({ timestamp: BigInt(order.validTo + 600) });
    await client().mine({ blocks: 1 });
    expect((await http(orderbook(kit.sandbox, `/v1/orders/${uid}`))).body.status).toBe('expired');

    const refund = { intentId: newIntentId(), kind: 'ethflowRefund' as const, account: unfunded.address, chainId: 1, order };
    const preview = await kit.call('wallet.preview', refund);
    expect(preview).toMatchObject({ to: ETHFLOW, functionName: 'invalidateOrder', value: '0' });
    expect(preview.summary).toMatch(/^Refund the unfilled ETH of EthFlow order/);
    const ethBefore = await client().getBalance({ address: unfunded.address });
    const sent = await kit.call('wallet.send', { intent: refund, expectedDigest: preview.digest });
    expect(await kit.settled(refund.intentId)).toMatchObject({ kind: 'ethflowRefund', status: 'confirmed' });
    const receipt = await client().getTransactionReceipt({ hash: sent.hash });
    const events = receipt.logs.map((log) => decodeEventLog({ abi: ETHFLOW_ABI, data: log.data, topics: log.topics }));
    expect(events.find((event) => event.eventName === 'OrderRefund')?.args).toMatchObject({ orderUid: uid, refunder: unfunded.address });
    expect(await client().getBalance({ address: unfunded.address })).toBe(ethBefore + parseEther('0.25') - receipt.gasUsed * receipt.effectiveGasPrice);
    expect((await http(orderbook(kit.sandbox, `/v1/orders/${uid}`))).body.ethflowData).toEqual({ userValidTo: order.validTo, refundTxHash: sent.hash });
  });

  it("an open EthFlow order cancelled like any other (the Trade screen's Cancel) answers the EthFlow contract's invalidateOrder to send from the account that placed it; sent, the order is cancelled and the ETH comes back", async () => {
    const order = await ethFlowOrder(parseEther('0.2'), 1800);
    const placed = { intentId: newIntentId(), kind: 'ethflowOrder' as const, account: unfunded.address, chainId: 1, order, fullAppData: APP_DATA.fullAppData };
    await kit.send(placed);
    await kit.settled(placed.intentId);
    const uid = uidByCow(order);
    expect((await http(orderbook(kit.sandbox, `/v1/orders/${uid}`))).body.status).toBe('open');

    const result = await kit.call('trade.cancel', { orderUids: [uid as `0x${string}`] });
    expect(result.cancelled).toEqual([]);
    expect(result.skipped).toEqual([]);
    expect(result.onChain).toHaveLength(1);
    const [entry] = result.onChain;
    expect(entry).toMatchObject({ uid, to: ETHFLOW, sendFrom: { account: unfunded.address, chainId: 1 }, ethFlowRefund: order });
    expect(entry!.reason).toMatch(/EthFlow contract/);
    // Nothing is sent without the user: the wallet's dialog sends the refund the answer names.
    const refund = { intentId: newIntentId(), kind: 'ethflowRefund' as const, account: entry!.sendFrom!.account, chainId: entry!.sendFrom!.chainId, order: entry!.ethFlowRefund! };
    const preview = await kit.call('wallet.preview', refund);
    expect(preview).toMatchObject({ to: ETHFLOW, functionName: 'invalidateOrder', value: '0' });
    const ethBefore = await client().getBalance({ address: unfunded.address });
    const sent = await kit.call('wallet.send', { intent: refund, expectedDigest: preview.digest });
    expect(await kit.settled(refund.intentId)).toMatchObject({ kind: 'ethflowRefund', status: 'confirmed' });
    const receipt = await client().getTransactionReceipt({ hash: sent.hash });
    // Before the user's deadline the contract invalidates the order (OrderInvalidation) and sends the ETH back.
    const events = receipt.logs.map((log) => decodeEventLog({ abi: ETHFLOW_ABI, data: log.data, topics: log.topics }));
    expect(events.find((event) => event.eventName === 'OrderInvalidation')?.args).toMatchObject({ orderUid: uid });
    expect(await client().getBalance({ address: unfunded.address })).toBe(ethBefore + parseEther('0.2') - receipt.gasUsed * receipt.effectiveGasPrice);
    const listed = (await http(orderbook(kit.sandbox, `/v1/orders/${uid}`))).body;
    expect(listed.status).toBe('cancelled');
    expect(listed.ethflowData).toEqual({ userValidTo: order.validTo, refundTxHash: sent.hash });
  });

  it('the appData document uploaded is the one checked against the order when it was shown, whatever the click carries', async () => {
    // An amount of its own: the contract refuses an order it already holds (OrderIsAlreadyOwned).
    const order = await ethFlowOrder(parseEther('0.15'), 1800);
    const other = appDataFor({ environment: 'production', orderClass: 'market', slippageBips: 100 });
    // A document that is not the one the order hashes is refused in the preview, in words.
    const refused = await kit.failure(kit.call('wallet.preview', { intentId: newIntentId(), kind: 'ethflowOrder', account: unfunded.address, chainId: 1, order, fullAppData: other.fullAppData }));
    expect(refused).toMatchObject({ code: 'APP_DATA_MISMATCH', message: "The order's appData hash is not the hash of its appData document; nothing was signed. Quote the order again." });
    // The click confirms what was shown: the checked document goes to the orderbook, not what the send carries.
    const shown = { intentId: newIntentId(), kind: 'ethflowOrder' as const, account: unfunded.address, chainId: 1, order, fullAppData: APP_DATA.fullAppData };
    const preview = await kit.call('wallet.preview', shown);
    await kit.call('wallet.send', { intent: { ...shown, fullAppData: other.fullAppData }, expectedDigest: preview.digest });
    expect(await kit.settled(shown.intentId)).toMatchObject({ status: 'confirmed' });
    expect((await http(orderbook(kit.sandbox, `/v1/orders/${uidByCow(order)}`))).body.fullAppData).toBe(APP_DATA.fullAppData);
    expect((await http(orderbook(kit.sandbox, `/v1/app_data/${other.hash}`))).status).toBe(404);
  });

  it('refuses a zero receiver before anything is signed, in words', async () => {
    const order = { ...(await ethFlowOrder(parseEther('0.1'), 1800)), receiver: '0x0000000000000000000000000000000000000000' };
    const error = await kit.failure(kit.call('wallet.preview', { intentId: newIntentId(), kind: 'ethflowOrder', account: unfunded.address, chainId: 1, order, fullAppData: APP_DATA.fullAppData }));
    expect(error.message).toBe('An EthFlow order needs a receiver: the contract refuses the zero address.');
  });
});

