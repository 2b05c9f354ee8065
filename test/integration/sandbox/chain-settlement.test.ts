import { SettlementEncoder, SigningScheme, domain as cowDomain, OrderKind } from '@cowprotocol/contracts';
import { getAddress, type Address, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domainFor } from '../../../main/common/protocol/domain';
import { orderTypedData } from '../../../main/common/protocol/order';
import { startSandbox, TEST_ACCOUNTS, type Sandbox } from '../../sandbox';
import { SETTLEMENT_ABI } from '../../sandbox/chain/cow-deployment';
import { chainTruth } from '../../helpers/chain-truth';
import { call, orderbook, orderStruct, placeOrder, signedOrderBody, USDC, WETH, UNTHROTTLED } from './sandbox-kit';

const { trader, trader2, noAllowance } = TEST_ACCOUNTS;
const ONE_WETH = 10n ** 18n;

/**
 * The sandbox with real chains: orders the app signs (the kit signs with the
 * app's protocol code) are settled by the production GPv2Settlement bytecode.
 * Each test reads the Trade event and the owner's token balances on chain.
 */
describe('sandbox on a real chain: GPv2Settlement settles every order', () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    // Many submissions back to back: the live per-second limits are not what this file tests.
    sandbox = await startSandbox({ chain: true, rateLimits: UNTHROTTLED });
  });
  afterAll(() => sandbox.close());

  const client = () => sandbox.chain!.client(1);
  const balance = (owner: Address, token: Address) => chainTruth(sandbox).balance(owner, token);
  const tradesOf = (uid: string) => chainTruth(sandbox).trades(uid);
  const submit = (body: unknown) => call(orderbook(sandbox, '/v1/orders'), { body });

  it('a sell order is settled by settle(): Trade event, balances moved, order fulfilled with the receipt’s tx hash', async () => {
    const uid = await placeOrder(sandbox, trader.privateKey, { validTo: sandbox.clock.now() + 3000 });
    const [wethBefore, usdcBefore] = [await balance(trader.address, WETH), await balance(trader.address, USDC)];
    const report = await sandbox.onChain!.settle();
    const [fill] = report.fills;
    expect(fill).toMatchObject({ uid, executedSell: ONE_WETH, executedBuy: 2_993_250_000n, complete: true });
    const [trade] = await tradesOf(uid);
    expect(trade?.transactionHash).toBe(fill?.txHash);
    expect(trade?.args).toMatchObject({ owner: trader.address, sellToken: WETH, buyToken: USDC, sellAmount: ONE_WETH, buyAmount: 2_993_250_000n });
    expect(await balance(trader.address, WETH)).toBe(wethBefore - ONE_WETH);
    expect(await balance(trader.address, USDC)).toBe(usdcBefore + 2_993_250_000n);
    expect(sandbox.orders.get(uid)).toMatchObject({ status: 'fulfilled', executedSellAmount: ONE_WETH.toString(), executedBuyAmount: '2993250000' });
    const trades = await call(orderbook(sandbox, `/v2/trades?orderUid=${uid}`));
    expect(trades.body).toEqual([expect.objectContaining({ txHash: fill?.txHash, sellAmount: ONE_WETH.toString(), buyAmount: '2993250000' })]);
  });

  it('a partially fillable order fills in two settlements; the contract tracks filledAmount', async () => {
    const uid = await placeOrder(sandbox, trader2.privateKey, { partiallyFillable: true, sellAmount: 2n * ONE_WETH, buyAmount: 5_800_000_000n, validTo: sandbox.clock.now() + 3001 });
    const first = await sandbox.onChain!.settle({ partialFraction: 0.5 });
    expect(first.fills).toEqual([expect.objectContaining({ uid, executedSell: ONE_WETH, complete: false })]);
    const filled = () => client().readContract({ address: sandbox.chain!.contracts.settlement, abi: SETTLEMENT_ABI, functionName: 'filledAmount', args: [uid] });
    expect(await filled()).toBe(ONE_WETH);
    const second = await sandbox.onChain!.settle({ partialFraction: 1 });
    expect(second.fills).toEqual([expect.objectContaining({ uid, executedSell: ONE_WETH, complete: true })]);
    expect(await filled()).toBe(2n * ONE_WETH);
    expect(await tradesOf(uid)).toHaveLength(2);
  });

  it('presign: settles only after the owner’s setPreSignature on chain', async () => {
    const body = { ...(await signedOrderBody(trader.privateKey, orderStruct(sandbox, { validTo: sandbox.clock.now() + 3002 }))), signingScheme: 'presign', signature: '0x' };
    const uid = (await submit(body)).body as Hex;
    expect(sandbox.orders.get(uid)).toMatchObject({ status: 'presignaturePending' });
    expect((await sandbox.onChain!.settle()).fills).toEqual([]);
    await sandbox.onChain!.presign(uid);
    expect(sandbox.orders.get(uid)).toMatchObject({ status: 'open' });
    expect((await sandbox.onChain!.settle()).fills).toEqual([expect.objectContaining({ uid, complete: true })]);
    expect(await tradesOf(uid)).toHaveLength(1);
  });

  it('invalidateOrder on chain: the orderbook reports it cancelled (no onchainUser, like live), and nothing settles', async () => {
    const uid = await placeOrder(sandbox, trader.privateKey, { validTo: sandbox.clock.now() + 3003 });
    await sandbox.onChain!.invalidate(uid);
    expect(sandbox.orders.get(uid)).toMatchObject({ status: 'cancelled', invalidated: true });
    expect(sandbox.orders.get(uid)).not.toHaveProperty('onchainUser');
    expect((await sandbox.onChain!.settle()).fills).toEqual([]);
    expect(await tradesOf(uid)).toEqual([]);
  });

  it('InsufficientBalance and InsufficientAllowance come from balanceOf and allowance on chain', async () => {
    const sign = (key: Hex, validTo: number) => signedOrderBody(key, orderStruct(sandbox, { validTo }));
    expect((await submit(await sign(noAllowance.privateKey, sandbox.clock.now() + 3004))).body).toMatchObject({ errorType: 'InsufficientAllowance' });
    await sandbox.onChain!.setAllowance(1, noAllowance.address, WETH, ONE_WETH);
    expect((await submit(await sign(noAllowance.privateKey, sandbox.clock.now() + 3005))).status).toBe(201);
    await sandbox.onChain!.setBalance(1, trader2.address, WETH, ONE_WETH / 2n);
    expect((await submit(await sign(trader2.privateKey, sandbox.clock.now() + 3006))).body).toMatchObject({ errorType: 'InsufficientBalance' });
    expect(() => sandbox.settle()).toThrow(/sandbox.onChain/);
  });

  it('the contract itself refuses a flipped signature byte, a signature for another domain, and one over a changed type string', async () => {
    const struct = orderStruct(sandbox, { validTo: sandbox.clock.now() + 3007 });
    const account = privateKeyToAccount(trader.privateKey);
    const good = await account.signTypedData(orderTypedData(struct, domainFor(1, 'production')));
    const flipped = `${good.slice(0, 10)}${good[10] === 'a' ? 'b' : 'a'}${good.slice(11)}` as Hex;
    const wrongDomain = await account.signTypedData(orderTypedData(struct, domainFor(100, 'production')));
    // The Order type string with one field renamed (feeAmount → fee): another type hash, so another digest.
    const typed = orderTypedData(struct, domainFor(1, 'production'));
    const { feeAmount, ...rest } = typed.message;
    const renamedType = await account.signTypedData({
      ...typed,
      types: { Order: typed.types.Order.map((field) => (field.name === 'feeAmount' ? { ...field, name: 'fee' } : field)) },
      message: { ...rest, fee: feeAmount },
    } as never);
    const { settlement, solver } = sandbox.chain!.contracts;
    // The solver's liquidity: the contract pays the buy token out of its own balance.
    await sandbox.onChain!.setBalance(1, settlement, USDC, 10_000_000_000n);
    const attempt = (signature: Hex) => {
      // Encoded by @cowprotocol/contracts' own SettlementEncoder, independent of the sandbox's solver.
      const encoder = new SettlementEncoder(cowDomain(1, settlement));
      const order = {
        sellToken: struct.sellToken,
        buyToken: struct.buyToken,
        sellAmount: struct.sellAmount.toString(),
        buyAmount: struct.buyAmount.toString(),
        validTo: struct.validTo,
        appData: struct.appData,
        feeAmount: '0',
        kind: OrderKind.SELL,
        partiallyFillable: false,
      };
      encoder.encodeTrade(order, { scheme: SigningScheme.EIP712, data: signature });
      const [tokens, prices, trades, interactions] = encoder.encodedSettlement({ [WETH]: 3_000_000_000n, [USDC]: ONE_WETH });
      return client().simulateContract({ account: solver, address: settlement, abi: SETTLEMENT_ABI, functionName: 'settle', args: [tokens, prices.map((price) => BigInt(price.toString())), trades, interactions] as never });
    };
    await expect(attempt(good)).resolves.toBeDefined();
    // A different recovered "owner" has no approved funds: the vault relayer's transferFrom fails.
    await expect(attempt(flipped)).rejects.toThrow(/revert/i);
    await expect(attempt(wrongDomain)).rejects.toThrow(/revert/i);
    await expect(attempt(renamedType)).rejects.toThrow(/revert/i);
    expect(getAddress(trader.address)).toBe(account.address);
  });
});
