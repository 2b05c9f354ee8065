import BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { apiOrderSchema } from '../../../../../main/common/protocol/api';
import { queryHistory } from '../../../../../main/core/history/history-query';
import { toOrderParams } from '../../../../../main/core/history/order-row';
import { OrdersRepo } from '../../../../../main/core/history/orders-repo';
import { migrate } from '../../../../../main/core/store/migrate';
import { MIGRATIONS } from '../../../../../main/core/store/migrations';
import { openStore } from '../../../../../main/core/store/open-store';
import { apiOrderFixture } from '../../history/order-fixture';
import { writeLegacyOrder } from './legacy-orders';

describe('migration 004: order search', () => {
  const search = (db: BetterSqlite3.Database, text: string) => queryHistory(db, { filter: { search: text } }, 'production').rows.map((row) => row.uid);

  it('indexes orders written before it existed, and follows inserts, updates and deletes', () => {
    const db = openStore(':memory:', MIGRATIONS.slice(0, 3)).db;
    const order = apiOrderSchema.parse(apiOrderFixture());
    writeLegacyOrder(db, order, order.owner, 1);
    migrate(db, MIGRATIONS.slice(0, 4));
    // The app reads and writes the current schema; 007 keeps the index it built.
    migrate(db, MIGRATIONS);
    const repo = new OrdersRepo(db);

    expect(search(db, 'USDC')).toEqual([order.uid]);
    expect(search(db, order.uid.slice(0, 20))).toEqual([order.uid]);
    expect(search(db, 'cow swap open')).toEqual([order.uid]);
    expect(search(db, 'fulfilled')).toEqual([]);

    repo.writeOrders([toOrderParams({ ...order, status: 'fulfilled' }, order.owner, 1, 'production', 2)]);
    expect(search(db, 'fulfilled')).toEqual([order.uid]);
    expect(search(db, 'open')).toEqual([]);

    db.prepare('DELETE FROM orders').run();
    expect(search(db, 'USDC')).toEqual([]);
    expect(() => db.prepare("INSERT INTO orders_fts (orders_fts) VALUES ('integrity-check')").run()).not.toThrow();
  });

  it('reads what the user types as words, never as FTS syntax', () => {
    const db = openStore(':memory:', MIGRATIONS).db;
    expect(() => search(db, 'NEAR( "unbalanced * OR')).not.toThrow();
  });
});
