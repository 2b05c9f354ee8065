import { describe, expect, it, vi } from 'vitest';
import type { ApiOrder } from '../../../../main/common/protocol/api';
import type { Environment } from '../../../../main/common/protocol/environments';
import type { OrderbookClient } from '../../../../main/core/api/orderbook-client';
import { OPEN_PER_ROUND, OPEN_SLICE, OrderReads } from '../../../../main/core/watcher/order-reads';

const account = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';
const uidOf = (index: number) => `0x${index.toString(16).padStart(112, '0')}`;

/**
 * An account with `open` orders the history calls live, read back through a service that fails the request named;
 * `news`: the orders its newest fills name (with their stored status) and those whose validity ran out.
 */
function readsOf(initiallyOpen: number, failingRead: number, news: { traded?: [uid: string, status: string][]; expired?: string[] } = {}) {
  let open = initiallyOpen;
  const asked: string[][] = [];
  const tradeReads: number[] = [];
  const stored: string[][] = [];
  const orderbook = {
    ordersByUids: async (_chainId: number, uids: readonly string[]) => {
      asked.push([...uids]);
      if (asked.length === failingRead) throw new Error('the service went away');
      return { orders: uids.map((uid) => ({ uid }) as ApiOrder), errors: [] };
    },
    trades: async (_chainId: number, _filter: { owner: string }, page: { offset: number; limit: number }) => {
      tradeReads.push(page.limit);
      return (news.traded ?? []).map(([uid]) => ({ orderUid: uid.toUpperCase() }));
    },
  } as unknown as OrderbookClient;
  const statuses = new Map(news.traded ?? []);
  const reads = new OrderReads({
    history: {
      // As the store answers: in UID order, the window asked for.
      liveUids: (_account, _chainId, _environment, window) =>
        Array.from({ length: open }, (_, index) => uidOf(index))
          .filter((uid) => uid > (window?.after ?? ''))
          .slice(0, window?.limit ?? open),
      storeInTurn: async (_chainId, orders) => void stored.push(orders.map((order) => order.uid)),
      inTurn: async (write) => write(),
      liveExpired: (_account, _chainId, _environment, _by, limit) => (news.expired ?? []).slice(0, limit),
      orderOf: (uid) => {
        const status = statuses.get(uid);
        return status === undefined ? undefined : { order: { uid, status } as ApiOrder, chainId: 1 };
      },
    },
    orderbook: () => orderbook,
    environment: () => 'production',
    now: () => 0,
    stopped: () => false,
  });
  return { reads, asked, stored, tradeReads, closeAllBut: (stillOpen: number) => void (open = stillOpen) };
}

const uidsFrom = (from: number, count: number) => Array.from({ length: count }, (_, index) => uidOf(from + index));

