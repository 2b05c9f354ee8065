import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { settleAndCheckChain } from '../../helpers/chain-truth';
import { TEST_ACCOUNTS } from '../../sandbox';
import { placeOrder, UNTHROTTLED } from '../sandbox/sandbox-kit';
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

/**
 * An order the app did not submit but tracks by its UID: EthFlow's, which the
 * Trade screen starts tracking once the orderbook has indexed it from the chain.
 * The tracker stored only what changed after that first read, so the history's
 * first row of the order was its fill: no change from a known state, no alert
 * (CI run of 512fb15, e2e ethflow: "Order filled" never shown).
 */
describe('an order tracked by its UID (as an EthFlow order once on chain)', () => {
  let kit: WatcherKit;
  beforeEach(async () => {
    // The test places the order through the orderbook's route itself, beside the app's own use of the live 5 a second.
    kit = await startWatcherKit({ rateLimits: UNTHROTTLED });
    await kit.traderOnMainnet();
    // The set-up's history passes are over, so nothing but the tracker reads the order placed next.
    await kit.call('history.syncNow', undefined);
  });
  afterEach(async () => kit.stop());

  it('is notified filled by the tracker alone, the service list off and no watcher round', async () => {
    kit.sandbox.notifications.setEnabled(false);
    const uid = await placeOrder(kit.sandbox, trader.privateKey);
    const tracked = await kit.call('trade.track', { chainId: 1, uid });
    expect(tracked.status).toBe('open');
    // Tracked as open, the History shows it open at once: the row a fill is later told against.
    expect(await historyStatus(kit, uid)).toBe('open');
    await settleAndCheckChain(kit.sandbox);
    await expect.poll(() => kit.shownFor(uid), { timeout: WITHIN }).toEqual(['Order filled']);
  });

  it('is notified filled when it filled before the first read (the screen asks until the orderbook knows the UID)', async () => {
    kit.sandbox.notifications.setEnabled(false);
    const uid = await placeOrder(kit.sandbox, trader.privateKey);
    await settleAndCheckChain(kit.sandbox);
    expect((await kit.call('trade.track', { chainId: 1, uid })).status).toBe('fulfilled');
    expect(kit.shownFor(uid)).toEqual(['Order filled']);
    // A watcher round after it tells nothing more.
    await kit.tick();
    expect(kit.shownFor(uid)).toEqual(['Order filled']);
  });
});
