import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { chainTruth, settleAndCheckChain } from '../../helpers/chain-truth';
import { TEST_ACCOUNTS } from '../../sandbox';
import { startNodeProxy, type NodeProxy } from '../wallet/node-proxy';
import { USDC, WETH } from './tokens';
import { startWatcherKit, type WatcherKit } from './watcher-kit';

const { trader } = TEST_ACCOUNTS;
/** How long the test waits for the Trade tracker (a read every 3 s), not a goal; the watcher never runs on a timer in the kit. */
const WITHIN_MS = 20_000;

/**
 * A fill is told at once and dated by its trade's block afterwards, through
 * the wallet's node. Where that dating could not happen (no node then, or the
 * app quit before the block was read: the five-orders walk-through lost it
 * this way now and then), the fill kept the service's time for good. The
 * service's list names the fill again in later rounds: that is when the
 * dating is finished.
 */
describe('a fill told before the chain could date it', () => {
  let kit: WatcherKit;
  beforeEach(async () => {
    kit = await startWatcherKit({ walletNode: false });
    await kit.traderOnMainnet();
  });
  afterEach(async () => kit.stop());

  const filledAt = async (uid: string) =>
    (await kit.call('notifications.list', {})).events.find((event) => event.orderUid === uid.toLowerCase() && event.type === 'order_filled')?.occurredAt;

  it("is dated by its trade's block once the wallet has a node, by the next read of the service's list", async () => {
    const uid = await kit.submit(trader.address, { sellToken: WETH, buyToken: USDC });
    const settlement = await settleAndCheckChain(kit.sandbox);
    const minedAt = await chainTruth(kit.sandbox).minedAt(settlement.fills.find((fill) => fill.uid === uid)!.txHash);
    await expect.poll(() => filledAt(uid), { timeout: WITHIN_MS }).toBeDefined();
    // Without a node it keeps the time it was read, after the block.
    expect(await filledAt(uid)).toBeGreaterThan(minedAt);

    await kit.restart({ walletNode: true });
    await kit.tick();
    await expect.poll(() => filledAt(uid)).toBe(minedAt);
    // Later rounds (the list names it again) leave the block's time as it is.
    await kit.tick();
    expect(await filledAt(uid)).toBe(minedAt);
  });
});

/** The watcher kit, its wallet's node for mainnet reached through a proxy the test can make fail. */
async function kitBehindNodeProxy(): Promise<{ kit: WatcherKit; node: NodeProxy }> {
  const kit = await startWatcherKit({ walletNode: false });
  const node = await startNodeProxy(kit.sandbox.chain!.rpcUrls[1]!);
  await kit.traderOnMainnet();
  await kit.call('settings.setRpcUrl', { chainId: 1, url: node.url });
  return { kit, node };
}

/**
 * A node that fails the block read when the fill is told (down for a moment,
 * busy): the fill keeps the service's time for now, and a later round, whose
 * read of the service's list names the fill again, dates it by its block,
 * without a restart. It used to be tried once a session.
 */
describe('a fill whose dating failed because the node did', () => {
  let kit: WatcherKit;
  let node: NodeProxy;
  beforeEach(async () => ({ kit, node } = await kitBehindNodeProxy()));
  afterEach(async () => {
    await kit.stop();
    await node.close();
  });

  const filledAt = async (uid: string) =>
    (await kit.call('notifications.list', {})).events.find((event) => event.orderUid === uid.toLowerCase() && event.type === 'order_filled')?.occurredAt;

  it("is dated by its trade's block in a later round once the node answers again", async () => {
    const uid = await kit.submit(trader.address, { sellToken: WETH, buyToken: USDC });
    // The node fails every block read from now on (the block of the trade is what dates the fill).
    node.mode({ kind: 'forwardThen', status: 500 }, (method) => method === 'eth_getBlockByNumber');
    const settlement = await settleAndCheckChain(kit.sandbox);
    const minedAt = await chainTruth(kit.sandbox).minedAt(settlement.fills.find((fill) => fill.uid === uid)!.txHash);
    await kit.tick();
    await expect.poll(() => filledAt(uid), { timeout: WITHIN_MS }).toBeDefined();
    // The try to date it has ended, failed: the fill keeps the service's time, which follows the block.
    await expect.poll(() => kit.log.lines.some((line) => line.message.startsWith('watcher: dating a fill by its block failed'))).toBe(true);
    expect(await filledAt(uid)).toBeGreaterThan(minedAt);

    node.mode({ kind: 'pass' });
    // The next read of the service's list (its 300 s cache run out) names the fill again.
    kit.clock.now += 301_000;
    await kit.tick();
    await expect.poll(() => filledAt(uid)).toBe(minedAt);
  });
});

