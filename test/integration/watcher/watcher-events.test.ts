import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { settleAndCheckChain } from '../../helpers/chain-truth';
import { NOTIFICATION_TYPES } from '../../../main/common/protocol/api/notifications';
import { TEST_ACCOUNTS } from '../../sandbox';
import { DAI, USDC, WETH } from './tokens';
import { startWatcherKit, type WatcherKit } from './watcher-kit';

const { trader } = TEST_ACCOUNTS;
const typesOf = (kit: WatcherKit) => kit.shown.map((shown) => shown.title.split(':')[0]);

/**
 * Five orders that between them produce all six events of interface.md:
 * filled with a large surplus (order_filled + price_improvement), partially
 * filled, expired, cancelled on-chain, and one the owner cannot fund
 * (insufficient_balance, which only the service's notification list reports).
 */
async function playAllSix(kit: WatcherKit) {
  const filled = await kit.submit(trader.address, { sellToken: WETH, buyToken: USDC, slippageBips: 500 });
  const partial = await kit.submit(trader.address, { sellToken: WETH, buyToken: USDC, partiallyFillable: true });
  const expiring = await kit.submit(trader.address, { sellToken: WETH, buyToken: USDC, limitFactor: 10n, validFor: 60 });
  const cancelled = await kit.submit(trader.address, { sellToken: WETH, buyToken: USDC, limitFactor: 10n });
  const unfunded = await kit.submit(trader.address, { sellToken: DAI, buyToken: USDC, amount: 100n * 10n ** 18n });
  await kit.sandbox.onChain!.setBalance(1, trader.address, DAI, 0n);
  await settleAndCheckChain(kit.sandbox, { partialFraction: 0.5 });
  await kit.sandbox.onChain!.invalidate(cancelled);
  kit.sandbox.clock.advance(120);
  // The service's list is cached for its 300 s of Cache-Control; a round that read it before the orders were
  // placed (the import's round, on a busy machine) answers from that copy until it is that old.
  kit.clock.now += 300_000;
  return { filled, partial, expiring, cancelled, unfunded };
}

describe('order watcher: six event types through a recording Notifier', () => {
  let kit: WatcherKit;
  beforeEach(async () => {
    kit = await startWatcherKit();
    await kit.traderOnMainnet();
    // The import's round done before any order exists: none reads the orders before a fill and the list after it.
    await kit.tick();
  });
  afterEach(async () => kit.stop());

  const enableAll = (overrides: Partial<{ quietMode: boolean; off: boolean }> = {}) =>
    kit.call('settings.update', {
      notifications: {
        events: { filled: !overrides.off, partiallyFilled: !overrides.off, expired: !overrides.off, cancelled: !overrides.off, priceImprovement: !overrides.off, insufficientBalance: !overrides.off },
        quietMode: overrides.quietMode ?? false,
        priceImprovementBps: 200,
        backgroundWatching: true,
      },
    });

  it('shows each type exactly once, with tokens, amounts and chain, and again none after a restart', async () => {
    await enableAll();
    const uids = await playAllSix(kit);
    await kit.tick();
    await expect
      .poll(() => typesOf(kit).sort())
      .toEqual(['Insufficient balance', 'Order cancelled', 'Order expired', 'Order filled', 'Order partially filled', 'Price improvement'].sort());
    const byTitle = (prefix: string) => kit.shown.find((shown) => shown.title.startsWith(prefix))!;
    expect(byTitle('Order filled')).toMatchObject({ title: 'Order filled: WETH → USDC', target: { view: 'history', orderUid: uids.filled.toLowerCase() } });
    expect(byTitle('Order filled').body).toMatch(/^Sold 1 WETH for [\d,.]+ USDC on Ethereum\.$/);
    expect(byTitle('Order partially filled').body).toMatch(/^50% filled so far: sold 0\.5 WETH for [\d,.]+ USDC on Ethereum\.$/);
    expect(byTitle('Insufficient balance').body).toMatch(/DAI balance is too low/);
    expect(byTitle('Price improvement').body).toMatch(/% better than your limit\.$/);

    // Another round, and a relaunch on the same database: the service lists the same items, the orders are unchanged.
    await kit.tick();
    await kit.restart();
    await kit.tick();
    expect(kit.shown).toHaveLength(6);

    const page = await kit.call('notifications.list', {});
    expect(page.total).toBe(6);
    expect(page.events.map((event) => event.type).sort()).toEqual([...NOTIFICATION_TYPES].sort());
    expect(page.status).toMatchObject({ unread: 6, serviceAvailable: true, openOrders: 2 });
  });

  it('stores but does not show toggled-off types', async () => {
    await enableAll({ off: true });
    await playAllSix(kit);
    await kit.tick();
    // The six come from the watcher's rounds and the service's list, which a busy machine may answer a round later.
    const unnotified = async () => (await kit.call('notifications.list', {})).events.filter((event) => !event.notified).map((event) => event.type).sort();
    await expect
      .poll(unnotified)
      .toEqual(['insufficient_balance', 'order_cancelled', 'order_expired', 'order_filled', 'order_partially_filled', 'price_improvement'].sort());
    expect(typesOf(kit)).toEqual([]);
  });

  it('quiet mode records every event and shows none', async () => {
    await enableAll({ quietMode: true });
    await playAllSix(kit);
    await kit.tick();
    await expect.poll(async () => (await kit.call('notifications.list', {})).total).toBe(6);
    expect(kit.shown).toEqual([]);
  });

  it("watching the orders alone finds the five order events when the service's list is off", async () => {
    await enableAll();
    kit.sandbox.notifications.setEnabled(false);
    await playAllSix(kit);
    await kit.tick();
    await expect.poll(() => typesOf(kit).sort()).toEqual(['Order cancelled', 'Order expired', 'Order filled', 'Order partially filled', 'Price improvement'].sort());
    expect((await kit.call('notifications.list', {})).events.every((event) => event.source === 'orders')).toBe(true);
  });

  it('filters by type and account, and marks events read', async () => {
    await enableAll();
    const { partial } = await playAllSix(kit);
    await kit.tick();
    const partials = await kit.call('notifications.list', { type: 'order_partially_filled' });
    expect(partials.events.map((event) => event.orderUid)).toEqual([partial.toLowerCase()]);
    expect((await kit.call('notifications.list', { account: TEST_ACCOUNTS.trader2.address })).total).toBe(0);
    const status = await kit.call('notifications.markRead', { ids: [partials.events[0]!.id] });
    expect(status.unread).toBe(5);
    expect((await kit.call('notifications.list', { unreadOnly: true })).total).toBe(5);
    expect((await kit.call('notifications.markRead', { ids: 'all' })).unread).toBe(0);
  });
});
