import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OrdersRepo } from '../../../main/core/history/orders-repo';
import { StoreWriter } from '../../../main/core/store/store-writer';
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

  it('stores the orders it reads on that thread, not the main connection, and tells the fill once', async () => {
    const uid = await placeElsewhere();
    await kit.tick();
    // A pass leaves its thread running a while for the next one; it stores the order before its fill, so the round
    // below is the first to read the fill, while that thread runs.
    await kit.call('history.syncNow', undefined);
    await settleAndCheckChain(kit.sandbox);
    const onMain = vi.spyOn(OrdersRepo.prototype, 'writeOrders');
    const onThread = vi.spyOn(StoreWriter.prototype, 'run');
    await kit.tick();

    const sent = onThread.mock.calls.flatMap(([, rows]) => rows).filter((row) => row.uid === uid.toLowerCase());
    expect(sent).toEqual([expect.objectContaining({ status: 'fulfilled' })]);
    expect(onMain).not.toHaveBeenCalled();
    expect((await kit.call('history.detail', { uid })).row).toMatchObject({ status: 'fulfilled' });
    expect(kit.shownFor(uid)).toEqual(['Order filled']);
  });

  it('stores them on the main connection when the thread ends under the round: nothing read is lost', async () => {
    const uid = await placeElsewhere();
    await kit.tick();
    await kit.call('history.syncNow', undefined);
    await settleAndCheckChain(kit.sandbox);
    // As when the thread ends between the round finding it and its batch arriving (its memory cap, the store closing).
    vi.spyOn(StoreWriter.prototype, 'run').mockRejectedValue(new Error('The store writer thread stopped.'));
    const onMain = vi.spyOn(OrdersRepo.prototype, 'writeOrders');
    await kit.tick();

    expect(onMain.mock.calls.flatMap(([rows]) => rows).filter((row) => row.uid === uid.toLowerCase())).toEqual([expect.objectContaining({ status: 'fulfilled' })]);
    expect((await kit.call('history.detail', { uid })).row).toMatchObject({ status: 'fulfilled' });
    expect(kit.shownFor(uid)).toEqual(['Order filled']);
  });

  const placeElsewhere = () => placeOrder(kit.sandbox, trader.privateKey);
});
