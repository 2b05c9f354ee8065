import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { chainTruth, settleAndCheckChain } from '../../helpers/chain-truth';
import type { Hex } from 'viem';
import type { NotificationEvent } from '../../../main/common/notifications/notification-schema';
import { TEST_ACCOUNTS, type SettlementReport } from '../../sandbox';
import { USDC, WETH } from './tokens';
import { startWatcherKit, type WatcherKit } from './watcher-kit';

const { trader } = TEST_ACCOUNTS;
/**
 * How long the test waits for the Trade tracker (a read every 3 s), not a goal: the watcher never runs on a
 * timer in the kit, so whatever shows came from the tracker. A wall-clock bound on it is no test's business.
 */
const WITHIN_MS = 20_000;

/**
 * The trader's walk-through: five orders placed in the app fill, partly fill
 * (twice), get cancelled and expire. Each event is shown once, by the tracker
 * before any watcher round, and the notification center
 * dates it by the service: a fill by its trade's block on chain (read over the
 * wallet's node), the cancellation by the service's own item, the expiry by
 * the order's validTo. Later rounds read the service's list, which repeats
 * every event: nothing is shown again, and no date moves later.
 */
describe('five orders placed in the app', () => {
  let kit: WatcherKit;
  beforeEach(async () => {
    kit = await startWatcherKit();
    await kit.traderWithEveryAlert();
  });
  afterEach(async () => kit.stop());

  const shownFor = (uid: string) => kit.shownFor(uid);
  const eventsFor = async (uid: string): Promise<NotificationEvent[]> => (await kit.call('notifications.list', {})).events.filter((event) => event.orderUid === uid.toLowerCase());
  const minedAt = (report: SettlementReport, uid: string) => chainTruth(kit.sandbox).minedAt(report.fills.find((fill) => fill.uid === uid)!.txHash);
  const occurredAt = async (uid: string, type: string) => (await eventsFor(uid)).find((event) => event.type === type)?.occurredAt;
  const serviceTime = (uid: string, type: string) => {
    const items = kit.sandbox.notifications.list(trader.address) as { type?: string; timestamp?: string; metadata?: { orderId?: string } }[];
    const item = items.filter((entry) => entry.type === type && entry.metadata?.orderId?.toLowerCase() === uid.toLowerCase()).at(-1);
    return item?.timestamp ? Date.parse(item.timestamp) : undefined;
  };

  it('tells every fill, partial fill, cancellation and expiry once, by the tracker before any watcher round, at the service\'s time', async () => {
    const filled = await kit.submit(trader.address, { sellToken: WETH, buyToken: USDC });
    const partial = await kit.submit(trader.address, { sellToken: WETH, buyToken: USDC, partiallyFillable: true, amount: 2n * 10n ** 18n });
    const cancelled = await kit.submit(trader.address, { sellToken: WETH, buyToken: USDC, limitFactor: 10n });
    const expiring = await kit.submit(trader.address, { sellToken: WETH, buyToken: USDC, limitFactor: 10n, validFor: 60 });
    const later = await kit.submit(trader.address, { sellToken: WETH, buyToken: USDC, partiallyFillable: true, amount: 3n * 10n ** 18n });

    const first = await settleAndCheckChain(kit.sandbox, { partialFraction: 0.5 });
    await expect.poll(() => [shownFor(filled), shownFor(partial), shownFor(later)], { timeout: WITHIN_MS }).toEqual([
      ['Order filled'],
      ['Order partially filled'],
      ['Order partially filled'],
    ]);
    // The tracker has read each order since this settlement (it reads them in turn, every 3 s): the chain moves on
    // only then, or the next settlement could fill `later` before the tracker ever saw it half filled.
    await expect.poll(() => kit.services.trading.tracker.get(later)?.filledPercent, { timeout: WITHIN_MS }).toBe(50);
    // Dated by the block of the trade, before any round has read the service's list.
    await expect.poll(() => occurredAt(filled, 'order_filled')).toBe(await minedAt(first, filled));
    await expect.poll(() => occurredAt(partial, 'order_partially_filled')).toBe(await minedAt(first, partial));

    await kit.call('trade.cancel', { orderUids: [cancelled as Hex] });
    await expect.poll(() => shownFor(cancelled), { timeout: WITHIN_MS }).toEqual(['Order cancelled']);

    const second = await settleAndCheckChain(kit.sandbox, { partialFraction: 1 });
    kit.sandbox.clock.advance(120);
    await expect.poll(() => [shownFor(expiring), shownFor(later)], { timeout: WITHIN_MS }).toEqual([
      ['Order expired'],
      ['Order partially filled', 'Order filled'],
    ]);

    // Rounds read the service's list, which tells each event again; a relaunch reads it once more.
    await kit.tick();
    await kit.tick();
    await kit.restart();
    await kit.tick();
    expect([shownFor(filled), shownFor(partial), shownFor(cancelled), shownFor(expiring), shownFor(later)]).toEqual([
      ['Order filled'],
      ['Order partially filled', 'Order filled'],
      ['Order cancelled'],
      ['Order expired'],
      ['Order partially filled', 'Order filled'],
    ]);

    // Dated by the service: the trade's block for fills (the service's item, written once the block is indexed, is no
    // earlier), its item's time for the cancellation, validTo for the expiry.
    expect(await occurredAt(filled, 'order_filled')).toBe(await minedAt(first, filled));
    // The service's own item is a second later (written once the block is indexed): the center keeps the block.
    expect(serviceTime(filled, 'order_filled')).toBe((await minedAt(first, filled)) + 1000);
    expect(await occurredAt(later, 'order_partially_filled')).toBe(await minedAt(first, later));
    expect(await occurredAt(later, 'order_filled')).toBe(await minedAt(second, later));
    const [cancelEvent] = await eventsFor(cancelled);
    expect(cancelEvent?.occurredAt).toBe(serviceTime(cancelled, 'order_cancelled'));
    const [expiryEvent] = await eventsFor(expiring);
    const validTo = Number(BigInt(`0x${expiring.slice(-8)}`));
    expect(expiryEvent?.occurredAt).toBe(validTo * 1000);
  }, 60_000);
});
