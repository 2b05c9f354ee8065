import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { settleAndCheckChain } from '../../helpers/chain-truth';
import { TEST_ACCOUNTS } from '../../sandbox';
import { placeOrder, UNTHROTTLED } from '../sandbox/sandbox-kit';
import { startWatcherKit, type WatcherKit } from './watcher-kit';

const { trader } = TEST_ACCOUNTS;

/**
 * Issue 16: "one partial fill as five identical toasts ... a feed item for an
 * event already shown is merged, not shown again". A partially fillable order
 * (placed elsewhere, so no tracker follows it) fills a quarter of what is
 * left in three batches between two looks. The service's list holds an item
 * for each partial fill; the order, read once, is at the third. The user is
 * told the order's state once: the items for the earlier partial fills are
 * merged into it, whenever the list is read (the next read after its 300 s
 * cache, here a relaunch).
 */
describe('several partial fills of one order between two looks', () => {
  let kit: WatcherKit;
  beforeEach(async () => {
    // The test places orders through the routes itself, beside the app's own use of the live 5 a second.
    kit = await startWatcherKit({ rateLimits: UNTHROTTLED });
    await kit.traderWithEveryAlert();
    // The history passes the set-up started are over: on a busy machine a late one read the order between two of
    // its fills, and the earlier fill was told on its own (CI beside the hogs: 43.75%, then 57.81%).
    await kit.call('history.syncNow', undefined);
  });
  afterEach(async () => kit.stop());

  const partialFillsShown = (uid: string) => kit.shown.filter((entry) => entry.target.view === 'history' && entry.target.orderUid === uid.toLowerCase() && entry.title.startsWith('Order partially filled'));
  const partialFillsInCenter = async (uid: string) =>
    (await kit.call('notifications.list', {})).events.filter((event) => event.orderUid === uid.toLowerCase() && event.type === 'order_partially_filled');
  const listItems = (uid: string) =>
    (kit.sandbox.notifications.list(trader.address) as { type?: string; message?: string; metadata?: { orderId?: string; executedAmount?: string } }[]).filter(
      (item) => item.type === 'order_partially_filled' && item.metadata?.orderId?.toLowerCase() === uid.toLowerCase(),
    );

  /** 4 WETH for USDC, partially fillable, placed at the orderbook with the trader's key (another wallet). */
  const placeElsewhere = () => placeOrder(kit.sandbox, trader.privateKey, { partiallyFillable: true, sellAmount: 4n * 10n ** 18n, buyAmount: 4n * 2_900_000_000n });
  /** Three batches, each filling a quarter of what is left: 1, 1.75, then 2.3125 WETH sold (57.81%). */
  const fillThrice = async () => {
    for (let batch = 0; batch < 3; batch += 1) await settleAndCheckChain(kit.sandbox, { partialFraction: 0.25 });
  };

  it('tells the order\'s state once; the list\'s items for the earlier partial fills, read later, are merged into it', async () => {
    await kit.tick();
    const uid = await placeElsewhere();
    await kit.tick();
    await fillThrice();
    expect(listItems(uid)).toHaveLength(3);

    await kit.tick();
    const told = partialFillsShown(uid);
    expect(told.map((entry) => entry.body)).toEqual([expect.stringMatching(/^57\.81% filled so far/)]);

    await kit.restart();
    await kit.tick();
    expect(partialFillsShown(uid)).toEqual(told);
    expect(await partialFillsInCenter(uid)).toHaveLength(1);
  }, 60_000);

  it('tells three partial fills nothing had told yet as one alert, for the latest', async () => {
    await kit.tick();
    const uid = await placeElsewhere();
    await fillThrice();
    await kit.restart();

    await kit.tick();
    expect(partialFillsShown(uid).map((entry) => entry.body)).toEqual([expect.stringMatching(/^57\.81% filled so far/)]);
    expect(await partialFillsInCenter(uid)).toHaveLength(1);
  }, 60_000);

  // The orderbook's reads fail while the list is read: the list is ahead of the stored order (still at 0).
  it('tells the list\'s partial fills, ahead of the stored order, as one alert with the pair, the limit and the amount filled, and not again once the order is read', async () => {
    await kit.tick();
    const uid = await placeElsewhere();
    await kit.tick();
    await fillThrice();
    // Answered with 404 at once (the token service has no orderbook routes): every order read fails.
    await kit.call('settings.setEndpoint', { environment: 'production', service: 'orderbook', url: kit.sandbox.bffUrl });
    await kit.restart();

    await kit.tick();
    // The furthest of the three (2.3125 WETH sold), with the order's pair and limit (the service's own words name neither).
    const latest = listItems(uid).at(-1) as { message: string; metadata: { executedAmount: string } };
    expect(latest.metadata.executedAmount).toBe('2312500000000000000');
    expect(partialFillsShown(uid).map((entry) => [entry.id.split(':').at(-1), entry.title, entry.body])).toEqual([
      [latest.metadata.executedAmount, 'Order partially filled: WETH → USDC', 'Sell 4 WETH for at least 11,600 USDC on Ethereum: 2.3125 WETH filled so far.'],
    ]);

    await kit.call('settings.setEndpoint', { environment: 'production', service: 'orderbook', url: null });
    await kit.tick();
    expect(kit.services.history.orderOf(uid)?.order.executedSellAmount).toBe('2312500000000000000');
    expect(partialFillsShown(uid)).toHaveLength(1);
    expect(await partialFillsInCenter(uid)).toHaveLength(1);
  }, 60_000);
});