/**
 * The service's list may name a partial fill before the app has read the order
 * in that state (the round read the order just before the settlement, the list
 * just after: the preview's five-order walk-through hit this). The event is
 * then stored at the service's time, a second after the block, and the change
 * read later finds it told already: it must still be dated by its block.
 */
describe('a partial fill the service told before the order showed it', () => {
  let kit: WatcherKit;
  beforeEach(async () => {
    kit = await startWatcherKit();
    await kit.traderOnMainnet();
  });
  afterEach(async () => kit.stop());

  const partlyAt = async (uid: string) =>
    (await kit.call('notifications.list', {})).events.find((event) => event.orderUid === uid.toLowerCase() && event.type === 'order_partially_filled')?.occurredAt;
  /** The orderbook's reads failing (its URL set to the token service's, which has no such routes: 404) while the list is read. */
  const orderbookAt = (url: string | null) => kit.call('settings.setEndpoint', { environment: 'production', service: 'orderbook', url });

  it("is dated by its trade's block once the order shows the fill, though the order fills further before the list is read again", async () => {
    const uid = await kit.submit(trader.address, { sellToken: WETH, buyToken: USDC, partiallyFillable: true, amount: 2n * 10n ** 18n });
    await orderbookAt(kit.sandbox.bffUrl);
    const settlement = await settleAndCheckChain(kit.sandbox, { partialFraction: 0.5 });
    const minedAt = await chainTruth(kit.sandbox).minedAt(settlement.fills.find((fill) => fill.uid === uid)!.txHash);

    // Only the list could be read: told at the service's time, which follows the block.
    await kit.tick();
    expect(kit.shownFor(uid)).toEqual(['Order partially filled']);
    expect(await partlyAt(uid)).toBeGreaterThan(minedAt);

    // The orderbook back, the Trade tracker reads the order partly filled; then the rest of it fills, before the
    // list is read again (whose item no longer matches the order's state then).
    await orderbookAt(null);
    const bought = () => BigInt(kit.services.history.orderOf(uid)?.order.executedBuyAmount ?? '0');
    await expect.poll(bought, { timeout: WITHIN_MS }).toBeGreaterThan(0n);
    expect(kit.services.history.orderOf(uid)?.order.status).toBe('open');
    await settleAndCheckChain(kit.sandbox, { partialFraction: 1 });
    await kit.tick();
    expect(kit.services.history.orderOf(uid)?.order.status).toBe('fulfilled');
    await expect.poll(() => partlyAt(uid)).toBe(minedAt);
    expect(kit.shownFor(uid)).toEqual(['Order partially filled', 'Order filled']);
  });

  it("is dated by its trade's block though the rest of the order filled before the app read it again", async () => {
    const uid = await kit.submit(trader.address, { sellToken: WETH, buyToken: USDC, partiallyFillable: true, amount: 2n * 10n ** 18n });
    // The reads the submission set off are over: none asked of the orderbook before the switch is answered after the fill.
    await kit.services.history.syncNow();
    await kit.tick();
    await orderbookAt(kit.sandbox.bffUrl);
    const half = await settleAndCheckChain(kit.sandbox, { partialFraction: 0.5 });
    const halfMinedAt = await chainTruth(kit.sandbox).minedAt(half.fills.find((fill) => fill.uid === uid)!.txHash);
    // The list read before the fill is cached for 300 s: this round reads it again.
    kit.clock.now += 301_000;
    await kit.tick();
    expect(kit.shownFor(uid)).toEqual(['Order partially filled']);

    // The rest fills while the orderbook still cannot be read: the app never holds the order partly filled (the
    // preview's five-order walk-through hit this beside a busy machine: the fill kept the service's time).
    // Later by the chain's clock too (the sandbox's clock stands still, and a block is never dated before the last),
    // so the two trades' blocks tell apart.
    const latest = Number((await kit.sandbox.chain!.client(1).getBlock()).timestamp);
    kit.sandbox.clock.advance(Math.max(0, latest - kit.sandbox.clock.now()) + 10);
    const rest = await settleAndCheckChain(kit.sandbox, { partialFraction: 1 });
    const restMinedAt = await chainTruth(kit.sandbox).minedAt(rest.fills.find((fill) => fill.uid === uid)!.txHash);
    expect(restMinedAt).toBeGreaterThan(halfMinedAt);
    await orderbookAt(null);
    await kit.tick();
    expect(kit.services.history.orderOf(uid)?.order.status).toBe('fulfilled');
    await expect.poll(() => partlyAt(uid), { timeout: WITHIN_MS }).toBe(halfMinedAt);
    expect(kit.shownFor(uid)).toEqual(['Order partially filled', 'Order filled']);
  });
});

