import { describe, expect, it } from 'vitest';
import type { ApiOrder } from '../../../../main/common/protocol/api';
import type { OrderbookClient } from '../../../../main/core/api/orderbook-client';
import { OPEN_SLICE, OrderReads } from '../../../../main/core/watcher/order-reads';

const account = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';
const uidOf = (index: number) => `0x${index.toString(16).padStart(112, '0')}`;

/** An account with `open` orders the history calls live, read back through a service that fails the request named. */
function readsOf(open: number, failingRead: number) {
  const asked: string[][] = [];
  const stored: string[][] = [];
  const orderbook = {
    ordersByUids: async (_chainId: number, uids: readonly string[]) => {
      asked.push([...uids]);
      if (asked.length === failingRead) throw new Error('the service went away');
      return { orders: uids.map((uid) => ({ uid }) as ApiOrder), errors: [] };
    },
  } as unknown as OrderbookClient;
  const reads = new OrderReads({
    history: {
      liveUids: () => Array.from({ length: open }, (_, index) => uidOf(index)),
      storeOrders: (_chainId, orders) => void stored.push(orders.map((order) => order.uid)),
      orderOf: () => undefined,
    },
    orderbook: () => orderbook,
    environment: () => 'production',
    now: () => 0,
    stopped: () => false,
  });
  return { reads, asked, stored };
}

describe("a watcher round's read of the open orders", () => {
  it('reads and stores thousands of open orders a slice at a time, every one of them once', async () => {
    const { reads, asked, stored } = readsOf(2_000, Number.POSITIVE_INFINITY);
    await reads.open(account, 1, 'production');
    expect(asked.every((uids) => uids.length <= OPEN_SLICE)).toBe(true);
    expect(stored).toEqual(asked);
    expect(stored.flat()).toEqual(Array.from({ length: 2_000 }, (_, index) => uidOf(index)));
  });

  it('keeps the slices read before a read that fails, and says it failed', async () => {
    const { reads, stored } = readsOf(3 * OPEN_SLICE, 3);
    await expect(reads.open(account, 1, 'production')).rejects.toThrow('the service went away');
    expect(stored.flat()).toEqual(Array.from({ length: 2 * OPEN_SLICE }, (_, index) => uidOf(index)));
  });
});
