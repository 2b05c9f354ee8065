import { describe, expect, it } from 'vitest';
import { apiOrderSchema, type ApiOrder } from '../../../../../main/common/protocol/api';
import { toOrderParams } from '../../../../../main/core/history/order-row';
import { OrdersRepo } from '../../../../../main/core/history/orders-repo';
import { TransitionStream } from '../../../../../main/core/history/transition-stream';
import { openStore } from '../../../../../main/core/store/open-store';
import { apiOrderFixture } from '../../history/order-fixture';

const OWNER = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';
const UID = `0x${'ab'.repeat(32)}${OWNER.slice(2)}6a000000`;

describe('migration 013: an order row only moves forward', () => {
  function store() {
    const db = openStore(':memory:').db;
    const repo = new OrdersRepo(db);
    let at = 0;
    const write = (overrides: Partial<ApiOrder>) =>
      repo.writeOrders([toOrderParams(apiOrderSchema.parse(apiOrderFixture({ uid: UID, ...overrides })), OWNER, 1, 'production', (at += 1))]);
    const row = () => repo.get(UID)!;
    const transitions = () => new TransitionStream(db).pending('test').map((change) => [change.before.status, change.after.status]);
    return { db, write, row, transitions };
  }
  const open = { status: 'open', executedSellAmount: '0', executedSellAmountBeforeFees: '0', executedBuyAmount: '0' } as const;
  const filled = { status: 'fulfilled', executedSellAmount: '1000000000000000000', executedSellAmountBeforeFees: '1000000000000000000', executedBuyAmount: '2500000000' } as const;

  it('keeps fulfilled when a late, stale "open" answer is written after it, and records no change back', () => {
    const { write, row, transitions } = store();
    write(open);
    write(filled);
    write(open);
    expect(row()).toMatchObject({ status: 'fulfilled', executed_sell_amount: filled.executedSellAmount, executed_buy_amount: filled.executedBuyAmount });
    expect(transitions()).toEqual([['open', 'fulfilled']]);
  });

  it('never lowers an executed amount, even with the status unchanged (a stale partial fill after a further one)', () => {
    const { write, row, transitions } = store();
    write({ ...open, partiallyFillable: true });
    write({ ...open, partiallyFillable: true, executedSellAmount: '900', executedSellAmountBeforeFees: '900', executedBuyAmount: '2000' });
    // Shorter text is the smaller amount: '90' must not win over '900' by comparing as text.
    write({ ...open, partiallyFillable: true, executedSellAmount: '90', executedSellAmountBeforeFees: '90', executedBuyAmount: '200' });
    write({ ...open, partiallyFillable: true, executedSellAmount: '899', executedSellAmountBeforeFees: '899', executedBuyAmount: '1999' });
    expect(row()).toMatchObject({ executed_sell_amount: '900', executed_sell_amount_before_fees: '900', executed_buy_amount: '2000' });
    expect(transitions()).toHaveLength(1);
    // Further fills and a final status still go through.
    write({ ...open, partiallyFillable: true, executedSellAmount: '1000', executedSellAmountBeforeFees: '1000', executedBuyAmount: '2100' });
    write({ ...filled, partiallyFillable: true, executedSellAmount: '1000', executedSellAmountBeforeFees: '1000', executedBuyAmount: '2100' });
    expect(row()).toMatchObject({ status: 'fulfilled', executed_sell_amount: '1000' });
  });

  it('holds for any writer, a plain UPDATE included, and lets a live status move between live ones', () => {
    const { db, write, row } = store();
    write({ ...open, signingScheme: 'presign', status: 'presignaturePending' });
    db.prepare("UPDATE orders SET status = 'open' WHERE uid = ?").run(UID);
    expect(row().status).toBe('open');
    db.prepare("UPDATE orders SET status = 'cancelled' WHERE uid = ?").run(UID);
    db.prepare("UPDATE orders SET status = 'open' WHERE uid = ?").run(UID);
    db.prepare("UPDATE orders SET status = 'presignaturePending' WHERE uid = ?").run(UID);
    expect(row().status).toBe('cancelled');
    // A final status may still become another with more executed (a fill settled as the cancellation landed).
    db.prepare("UPDATE orders SET status = 'fulfilled', executed_buy_amount = '5' WHERE uid = ?").run(UID);
    expect(row()).toMatchObject({ status: 'fulfilled', executed_buy_amount: '5' });
  });
});