/**
 * A partial fill whose dating by block failed while the order showed it (the
 * node down for a moment), after which the order filled further: the service's
 * list item for the partial fill no longer matches the stored order, so a
 * later round's read of the list cannot date it. The try that failed is tried
 * again with what the order had bought when the fill was seen.
 */
describe('a partial fill whose dating failed before the order filled further', () => {
  let kit: WatcherKit;
  let node: NodeProxy;
  beforeEach(async () => ({ kit, node } = await kitBehindNodeProxy()));
  afterEach(async () => {
    await kit.stop();
    await node.close();
  });

  const eventAt = async (uid: string, type: string) =>
    (await kit.call('notifications.list', {})).events.find((event) => event.orderUid === uid.toLowerCase() && event.type === type)?.occurredAt;

  it("is dated by its own trade's block in a later round, not the trade that filled the rest", async () => {
    const uid = await kit.submit(trader.address, { sellToken: WETH, buyToken: USDC, partiallyFillable: true, amount: 2n * 10n ** 18n });
    node.mode({ kind: 'forwardThen', status: 500 }, (method) => method === 'eth_getBlockByNumber');
    const half = await settleAndCheckChain(kit.sandbox, { partialFraction: 0.5 });
    const halfMinedAt = await chainTruth(kit.sandbox).minedAt(half.fills.find((fill) => fill.uid === uid)!.txHash);
    await kit.tick();
    await expect.poll(() => eventAt(uid, 'order_partially_filled'), { timeout: WITHIN_MS }).toBeDefined();
    await expect.poll(() => kit.log.lines.some((line) => line.message.startsWith('watcher: dating a fill by its block failed'))).toBe(true);
    expect(await eventAt(uid, 'order_partially_filled')).toBeGreaterThan(halfMinedAt);

    // The rest fills while the node is still down; then it answers again.
    const rest = await settleAndCheckChain(kit.sandbox, { partialFraction: 1 });
    const restMinedAt = await chainTruth(kit.sandbox).minedAt(rest.fills.find((fill) => fill.uid === uid)!.txHash);
    await kit.tick();
    await expect.poll(() => kit.services.history.orderOf(uid)?.order.status, { timeout: WITHIN_MS }).toBe('fulfilled');
    node.mode({ kind: 'pass' });
    kit.clock.now += 301_000;
    await kit.tick();
    await expect.poll(() => eventAt(uid, 'order_filled')).toBe(restMinedAt);
    await expect.poll(() => eventAt(uid, 'order_partially_filled')).toBe(halfMinedAt);
  });
});
