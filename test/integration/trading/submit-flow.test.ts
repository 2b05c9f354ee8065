import { decodeFunctionData, keccak256, stringToBytes, zeroAddress, type Address, type Hex } from 'viem';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { OrderProgress } from '../../../main/common/ipc/commands/trade';
import { CONTRACTS } from '../../../main/common/protocol/contracts';
import { domainFor } from '../../../main/common/protocol/domain';
import { orderDigest, type OrderStruct } from '../../../main/common/protocol/order';
import { orderUid } from '../../../main/common/protocol/order-uid';
import { chainTruth, settleAndCheckChain } from '../../helpers/chain-truth';
import { TEST_ACCOUNTS } from '../../sandbox';
import { call as http, orderbook, UNTHROTTLED, USDC, WETH } from '../sandbox/sandbox-kit';
import { startTradingKit, type TradingKit } from './trading-kit';

const { trader } = TEST_ACCOUNTS;
const progressEvents = (kit: TradingKit, uid: string) =>
  kit.events.filter(([event, payload]) => event === 'trade.orderUpdated' && (payload as OrderProgress).uid === uid).map(([, payload]) => payload as OrderProgress);
const historyStatus = async (kit: TradingKit, uid: string) =>
  (await kit.call('history.query', {})).rows.find((row) => row.uid === uid)?.status;

