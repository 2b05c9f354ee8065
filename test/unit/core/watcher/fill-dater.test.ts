import { describe, expect, it } from 'vitest';
import type { OrderbookClient } from '../../../../main/core/api/orderbook-client';
import type { ApiOrder } from '../../../../main/common/protocol/api';
import type { Notification } from '../../../../main/common/protocol/api/notifications';
import { FillDater, fillOfItem, type ChainClock, type FillToDate } from '../../../../main/core/watcher/fill-dating';
import { recordingLogger } from '../../../helpers/recording-logger';

const FILL: FillToDate = { id: 'production:order_filled:0xabc', chainId: 1, orderUid: '0xabc', reached: { side: 'buy', amount: '100', exact: false } };
const TRADE = { blockNumber: 7, logIndex: 0, buyAmount: '100', sellAmountBeforeFees: '50' };
const MINED_AT = 1_795_000_000_000;

/** A dater over an orderbook whose trades answer as `trades` says, and a chain clock that is `node` (absent, down or up). */
function dater(state: { node: 'absent' | 'down' | 'up'; listed: boolean }) {
  const asked = { trades: 0, blocks: 0 };
  let release: () => void = () => undefined;
  let hold = false;
  const orderbook = {
    trades: async () => {
      asked.trades += 1;
      if (hold) await new Promise<void>((resolve) => (release = resolve));
      return state.listed ? [TRADE] : [];
    },
  } as unknown as OrderbookClient;
  const chainClock: ChainClock = {
    available: () => state.node !== 'absent',
    blockTime: async () => {
      asked.blocks += 1;
      if (state.node === 'down') throw new Error('the Ethereum node at 127.0.0.1:8545 did not answer');
      return MINED_AT;
    },
  };
  const fills = new FillDater(() => ({ orderbook, chainClock, log: recordingLogger() }));
  return { fills, asked, holdTrades: () => (hold = true), release: () => release() };
}

describe('dating fills by their block', () => {
  it('tries again after a node failure, and dates the fill once the node answers', async () => {
    const state = { node: 'down' as const, listed: true } as { node: 'absent' | 'down' | 'up'; listed: boolean };
    const { fills } = dater(state);
    expect(await fills.date(FILL)).toBeNull();
    expect(fills.mayDate(FILL.id)).toBe(true);
    state.node = 'up';
    expect(await fills.date(FILL)).toBe(MINED_AT);
  });

  it('gives up on a fill after five tries in a session (a trade that never shows costs a few requests only)', async () => {
    const { fills, asked } = dater({ node: 'up', listed: false });
    for (let i = 0; i < 5; i += 1) expect(await fills.date(FILL)).toBeNull();
    expect(fills.mayDate(FILL.id)).toBe(false);
    expect(await fills.date(FILL)).toBeNull();
    expect(asked.trades).toBe(5);
  });

  it('spends no try without a node: one set later still dates the fill', async () => {
    const state = { node: 'absent', listed: true } as { node: 'absent' | 'down' | 'up'; listed: boolean };
    const { fills, asked } = dater(state);
    for (let i = 0; i < 10; i += 1) expect(await fills.date(FILL)).toBeNull();
    expect(asked).toEqual({ trades: 0, blocks: 0 });
    state.node = 'up';
    expect(await fills.date(FILL)).toBe(MINED_AT);
  });

  it('runs one try at a time for a fill, however often it is asked meanwhile', async () => {
    const { fills, asked, holdTrades, release } = dater({ node: 'up', listed: true });
    holdTrades();
    const first = fills.date(FILL);
    expect(fills.mayDate(FILL.id)).toBe(false);
    expect(await fills.date(FILL)).toBeNull();
    release();
    expect(await first).toBe(MINED_AT);
    expect(asked.trades).toBe(1);
  });

  it('hands a failed try back to later rounds with what the order had bought then, until it is dated or out of tries', async () => {
    const state = { node: 'down', listed: true } as { node: 'absent' | 'down' | 'up'; listed: boolean };
    const { fills } = dater(state);
    expect(fills.retries()).toEqual([]);
    await fills.date(FILL);
    expect(fills.retries()).toEqual([FILL]);
    state.node = 'up';
    for (const fill of fills.retries()) expect(await fills.date(fill)).toBe(MINED_AT);
    expect(fills.retries()).toEqual([]);

    const { fills: failing } = dater({ node: 'down', listed: true });
    for (let i = 0; i < 5; i += 1) await failing.date(FILL);
    expect(failing.retries()).toEqual([]);
  });

  it('does not hand back a fill while its try is running', async () => {
    const state = { node: 'down', listed: true } as { node: 'absent' | 'down' | 'up'; listed: boolean };
    const { fills, holdTrades, release } = dater(state);
    await fills.date(FILL);
    holdTrades();
    const second = fills.date(FILL);
    expect(fills.retries()).toEqual([]);
    release();
    await second;
    expect(fills.retries()).toEqual([FILL]);
  });
});

describe('the fill a service item speaks of, to date by its block', () => {
  const UID = `0x${'ab'.repeat(56)}`;
  const item = (type: Notification['type'], executedAmount: string | null): Notification => ({
    id: 'sandbox-1', account: '0x1111111111111111111111111111111111111111', type, title: '', message: '', url: null,
    createdAt: '2026-11-27T12:00:00.000Z', orderUid: UID, executedAmount, raw: {},
  });
  /** A 2-unit order half filled: 1 sold (before fees), 30 bought. */
  const order = (kind: 'sell' | 'buy', status = 'open') =>
    ({ kind, status, sellAmount: '2', buyAmount: '60', executedSellAmount: '1', executedSellAmountBeforeFees: '1', executedBuyAmount: '30' }) as unknown as ApiOrder;
  const stored = (kind: 'sell' | 'buy', status?: string) => ({ order: order(kind, status), chainId: 1 });

  it('counts what the stored order had bought once it shows the fill', () => {
    expect(fillOfItem('e', item('order_partially_filled', '1'), stored('sell'))?.reached).toEqual({ side: 'buy', amount: '30', exact: false });
    expect(fillOfItem('e', item('order_filled', null), stored('sell', 'fulfilled'))?.reached).toEqual({ side: 'buy', amount: '30', exact: false });
  });

  it("else counts the item's own amount, the order's fixed side, exactly: sold before fees for a sell order, bought for a buy order", () => {
    expect(fillOfItem('e', item('order_partially_filled', '2'), stored('sell'))).toEqual({ id: 'e', chainId: 1, orderUid: UID, reached: { side: 'sellBeforeFees', amount: '2', exact: true } });
    expect(fillOfItem('e', item('order_partially_filled', '45'), stored('buy'))?.reached).toEqual({ side: 'buy', amount: '45', exact: true });
  });

  it('names none without an amount to count, for another event, or for an order the History does not hold', () => {
    expect(fillOfItem('e', item('order_filled', null), stored('sell'))).toBeNull();
    expect(fillOfItem('e', item('order_expired', '1'), stored('sell'))).toBeNull();
    expect(fillOfItem('e', item('order_partially_filled', '2'), undefined)).toBeNull();
  });
});
