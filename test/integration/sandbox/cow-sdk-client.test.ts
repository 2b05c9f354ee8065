import { computeOrderUid, domain as cowDomain, OrderBalance, OrderKind as CowKind, signOrder, signOrderCancellations, SigningScheme as CowScheme } from '@cowprotocol/contracts';
import { OrderBookApi, OrderQuoteSideKindSell, SigningScheme, SupportedChainId, type OrderCreation } from '@cowprotocol/cow-sdk';
import { ethers } from 'ethers';
import type { Hex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, TEST_ACCOUNTS, type Sandbox } from '../../sandbox';
import { APP_DATA, USDC, WETH, UNTHROTTLED } from './sandbox-kit';

const { trader } = TEST_ACCOUNTS;
const SETTLEMENT = '0x9008D19f58AAbD9eD0D60971565AA8510560ab41';
const SEGMENTS: Partial<Record<SupportedChainId, string>> = {
  [SupportedChainId.MAINNET]: 'mainnet',
  [SupportedChainId.GNOSIS_CHAIN]: 'xdai',
  [SupportedChainId.SEPOLIA]: 'sepolia',
  [SupportedChainId.ARBITRUM_ONE]: 'arbitrum_one',
  [SupportedChainId.BASE]: 'base',
};

/**
 * CoW's own client, cow-sdk's OrderBookApi, pointed at the sandbox through
 * its baseUrls option; orders and cancellations signed by @cowprotocol/contracts
 * with ethers. Nothing of this repo's protocol code is on the client side, and
 * the real settlement contract settles on the sandbox's chain.
 */
describe('cow-sdk OrderBookApi against the sandbox', () => {
  let sandbox: Sandbox;
  let api: OrderBookApi;
  const wallet = new ethers.Wallet(trader.privateKey);
  const cow = cowDomain(1, SETTLEMENT);

  beforeAll(async () => {
    sandbox = await startSandbox({ chain: true, now: Math.floor(Date.now() / 1000), rateLimits: UNTHROTTLED });
    const baseUrls = Object.fromEntries(Object.entries(SEGMENTS).map(([chainId, segment]) => [chainId, `${sandbox.orderbookUrl}/${segment}`]));
    api = new OrderBookApi({ chainId: SupportedChainId.MAINNET, env: 'prod', baseUrls: baseUrls as Record<SupportedChainId, string> });
  });
  afterAll(() => sandbox.close());

  /** Quote, sign the quoted order with @cowprotocol/contracts, send it. */
  async function quoteAndSend(validFor: number): Promise<{ uid: string; order: Parameters<typeof computeOrderUid>[1] }> {
    const { quote } = await api.getQuote({
      sellToken: WETH,
      buyToken: USDC,
      from: trader.address,
      receiver: trader.address,
      kind: OrderQuoteSideKindSell.SELL,
      sellAmountBeforeFee: (10n ** 18n).toString(),
      appData: APP_DATA,
      validFor,
    });
    // The network cost is part of the amounts: sign what the quote says, with fee 0.
    const order = {
      sellToken: quote.sellToken,
      buyToken: quote.buyToken,
      receiver: quote.receiver ?? undefined,
      sellAmount: (BigInt(quote.sellAmount) + BigInt(quote.feeAmount)).toString(),
      buyAmount: ((BigInt(quote.buyAmount) * 99n) / 100n).toString(),
      validTo: quote.validTo,
      appData: ethers.utils.id(APP_DATA),
      feeAmount: '0',
      kind: CowKind.SELL,
      partiallyFillable: false,
      sellTokenBalance: OrderBalance.ERC20,
      buyTokenBalance: OrderBalance.ERC20,
    };
    const signature = await signOrder(cow, order, wallet, CowScheme.EIP712);
    const body: OrderCreation = {
      ...order,
      receiver: order.receiver ?? null,
      kind: 'sell' as OrderCreation['kind'],
      sellTokenBalance: 'erc20' as OrderCreation['sellTokenBalance'],
      buyTokenBalance: 'erc20' as OrderCreation['buyTokenBalance'],
      appData: APP_DATA,
      signingScheme: SigningScheme.EIP712,
      signature: ethers.utils.joinSignature(signature.data as ethers.Signature),
      from: trader.address,
    };
    return { uid: await api.sendOrder(body), order };
  }

  it('getVersion and getNativePrice', async () => {
    expect(typeof (await api.getVersion())).toBe('string');
    expect((await api.getNativePrice(WETH)).price).toBe(1);
  });

  it('getQuote, sendOrder, getOrder, getOrders; the UID is the one @cowprotocol/contracts computes', async () => {
    const { uid, order } = await quoteAndSend(1800);
    expect(uid).toBe(computeOrderUid(cow, order, trader.address).toLowerCase());
    const fetched = await api.getOrder(uid);
    expect(fetched).toMatchObject({ uid, status: 'open' });
    expect(fetched.owner.toLowerCase()).toBe(trader.address.toLowerCase());
    expect((await api.getOrders({ owner: trader.address })).map((listed) => listed.uid)).toContain(uid);
  });

  it('after the contract settles: getTrades, getTxOrders and getTotalSurplus', async () => {
    const { uid } = await quoteAndSend(1801);
    const report = await sandbox.onChain!.settle();
    const fill = report.fills.find((entry) => entry.uid === uid);
    expect(fill?.complete).toBe(true);
    const trades = await api.getTrades({ orderUid: uid });
    expect(trades).toEqual([expect.objectContaining({ orderUid: uid, txHash: fill!.txHash, sellAmount: fill!.executedSell.toString(), buyAmount: fill!.executedBuy.toString() })]);
    expect((await api.getTxOrders(fill!.txHash)).map((order) => order.uid)).toContain(uid);
    expect(BigInt((await api.getTotalSurplus(trader.address)).totalSurplus ?? '0')).toBeGreaterThan(0n);
  });

  it.each([
    ['eip712', CowScheme.EIP712],
    ['ethsign', CowScheme.ETHSIGN],
  ] as const)('sendSignedOrderCancellations (%s) cancels, getOrder shows it', async (scheme, cowScheme) => {
    const { uid } = await quoteAndSend(scheme === 'eip712' ? 1802 : 1803);
    const signature = await signOrderCancellations(cow, [uid], wallet, cowScheme);
    await api.sendSignedOrderCancellations({ orderUids: [uid], signature: ethers.utils.joinSignature(signature.data as ethers.Signature), signingScheme: scheme as never });
    expect(await api.getOrder(uid)).toMatchObject({ uid, status: 'cancelled', invalidated: true });
    // Signed for another chain's domain: the sandbox recovers someone else and refuses.
    const bad = await signOrderCancellations(cowDomain(100, SETTLEMENT), [uid as Hex], wallet, cowScheme);
    await expect(api.sendSignedOrderCancellations({ orderUids: [uid], signature: ethers.utils.joinSignature(bad.data as ethers.Signature), signingScheme: scheme as never })).rejects.toThrow();
  });
});
