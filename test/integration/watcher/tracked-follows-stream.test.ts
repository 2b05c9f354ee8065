import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { settleAndCheckChain } from '../../helpers/chain-truth';
import { TEST_ACCOUNTS } from '../../sandbox';
import { USDC, WETH } from './tokens';
import { startWatcherKit, type WatcherKit } from './watcher-kit';

const { trader } = TEST_ACCOUNTS;

/**
 * The Trade screen's tracked orders follow the one stream of order changes:
 * whoever stored a change (here the history sync; the tracker's own poll is
 * ten minutes away) moves the tracked order at once. Before, the Trade screen
 * only learned from its own poll and showed "open" beside a filled History row.
 */
describe('tracked orders follow the one stream of order changes', () => {
  let kit: WatcherKit;
  beforeEach(async () => {
    kit = await startWatcherKit({ trackerPollMs: 600_000 });
    await kit.traderOnMainnet();
  });
  afterEach(async () => kit.stop());

  const tracked = async (uid: string) => (await kit.call('trade.tracked', undefined)).find((order) => order.uid.toLowerCase() === uid.toLowerCase());

  it('a fill the history sync stored shows on the Trade screen without the tracker reading the order', async () => {
    const uid = await kit.submit(trader.address, { sellToken: WETH, buyToken: USDC });
    expect((await tracked(uid))?.status).toBe('open');
    const reads = () => kit.sandbox.requests.filter((entry) => entry.method === 'GET' && entry.path.endsWith(`/api/v1/orders/${uid}`)).length;
    const readsBefore = reads();
    await settleAndCheckChain(kit.sandbox);
    await kit.services.history.syncNow();
    expect(await tracked(uid)).toMatchObject({ status: 'fulfilled', final: true, filledPercent: 100 });
    expect(reads()).toBe(readsBefore);
  });

  it('a cancellation the watcher read shows on the Trade screen too', async () => {
    const uid = await kit.submit(trader.address, { sellToken: WETH, buyToken: USDC, limitFactor: 10n });
    // Cancelled elsewhere (the owner's invalidateOrder from another wallet): the watcher's round reads it.
    await kit.sandbox.onChain!.invalidate(uid);
    await kit.sandbox.onChain!.sync();
    await kit.tick();
    expect((await tracked(uid))?.status).toBe('cancelled');
  });
});
