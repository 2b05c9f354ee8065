import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { settleAndCheckChain } from '../../helpers/chain-truth';
import { TEST_ACCOUNTS } from '../../sandbox';
import { USDC, WETH } from './tokens';
import { startWatcherKit, type WatcherKit } from './watcher-kit';

const { trader } = TEST_ACCOUNTS;
/**
 * How long the test waits for the Trade tracker (a read every 3 s), not a goal: the watcher never runs on a
 * timer in the kit, so whatever shows came from the tracker.
 */
const WITHIN = 20_000;

const historyStatus = async (kit: WatcherKit, uid: string) => (await kit.call('history.query', {})).rows.find((row) => row.uid === uid)?.status;

/**
 * The Trade tracker reads an order placed in the app every few seconds and
 * writes what it read into the history. The watcher used to take its "before"
 * from that same history row, so after the tracker had written the fill it saw
 * no change and never told it (or told it minutes later from the service's
 * list). Now the change is recorded once when the row is written, whoever
 * writes it, and told from there.
 */
describe('an order placed in the app, tracked by the Trade screen', () => {
  let kit: WatcherKit;
  beforeEach(async () => {
    kit = await startWatcherKit();
    await kit.traderOnMainnet();
  });
  afterEach(async () => kit.stop());

  it('is notified filled once, even when the tracker wrote the fill into the history first', async () => {
    // Without the service's list (its integration is off in some environments) only the order itself tells.
    kit.sandbox.notifications.setEnabled(false);
    const uid = await kit.submit(trader.address, { sellToken: WETH, buyToken: USDC });
    await settleAndCheckChain(kit.sandbox);
    await expect.poll(() => historyStatus(kit, uid), { timeout: WITHIN }).toBe('fulfilled');
    // A watcher round after the tracker: it must not miss the fill, nor tell it twice.
    await kit.tick();
    await kit.tick();
    const filled = kit.shown.filter((shown) => shown.title.startsWith('Order filled') && shown.target.view === 'history' && shown.target.orderUid === uid.toLowerCase());
    expect(filled).toHaveLength(1);
  });

  it('is notified of the fill by the tracker alone, with no watcher round', async () => {
    const uid = await kit.submit(trader.address, { sellToken: WETH, buyToken: USDC });
    await settleAndCheckChain(kit.sandbox);
    const isFill = () => kit.shown.some((shown) => shown.title.startsWith('Order filled') && shown.target.view === 'history' && shown.target.orderUid === uid.toLowerCase());
    await expect.poll(isFill, { timeout: WITHIN }).toBe(true);
  });
});
