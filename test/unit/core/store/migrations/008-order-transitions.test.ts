import { describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../../../../../main/core/store/migrations';
import { openStore } from '../../../../../main/core/store/open-store';
import { orderTransitionsMigration } from '../../../../../main/core/store/migrations/008-order-transitions';
import { OrdersRepo } from '../../../../../main/core/history/orders-repo';
import { toOrderParams } from '../../../../../main/core/history/order-row';
import { apiOrderSchema } from '../../../../../main/common/protocol/api';
import { TransitionStream } from '../../../../../main/core/history/transition-stream';
import { apiOrderFixture } from '../../history/order-fixture';

describe('migration 008: the one stream of order transitions', () => {
  // The stream as it is now: 012 records the amount before fees too.
  const open = () => openStore(':memory:', MIGRATIONS).db;
  const order = (overrides: Record<string, unknown>) =>
    apiOrderSchema.parse({ ...apiOrderFixture(), status: 'open', executedSellAmount: '0', executedSellAmountBeforeFees: '0', executedBuyAmount: '0', ...overrides });
  const write = (repo: OrdersRepo, overrides: Record<string, unknown>) => {
    const parsed = order(overrides);
    repo.writeOrders([toOrderParams(parsed, parsed.owner, 1, 'production', 1)]);
  };

  it('is registered in order and drops the watcher\'s private snapshots', () => {
    expect(MIGRATIONS.indexOf(orderTransitionsMigration) + 1).toBe(orderTransitionsMigration.version);
    const upTo008 = openStore(':memory:', MIGRATIONS.slice(0, MIGRATIONS.indexOf(orderTransitionsMigration) + 1)).db;
    const tables = (upTo008.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'watch_%'").all() as { name: string }[]).map((t) => t.name);
    expect(tables).toEqual(['watch_events']); // 010 renames it
  });

  it('records a change of status or fills with the row write, whoever writes it; a first sighting or a rewrite is none', () => {
    const db = open();
    const repo = new OrdersRepo(db);
    const stream = new TransitionStream(db);
    write(repo, {});
    write(repo, {});
    expect(stream.pending('test')).toEqual([]);
    write(repo, { executedSellAmount: '400', executedBuyAmount: '800' });
    write(repo, { status: 'fulfilled', executedSellAmount: '1000', executedBuyAmount: '2000' });
    const changes = stream.pending('test');
    expect(changes.map((change) => [change.before.status, change.after.status, change.after.executedSellAmount])).toEqual([
      ['open', 'open', '400'],
      ['open', 'fulfilled', '1000'],
    ]);
    expect(changes[0]!.recordedAt).toBeGreaterThan(Date.parse('2026-01-01'));
  });

  it('an order first seen by a reader that looked before was placed since: what happened to it is recorded, once', () => {
    const db = open();
    const repo = new OrdersRepo(db);
    const stream = new TransitionStream(db);
    const store = (overrides: Record<string, unknown>) => {
      const parsed = order(overrides);
      repo.writeOrders([toOrderParams(parsed, parsed.owner, 1, 'production', 1)], { placedSinceLastLook: true });
    };
    const filled = { status: 'fulfilled', executedSellAmount: '1010', executedSellAmountBeforeFees: '1000', executedBuyAmount: '2000' };
    store(filled);
    // Seen again: held now, nothing new.
    store(filled);
    const changes = stream.pending('test');
    expect(changes.map((change) => [change.before, change.after])).toEqual([
      [{ status: 'open', executedSellAmount: '0', executedSellAmountBeforeFees: '0', executedBuyAmount: '0' }, filled],
    ]);
    // Stored as the service sent it, not as placed.
    expect(repo.get(order({}).uid)).toMatchObject({ status: 'fulfilled', executed_sell_amount: '1010', executed_sell_amount_before_fees: '1000', executed_buy_amount: '2000' });
    // Still open when first seen: nothing happened yet.
    store({ uid: `0x${'ab'.repeat(56)}` });
    expect(stream.pending('test')).toHaveLength(1);
  });

  it('a write rolled back leaves no transition; a consumer\'s cursor makes each change consumed once', () => {
    const db = open();
    const repo = new OrdersRepo(db);
    const stream = new TransitionStream(db);
    write(repo, {});
    expect(() =>
      db.transaction(() => {
        write(repo, { status: 'cancelled' });
        throw new Error('crash before commit');
      })(),
    ).toThrow(/crash/);
    expect(stream.pending('a')).toEqual([]);
    write(repo, { status: 'cancelled' });
    const [change] = stream.pending('a');
    stream.transaction(() => stream.advance('a', change!.id));
    expect(stream.pending('a')).toEqual([]);
    expect(stream.pending('b')).toHaveLength(1);
  });
});
