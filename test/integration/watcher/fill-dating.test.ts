import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { chainTruth, settleAndCheckChain } from '../../helpers/chain-truth';
import { TEST_ACCOUNTS } from '../../sandbox';
import { USDC, WETH } from './tokens';
import { startWatcherKit, type WatcherKit } from './watcher-kit';

const { trader } = TEST_ACCOUNTS;
/** The Trade tracker's default interval (3 s) plus room for a loaded machine. */
const WITHIN_MS = 3_000 + 5_000;

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
    await kit.call('accounts.importKey', { label: 'Trader', privateKey: trader.privateKey, vault: 'keychain' });
    await kit.call('settings.update', { enabledChains: [1] });
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
