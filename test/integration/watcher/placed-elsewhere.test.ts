import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { formatTokenAmount } from '../../../main/common/format/format';
import { NEWS_WINDOW_MS } from '../../../main/common/orders/transitions';
import { NEWEST_ORDERS } from '../../../main/core/watcher/order-reads';
import { chainTruth, settleAndCheckChain } from '../../helpers/chain-truth';
import { startSandbox, TEST_ACCOUNTS, type SettlementReport } from '../../sandbox';
import { placeOrder, UNTHROTTLED } from '../sandbox/sandbox-kit';
import { notificationRequests, startWatcherKit, type WatcherKit } from './watcher-kit';

const { trader } = TEST_ACCOUNTS;

/**
 * Issue 16: "an order placed elsewhere is notified within one watcher round".
 * The trader places an order with another wallet (straight at the orderbook,
 * not through the app), so neither the Trade tracker nor the history knows it,
 * and it is settled on chain. The next watcher round must show the fill, once,
 * whether the service's list or the account's newest orders tell it first.
 */
describe('an order placed elsewhere', () => {
  let kit: WatcherKit;
  beforeEach(async () => {
    // The test places orders through the routes itself, beside the app's own use of the live 5 a second.
    kit = await startWatcherKit({ rateLimits: UNTHROTTLED });
    await kit.traderWithEveryAlert();
  });
  afterEach(async () => kit.stop());

  const shownFor = (uid: string) => kit.shownFor(uid);
  /**
   * The history passes the set-up started (the account added, the chains set) are over: on a busy machine the
   * later one could otherwise reach the order placed next and tell it, as a resync tells an order placed since.
   */
  const afterSetUpPasses = () => kit.call('history.syncNow', undefined);

  const notificationReads = () => notificationRequests(kit.sandbox);
  const filledEvents = async (uid: string) =>
    (await kit.call('notifications.list', {})).events.filter((event) => event.orderUid === uid.toLowerCase() && event.type === 'order_filled');

  /** Placed at the orderbook with the trader's key (another wallet), then settled by GPv2Settlement; checked on chain. */
  async function placeAndSettleElsewhere(): Promise<{ uid: string; report: SettlementReport }> {
    const uid = await placeOrder(kit.sandbox, trader.privateKey);
    const report = await settleAndCheckChain(kit.sandbox);
    expect(report.fills.map((fill) => fill.uid.toLowerCase())).toEqual([uid.toLowerCase()]);
    // Nothing in the app learnt of the order: no toast before the watcher's round.
    expect(shownFor(uid)).toEqual([]);
    return { uid, report };
  }

  it('is notified filled by the first watcher round, once, and not again by the next', async () => {
    await afterSetUpPasses();
    const { uid } = await placeAndSettleElsewhere();

    await kit.tick();
    expect(shownFor(uid)).toEqual(['Order filled']);

    // The next round reads the same item again: merged into the event already told, not shown twice.
    await kit.tick();
    expect(shownFor(uid)).toEqual(['Order filled']);
    expect(await filledEvents(uid)).toHaveLength(1);
  }, 60_000);

  const minedAt = async (uid: string, report: SettlementReport) => chainTruth(kit.sandbox).minedAt(report.fills.find((fill) => fill.uid.toLowerCase() === uid.toLowerCase())!.txHash);
  const filledAt = async (uid: string) => (await filledEvents(uid))[0]?.occurredAt;

  // The service's list is cached 300 s (Cache-Control, honoured by design), while rounds come every 60 s: the round
  // reads the account's newest orders at the orderbook, so the fill is told by the next round, not 5 minutes late.
  it('is notified by the next round when the watcher had already read the list before it was placed, dated by its block', async () => {
    await afterSetUpPasses();
    await kit.tick();
    const reads = notificationReads();
    const { uid, report } = await placeAndSettleElsewhere();

    await kit.tick();
    expect(shownFor(uid)).toEqual(['Order filled']);
    // Told from the orderbook's answer: the list was served from the cache, not read again.
    expect(notificationReads()).toBe(reads);
    await expect.poll(() => filledAt(uid)).toBe(await minedAt(uid, report));

    await kit.tick();
    expect(shownFor(uid)).toEqual(['Order filled']);
    expect(await filledEvents(uid)).toHaveLength(1);
  }, 60_000);

  it('is notified once when the history sync stores it before the next round', async () => {
    await kit.call('history.syncNow', undefined);
    await kit.tick();
    const { uid } = await placeAndSettleElsewhere();

    // The sync's resync finds it newer than its last head: what happened to it since it was placed is news.
    await kit.call('history.syncNow', undefined);
    await expect.poll(() => shownFor(uid)).toEqual(['Order filled']);
    await kit.tick();
    expect(shownFor(uid)).toEqual(['Order filled']);
    expect(await filledEvents(uid)).toHaveLength(1);
  }, 60_000);

  /** Changes of the order recorded in the one stream (what the reads and the sync tell from). */
  const recordedChanges = (uid: string) => (kit.services.history.transitions?.after(0) ?? []).filter((change) => change.uid === uid.toLowerCase());

  // The round after a long gap (the machine asleep, hours offline) finds orders it did not hold: history, as for the
  // sync after a relaunch, not a burst of old fills from the orderbook's answers. The service's list, read again by
  // the same round (its 300 s cache has run out), tells the latest of them, once.
  it('is stored as history when the last round was longer ago than the news window; the list tells its fill once', async () => {
    await kit.tick();
    const { uid } = await placeAndSettleElsewhere();
    kit.clock.now += NEWS_WINDOW_MS + 60_000;

    await kit.tick();
    expect(kit.services.history.orderOf(uid)?.order.status).toBe('fulfilled');
    expect(recordedChanges(uid)).toEqual([]);
    expect(shownFor(uid)).toEqual(['Order filled']);
    expect((await filledEvents(uid)).map((event) => event.source)).toEqual(['service']);
  }, 60_000);

  it('is stored as history when its account was added again after the last round (a first look); the list tells its fill once', async () => {
    await kit.tick();
    const { address } = (await kit.call('accounts.list', undefined))[0]!;
    await kit.call('accounts.remove', { address, confirmAddress: address });
    await kit.tick();
    const { uid } = await placeAndSettleElsewhere();
    await kit.call('accounts.importKey', { label: 'Trader', privateKey: trader.privateKey, vault: 'keychain' });

    await kit.tick();
    expect(kit.services.history.orderOf(uid)?.order.status).toBe('fulfilled');
    expect(recordedChanges(uid)).toEqual([]);
    // The list, once its cache has run out.
    kit.clock.now += 300_000;
    await kit.tick();
    expect(shownFor(uid)).toEqual(['Order filled']);
    expect((await filledEvents(uid)).map((event) => event.source)).toEqual(['service']);
  }, 60_000);

  // The environment is switched while a round reads the production orderbook: its answers are no longer what is
  // watched. Staging is its own deployment here (its own sandbox), where the trader has a filled order of its own.
  it('after a switch of environment mid-round, stores nothing of the old one and tells the new one\'s events once, as its own', async () => {
    const staging = await startSandbox({ now: Math.floor(Date.now() / 1000), environment: 'staging', rateLimits: UNTHROTTLED });
    try {
      const stagingUid = (await placeOrder(staging, trader.privateKey)).toLowerCase();
      staging.settle();
      await kit.call('settings.setEndpoint', { environment: 'staging', service: 'orderbook', url: staging.orderbookUrl });
      await kit.call('settings.setEndpoint', { environment: 'staging', service: 'tokenService', url: staging.bffUrl });
      await kit.tick();
      const { uid } = await placeAndSettleElsewhere();
      kit.sandbox.faults.set({ latencyMs: 400 });
      kit.sandbox.resetRequests();
      const round = kit.tick();
      await expect.poll(() => kit.sandbox.requests.some((entry) => entry.path.includes('/account/'))).toBe(true);
      // Running as in the app (joining the round under way), so the switch's nudge queues the next round.
      kit.services.watcher.watcher!.start();
      await kit.call('settings.update', { environment: 'staging' });
      await round;
      kit.sandbox.faults.clear();

      // The round for staging follows by itself; one more tells nothing again.
      await expect.poll(() => shownFor(stagingUid)).toEqual(['Order filled']);
      await kit.tick();
      expect(shownFor(stagingUid)).toEqual(['Order filled']);
      const events = (await kit.call('notifications.list', {})).events.filter((event) => event.orderUid === stagingUid && event.type === 'order_filled');
      expect(events.map((event) => event.environment)).toEqual(['staging']);
      expect(kit.services.history.orderOf(uid)).toBeUndefined();
      expect(shownFor(uid)).toEqual([]);
    } finally {
      await staging.close();
    }
  }, 60_000);
});