describe("a watcher round's read of the open orders", () => {
  it('reads every open order each round while there are fewer than a round takes, a slice at a time', async () => {
    const open = OPEN_PER_ROUND - 1;
    const { reads, asked, stored, tradeReads } = readsOf(open, Number.POSITIVE_INFINITY, { traded: [[uidOf(5), 'open']], expired: [uidOf(6)] });
    await reads.open(account, 1, 'production');
    await reads.open(account, 1, 'production');
    // Every open order is read anyway: no fills asked for, nothing read twice.
    expect(tradeReads).toEqual([]);
    expect(asked.every((uids) => uids.length <= OPEN_SLICE)).toBe(true);
    expect(stored).toEqual(asked);
    expect(stored.flat()).toEqual([...uidsFrom(0, open), ...uidsFrom(0, open)]);
  });

  it('takes the open orders of an account with more in turn: a round reads OPEN_PER_ROUND, the next goes on after them, past the last from the first', async () => {
    const open = 2 * OPEN_PER_ROUND + OPEN_SLICE;
    const { reads, stored } = readsOf(open, Number.POSITIVE_INFINITY);
    const rounds: string[][] = [];
    for (let round = 0; round < 3; round += 1) {
      const before = stored.length;
      await reads.open(account, 1, 'production');
      rounds.push(stored.slice(before).flat());
    }
    expect(rounds[0]).toEqual(uidsFrom(0, OPEN_PER_ROUND));
    expect(rounds[1]).toEqual(uidsFrom(OPEN_PER_ROUND, OPEN_PER_ROUND));
    // The last slice's worth, then the first orders again: every one read within three rounds.
    expect(rounds[2]).toEqual([...uidsFrom(2 * OPEN_PER_ROUND, OPEN_SLICE), ...uidsFrom(0, OPEN_PER_ROUND - OPEN_SLICE)]);
    expect(new Set(rounds.flat()).size).toBe(open);
  });

  it('reads each open order once a round when orders closed since the last one, going on where it stopped', async () => {
    const { reads, stored, closeAllBut } = readsOf(OPEN_PER_ROUND + OPEN_SLICE, Number.POSITIVE_INFINITY);
    await reads.open(account, 1, 'production');
    closeAllBut(OPEN_PER_ROUND + OPEN_SLICE / 2);
    const before = stored.length;
    await reads.open(account, 1, 'production');
    const second = stored.slice(before).flat();
    expect(second).toEqual([...uidsFrom(OPEN_PER_ROUND, OPEN_SLICE / 2), ...uidsFrom(0, OPEN_PER_ROUND - OPEN_SLICE / 2)]);
    // Fewer open than a round takes, the last round having stopped among them: each read once, from where it stopped.
    closeAllBut(OPEN_PER_ROUND - OPEN_SLICE / 4);
    const after = stored.length;
    await reads.open(account, 1, 'production');
    expect(stored.slice(after).flat()).toEqual([...uidsFrom(OPEN_PER_ROUND - OPEN_SLICE / 2, OPEN_SLICE / 4), ...uidsFrom(0, OPEN_PER_ROUND - OPEN_SLICE / 2)]);
  });

  it('reads the orders with news out of turn, once, in a round that cannot read them all: named by the newest fills, or their validity ran out', async () => {
    const traded: [string, string][] = [[uidOf(1500), 'open'], [uidOf(3), 'open'], [uidOf(1600), 'fulfilled'], [uidOf(1700), 'partiallyFilled']];
    const { reads, stored, tradeReads } = readsOf(2 * OPEN_PER_ROUND, Number.POSITIVE_INFINITY, { traded, expired: [uidOf(2000), uidOf(1500)] });
    await reads.open(account, 1, 'production');
    expect(tradeReads).toHaveLength(1);
    // The turn's own orders (uidOf(3)) are read in it; an order stored as filled has no news to read.
    expect(stored.flat()).toEqual([uidOf(1500), uidOf(1700), uidOf(2000), ...uidsFrom(0, OPEN_PER_ROUND)]);
    const before = stored.length;
    await reads.open(account, 1, 'production');
    // The next turn holds 1500, 1700 and 2000 itself: read in it, once.
    expect(stored.slice(before).flat()).toEqual([uidOf(3), ...uidsFrom(OPEN_PER_ROUND, OPEN_PER_ROUND)]);
  });

  it('keeps the slices read before a read that fails, says it failed, and the next round goes on after them', async () => {
    const { reads, stored } = readsOf(2 * OPEN_PER_ROUND, 3);
    await expect(reads.open(account, 1, 'production')).rejects.toThrow('the service went away');
    expect(stored.flat()).toEqual(uidsFrom(0, 2 * OPEN_SLICE));
    await reads.open(account, 1, 'production');
    expect(stored.slice(2).flat()).toEqual(uidsFrom(2 * OPEN_SLICE, OPEN_PER_ROUND));
  });
});

describe("a watcher round's orders read while the environment switches", () => {
  it('are not stored once the environment switched while they were read: they would be stored as the new one\'s', async () => {
    let environment: Environment = 'production';
    const stored: string[][] = [];
    let answer: (() => void) | undefined;
    const reads = new OrderReads({
      history: {
        liveUids: () => [uidOf(1)],
        storeInTurn: async (_chainId, orders) => void stored.push(orders.map((order) => order.uid)),
        inTurn: async (write) => write(),
        liveExpired: () => [],
        orderOf: () => undefined,
      },
      // The service answers when the test says.
      orderbook: () =>
        ({
          ordersByUids: async (_chainId: number, uids: readonly string[]) => {
            await new Promise<void>((resolve) => (answer = resolve));
            return { orders: uids.map((uid) => ({ uid }) as ApiOrder), errors: [] };
          },
        }) as unknown as OrderbookClient,
      environment: () => environment,
      now: () => 0,
      stopped: () => false,
    });
    const reading = reads.open(account, 1, 'production');
    await vi.waitFor(() => expect(answer).toBeDefined());
    environment = 'staging';
    answer!();
    await reading;
    expect(stored).toEqual([]);
  });
});
