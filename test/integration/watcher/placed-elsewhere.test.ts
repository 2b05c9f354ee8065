import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { settleAndCheckChain } from '../../helpers/chain-truth';
import { TEST_ACCOUNTS } from '../../sandbox';
import { placeOrder } from '../sandbox/sandbox-kit';
import { notificationRequests, startWatcherKit, type WatcherKit } from './watcher-kit';

const { trader } = TEST_ACCOUNTS;

/**
 * Issue 16: "an order placed elsewhere is notified within one watcher round".
 * The trader places an order with another wallet (straight at the orderbook,
 * not through the app), so neither the Trade tracker nor the history knows it,
 * and it is settled on chain. Only the service's notification list can tell
 * the app: the next watcher round must show the fill, once.
 */
describe('an order placed elsewhere', () => {
  let kit: WatcherKit;
  beforeEach(async () => {
    kit = await startWatcherKit();
    await kit.traderWithEveryAlert();
  });
  afterEach(async () => kit.stop());

  const shownFor = (uid: string) => kit.shownFor(uid);

  const notificationReads = () => notificationRequests(kit.sandbox);
  const filledEvents = async (uid: string) =>
    (await kit.call('notifications.list', {})).events.filter((event) => event.orderUid === uid.toLowerCase() && event.type === 'order_filled');

  /** Placed at the orderbook with the trader's key (another wallet), then settled by GPv2Settlement; checked on chain. */
  async function placeAndSettleElsewhere(): Promise<string> {
    const uid = await placeOrder(kit.sandbox, trader.privateKey);
    const report = await settleAndCheckChain(kit.sandbox);
    expect(report.fills.map((fill) => fill.uid.toLowerCase())).toEqual([uid.toLowerCase()]);
    // Nothing in the app learnt of the order: no toast before the watcher's round.
    expect(shownFor(uid)).toEqual([]);
    return uid;
  }

  it('is notified filled by the first watcher round, once, and not again by the next', async () => {
    const uid = await placeAndSettleElsewhere();

    await kit.tick();
    expect(shownFor(uid)).toEqual(['Order filled']);

    // The next round reads the same item again: merged into the event already told, not shown twice.
    await kit.tick();
    expect(shownFor(uid)).toEqual(['Order filled']);
    expect(await filledEvents(uid)).toHaveLength(1);
  }, 60_000);

  // KNOWN GAP (issue 16, reported, not fixed here). With the watcher already running, the round after the fill serves
  // the notification list from the API client's cache: the service sends Cache-Control max-age=300 and design.md says
  // to honour it, while rounds come every 60 s. So an order placed elsewhere is told up to 5 minutes late, not within one
  // round. it.fails keeps the right expectation in view; when the gap is closed this fails, and becomes it().
  it.fails('is notified by the next round when the watcher had already read the list before it was placed', async () => {
    await kit.tick();
    const reads = notificationReads();
    const uid = await placeAndSettleElsewhere();

    await kit.tick();
    // The round must read the list again to see the new item; today it does not (the cached answer is served).
    expect(notificationReads()).toBe(reads + 1);
    expect(shownFor(uid)).toEqual(['Order filled']);
  }, 60_000);
});
