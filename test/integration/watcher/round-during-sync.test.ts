import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OrdersRepo } from '../../../main/core/history/orders-repo';
import { settleAndCheckChain } from '../../helpers/chain-truth';
import { TEST_ACCOUNTS } from '../../sandbox';
import { placeOrder, UNTHROTTLED } from '../sandbox/sandbox-kit';
import { startWatcherKit, type WatcherKit } from './watcher-kit';

const { trader } = TEST_ACCOUNTS;

/**
 * Issue 35: main does only I/O while a sync writes. A watcher round's orders
 * (read again each minute, 256 at a time) were written on the main
 * connection, the longest blocks of the main thread during a 100k-order sync
 * (55-110 ms beside two CPU hogs); while the sync's writer thread runs they
 * are its to write, and what the user is told is the same.
 */
describe('a watcher round while a sync pass has its writer thread', () => {
  let kit: WatcherKit;
  beforeEach(async () => {
    kit = await startWatcherKit({ rateLimits: UNTHROTTLED });
    await kit.traderWithEveryAlert();
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    await kit.stop();
  });

  /** A round right after a pass: the pass's writer thread waits a while for the next pass before it ends. */
  const roundAfterPass = async () => {
    await kit.call('history.syncNow', undefined);
    await kit.tick();
  };

  it('stores the orders it reads on that thread, not the main connection, and tells the fill once', async () => {
    const onMain = vi.spyOn(OrdersRepo.prototype, 'writeOrders');
    await roundAfterPass();
    const uid = await placeElsewhere();
    await roundAfterPass();
    await settleAndCheckChain(kit.sandbox);
    // The pass does not read the filled order again (the round does): its walk stops at the head it stored.
    await roundAfterPass();

    expect((await kit.call('history.detail', { uid })).row).toMatchObject({ status: 'fulfilled' });
    expect(kit.shownFor(uid)).toEqual(['Order filled']);
    expect(onMain).not.toHaveBeenCalled();
  });

  const placeElsewhere = () => placeOrder(kit.sandbox, trader.privateKey);
});