describe('order composer flow against the sandbox', () => {
  let kit: TradingKit;
  let posted: { body: Record<string, unknown>; journalState: string | undefined }[];
  /** An order whose status reads hang until `release`, once one has reached the spy. */
  let hung: { uid: string; reached: () => void; released: Promise<void> } | null;
  beforeEach(async () => {
    posted = [];
    hung = null;
    // Sees the journal at the moment the order is POSTed: it must already hold the order.
    const spy: typeof fetch = async (input, init) => {
      if (init?.method === 'POST' && String(input).endsWith('/api/v1/orders')) {
        const body = JSON.parse(String(init.body)) as Record<string, unknown>;
        posted.push({ body, journalState: kit.services.history.journal?.find(uidOfBody(body))?.state });
      }
      if (hung && (init?.method ?? 'GET') === 'GET' && String(input).endsWith(`/api/v1/orders/${hung.uid}`)) {
        hung.reached();
        await hung.released;
      }
      return fetch(input, init);
    };
    // The tests read the orderbook's routes themselves, beside the app's own budget of the live 5 a second.
    kit = await startTradingKit({ fetch: spy, rateLimits: UNTHROTTLED });
    await kit.importKey(trader.privateKey);
  });
  afterEach(async () => kit.stop());

  it('quotes, uploads appData, signs, journals before POST, submits with fee 0, and the UIDs agree', async () => {
    const { quote, draft } = await kit.quoteDraft(trader.address);
    expect(BigInt(quote.buyAmount)).toBeGreaterThan(2_900_000_000n);
    expect(quote.expiresAt).toBeGreaterThan(Date.now());
    expect(quote.usd.sell).toBeGreaterThan(0);

    const result = await kit.signAndSubmit(draft, quote.quoteId);
    expect(result.explorerUrl).toBe(`https://explorer.cow.fi/orders/${result.uid}`);
    expect(posted.map((entry) => entry.journalState)).toEqual(['submitting']);
    expect(kit.services.history.journal?.find(result.uid)?.state).toBe('submitted');

    const paths = kit.sandbox.requests.map((entry) => `${entry.method} ${entry.path}`);
    const put = paths.findIndex((path) => path.startsWith('PUT') && path.includes('/app_data/'));
    const post = paths.findIndex((path) => path === 'POST /mainnet/api/v1/orders');
    expect(put).toBeGreaterThanOrEqual(0);
    expect(put).toBeLessThan(post);
    expect(posted[0]?.body).toMatchObject({ feeAmount: '0', appData: result.appDataHash, signingScheme: 'eip712', quoteId: quote.quoteId });
  });

  it('the appData hash uploaded equals the hash in the signed order and the hash of the stored document', async () => {
    const { draft } = await kit.quoteDraft(trader.address);
    const result = await kit.signAndSubmit(draft);
    const uploadedHash = kit.sandbox.requests.find((entry) => entry.method === 'PUT')!.path.split('/').pop();
    const signedHash = (kit.sandbox.orders.get(result.uid) as { appDataHash: Hex }).appDataHash;
    const stored = await http(orderbook(kit.sandbox, `/v1/app_data/${result.appDataHash}`));
    const storedHash = keccak256(stringToBytes(stored.body.fullAppData as string));
    expect(uploadedHash).toBe(result.appDataHash);
    expect(signedHash).toBe(result.appDataHash);
    expect(storedHash).toBe(result.appDataHash);
    expect(stored.body.fullAppData).toBe(draft.fullAppData);
  });

  it('tracks the order until GPv2Settlement fills it on chain, and the history shows what the chain paid', async () => {
    const chain = chainTruth(kit.sandbox);
    const { draft } = await kit.quoteDraft(trader.address);
    const { uid } = await kit.signAndSubmit(draft);
    await expect.poll(() => historyStatus(kit, uid)).toBe('open');
    const [wethBefore, usdcBefore] = [await chain.balance(trader.address, WETH), await chain.balance(trader.address, USDC)];
    await settleAndCheckChain(kit.sandbox);
    const [trade, ...more] = await chain.trades(uid);
    expect(more).toEqual([]);
    expect(trade?.args).toMatchObject({ owner: trader.address, sellToken: WETH, buyToken: USDC, sellAmount: BigInt(draft.sellAmount) });
    expect(trade!.args.buyAmount).toBeGreaterThanOrEqual(BigInt(draft.buyAmount));
    expect(await chain.balance(trader.address, WETH)).toBe(wethBefore - trade!.args.sellAmount);
    expect(await chain.balance(trader.address, USDC)).toBe(usdcBefore + trade!.args.buyAmount);

    await expect.poll(() => progressEvents(kit, uid).at(-1)?.status).toBe('fulfilled');
    expect(progressEvents(kit, uid).at(-1)).toMatchObject({ final: true, filledPercent: 100 });
    await expect.poll(() => historyStatus(kit, uid)).toBe('fulfilled');
    const row = (await kit.call('history.query', {})).rows.find((candidate) => candidate.uid === uid);
    expect(row).toMatchObject({ executedSellAmount: trade!.args.sellAmount.toString(), executedBuyAmount: trade!.args.buyAmount.toString() });
  });

  it('shows a partially fillable order filling in two settlements on chain', async () => {
    const chain = chainTruth(kit.sandbox);
    const { draft } = await kit.quoteDraft(trader.address, { partiallyFillable: true });
    const { uid } = await kit.signAndSubmit(draft);
    await settleAndCheckChain(kit.sandbox, { partialFraction: 0.5 });
    await expect.poll(() => progressEvents(kit, uid).at(-1)?.filledPercent).toBe(50);
    expect(progressEvents(kit, uid).at(-1)).toMatchObject({ status: 'open', final: false });
    await settleAndCheckChain(kit.sandbox, { partialFraction: 1 });
    await expect.poll(() => progressEvents(kit, uid).at(-1)?.status).toBe('fulfilled');
    expect(progressEvents(kit, uid).map((event) => event.filledPercent)).toEqual([0, 50, 100]);
    const trades = await chain.trades(uid);
    expect(trades.map((trade) => trade.args.sellAmount)).toEqual([BigInt(draft.sellAmount) / 2n, BigInt(draft.sellAmount) - BigInt(draft.sellAmount) / 2n]);
  });

  it('cancels open orders in one signed batch', async () => {
    const first = await kit.signAndSubmit((await kit.quoteDraft(trader.address)).draft);
    const second = await kit.signAndSubmit((await kit.quoteDraft(trader.address, { amount: (2n * 10n ** 18n).toString() })).draft);
    const result = await kit.call('trade.cancel', { orderUids: [first.uid, second.uid] });
    expect(result).toEqual({ cancelled: [first.uid, second.uid], skipped: [], onChain: [] });
    expect(kit.sandbox.requests.filter((entry) => entry.method === 'DELETE')).toHaveLength(1);
    expect(kit.services.trading.tracker.get(first.uid)).toMatchObject({ status: 'cancelled', final: true });
    await expect.poll(() => historyStatus(kit, second.uid)).toBe('cancelled');
  });

  it('answers a cancel once the service confirmed it, with the order shown cancelled, while another tracked order\'s status read hangs', async () => {
    const first = await kit.signAndSubmit((await kit.quoteDraft(trader.address)).draft);
    const second = await kit.signAndSubmit((await kit.quoteDraft(trader.address, { amount: (2n * 10n ** 18n).toString() })).draft);
    let release!: () => void;
    const reached = new Promise<void>((resolve) => {
      hung = { uid: second.uid, reached: resolve, released: new Promise<void>((done) => (release = done)) };
    });
    try {
      // The tracker's poll of every unfinished order hangs on the second one.
      await reached;
      const result = await kit.call('trade.cancel', { orderUids: [first.uid] });
      expect(result).toEqual({ cancelled: [first.uid], skipped: [], onChain: [] });
      expect(kit.services.trading.tracker.get(first.uid)).toMatchObject({ status: 'cancelled', final: true });
      expect(await historyStatus(kit, first.uid)).toBe('cancelled');
      expect(kit.services.trading.tracker.get(second.uid)).toMatchObject({ status: 'open', final: false });
    } finally {
      release();
    }
  });

  it('cancels an untracked order on the chain the history holds it on, not the active one', async () => {
    // Placed on Gnosis Chain in an earlier session (so not tracked); the active chain is mainnet.
    const [uid] = kit.sandbox.orders.seed(100, trader.address, 1, { openShare: 1 }) as [Hex];
    await kit.call('history.syncNow', undefined);
    expect((await kit.call('history.query', {})).rows.find((row) => row.uid === uid)).toMatchObject({ chainId: 100, status: 'open' });
    const result = await kit.call('trade.cancel', { orderUids: [uid] });
    expect(result).toEqual({ cancelled: [uid], skipped: [], onChain: [] });
    expect(kit.sandbox.orders.get(uid)).toMatchObject({ status: 'cancelled' });
    expect(await historyStatus(kit, uid)).toBe('cancelled');
  });

  it('explains the on-chain cancellation where the API cannot cancel (watch-only owner), with invalidateOrder calldata', async () => {
    const watched = TEST_ACCOUNTS.trader2.address;
    await kit.call('accounts.addWatchOnly', { label: 'Safe', address: watched });
    const [uid] = kit.sandbox.orders.seed(1, watched, 1, { openShare: 1 });
    const result = await kit.call('trade.cancel', { orderUids: [uid as Hex] });
    expect(result.cancelled).toEqual([]);
    const [onChain] = result.onChain;
    expect(onChain?.reason).toMatch(/watch-only/);
    expect(onChain?.to).toBe(CONTRACTS.production.settlement);
    const decoded = decodeFunctionData({
      abi: [{ type: 'function', name: 'invalidateOrder', stateMutability: 'nonpayable', inputs: [{ name: 'orderUid', type: 'bytes' }], outputs: [] }],
      data: onChain!.data,
    });
    expect(decoded).toEqual({ functionName: 'invalidateOrder', args: [uid] });
  });
});

/** The UID the orderbook will compute for a POSTed body (production contract, mainnet). */
function uidOfBody(body: Record<string, unknown>): string {
  const struct: OrderStruct = {
    sellToken: body.sellToken as Address,
    buyToken: body.buyToken as Address,
    receiver: (body.receiver as Address | null) ?? zeroAddress,
    sellAmount: BigInt(body.sellAmount as string),
    buyAmount: BigInt(body.buyAmount as string),
    validTo: body.validTo as number,
    appData: body.appData as Hex,
    feeAmount: BigInt(body.feeAmount as string),
    kind: body.kind as 'sell' | 'buy',
    partiallyFillable: body.partiallyFillable as boolean,
    sellTokenBalance: 'erc20',
    buyTokenBalance: 'erc20',
  };
  return orderUid(orderDigest(struct, domainFor(1, 'production')), body.from as Address, struct.validTo);
}
