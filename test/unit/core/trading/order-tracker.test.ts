import { describe, expect, it } from 'vitest';
import type { ApiOrder } from '../../../../main/common/protocol/api';
import { progressOf } from '../../../../main/common/trade/order-progress';
import type { OrderbookClient } from '../../../../main/core/api/orderbook-client';
import { OrderTracker } from '../../../../main/core/trading/order-tracker';
import { recordingLogger } from '../../../helpers/recording-logger';
import { apiOrderFixture } from '../history/order-fixture';

const EXPLORER = 'https://explorer.cow.fi';
const open = apiOrderFixture({ status: 'open', executedSellAmount: '0', executedSellAmountBeforeFees: '0', executedBuyAmount: '0' }) as unknown as ApiOrder;
const cancelled = { ...open, status: 'cancelled', invalidated: true } as ApiOrder;

describe('the Trade tracker', () => {
  it('keeps an order cancelled when a poll that read it open before the cancellation answers after it', async () => {
    let asked!: () => void;
    const reading = new Promise<void>((resolve) => (asked = resolve));
    let answer!: (order: ApiOrder) => void;
    const stored: string[] = [];
    const tracker = new OrderTracker({
      orderbook: () =>
        ({
          getOrder: () => {
            asked();
            return new Promise<ApiOrder>((resolve) => (answer = resolve));
          },
        }) as unknown as OrderbookClient,
      explorerBase: () => EXPLORER,
      onProgress: () => undefined,
      onServiceChange: (_chainId, order) => void stored.push(order.status),
      log: recordingLogger(),
      timing: { pollMs: 1 },
    });
    try {
      tracker.watch(progressOf(open, 1, EXPLORER));
      await reading;
      // The cancellation is confirmed and read back while the poll's read is on its way.
      tracker.learn(1, cancelled);
      answer(open);
      await new Promise((resolve) => setImmediate(resolve));
      expect(tracker.get(open.uid)).toMatchObject({ status: 'cancelled', final: true });
      expect(stored).toEqual([]);
    } finally {
      tracker.stop();
    }
  });
});