describe('an order placed elsewhere that only the service\'s list names', () => {
  let kit: WatcherKit;
  beforeEach(async () => {
    // Eleven orders placed straight at the orderbook in a row: the sandbox's rate limit would refuse some.
    kit = await startWatcherKit({ rateLimits: UNTHROTTLED });
    await kit.traderWithEveryAlert();
  });
  afterEach(async () => kit.stop());

  // Issue 33: the alert named neither the pair nor the amounts ("Your order was filled. (order 0x9ccc…)") when the
  // service's list told the fill of an order the history did not hold: older than the newest orders a round reads.
  it('is told with its pair and amounts when only the service\'s list names it, beyond the newest orders a round reads', async () => {
    await kit.tick();
    const uid = await placeOrder(kit.sandbox, trader.privateKey);
    const report = await settleAndCheckChain(kit.sandbox);
    // Placed after it, never filled (a limit far above the market): the round's read of the newest orders stops before it.
    for (let index = 0; index < NEWEST_ORDERS; index += 1) await placeOrder(kit.sandbox, trader.privateKey, { buyAmount: 10n ** 15n + BigInt(index) });
    kit.clock.now += 300_000; // the list's cache has run out

    await kit.tick();
    const fill = report.fills.find((entry) => entry.uid.toLowerCase() === uid.toLowerCase())!;
    const bought = formatTokenAmount(fill.executedBuy, 6, 'USDC', { exact: true });
    expect(kit.shown.filter((entry) => entry.target.view === 'history' && entry.target.orderUid === uid.toLowerCase()).map((entry) => [entry.title, entry.body])).toEqual([
      ['Order filled: WETH → USDC', `Sold 1 WETH for ${bought} on Ethereum.`],
    ]);
  }, 60_000);
});
