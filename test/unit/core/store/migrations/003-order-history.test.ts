import BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../../../../../main/core/store/migrations';
import { openStore } from '../../../../../main/core/store/open-store';
import { OrdersRepo } from '../../../../../main/core/history/orders-repo';
import { apiOrderOf, toOrderParams } from '../../../../../main/core/history/order-row';
import { apiOrderSchema } from '../../../../../main/common/protocol/api';
import { apiOrderFixture } from '../../history/order-fixture';

describe('migration 003: order history', () => {
  const open = () => {
    const db = openStore(':memory:', MIGRATIONS.slice(0, 3)).db;
    return db;
  };
  const columns = (db: BetterSqlite3.Database, table: string) => (db.prepare(`PRAGMA table_info(${table})`).all() as { name: string }[]).map((c) => c.name);

  it('has a column for every field of the Order table, the raw record, and the other history tables', () => {
    const db = open();
    expect(columns(db, 'orders')).toEqual(expect.arrayContaining([
      'uid', 'account', 'chain_id', 'environment', 'sell_token', 'buy_token', 'sell_amount', 'buy_amount', 'valid_to', 'fee_amount', 'kind',
      'partially_fillable', 'signing_scheme', 'signature', 'app_data', 'app_data_hash', 'full_app_data', 'creation_date', 'class', 'owner',
      'executed_sell_amount', 'executed_sell_amount_before_fees', 'executed_buy_amount', 'executed_fee_amount', 'executed_fee',
      'executed_fee_token', 'invalidated', 'status', 'settlement_contract', 'receiver', 'sell_token_balance', 'buy_token_balance',
      'owner_from', 'quote_id', 'full_balance_check', 'available_balance', 'is_liquidity_order', 'onchain_user', 'ethflow_data',
      'onchain_order_data', 'quote', 'interactions', 'raw',
    ]));
    expect(columns(db, 'trades')).toContain('tx_hash');
    expect(columns(db, 'app_data')).toEqual(['hash', 'full_app_data', 'app_code']);
    expect(columns(db, 'sync_cursors')).toEqual(['account', 'chain_id', 'environment', 'head_uid', 'last_synced_at', 'last_error']);
    expect(columns(db, 'submissions')).toContain('state');
  });

  // The app writes the current schema (migration 007 reshaped the orders); these run on it.
  const latest = () => {
    const db = openStore(':memory:', MIGRATIONS).db;
    return db;
  };

  it('round-trips an order with its JSON fields, and keeps unknown fields', () => {
    const db = latest();
    const repo = new OrdersRepo(db);
    const order = apiOrderSchema.parse({ ...apiOrderFixture(), somethingNew: { kept: true } });
    repo.writeOrders([toOrderParams(order, order.owner, 1, 'production', 1)]);
    const back = apiOrderOf(repo.get(order.uid)!);
    expect(back).toEqual(order);
    expect(back).toMatchObject({ somethingNew: { kept: true }, receiver: null, partiallyFillable: true, invalidated: false });
  });

  it('refuses bad rows: malformed UIDs, unknown kinds, fills of orders it does not hold', () => {
    const db = latest();
    const repo = new OrdersRepo(db);
    const order = apiOrderSchema.parse(apiOrderFixture());
    const good = toOrderParams(order, order.owner, 1, 'production', 1);
    expect(() => repo.writeOrders([{ ...good, uid: '0x1234' }])).toThrow(/CHECK/);
    expect(() => repo.writeOrders([{ ...good, kind: 'swap' as 'sell' }])).toThrow(/CHECK/);
    expect(() =>
      db.prepare("INSERT INTO trades (order_uid, block_number, log_index, rest) VALUES (?, 1, 1, x'00')").run(order.uid),
    ).toThrow(/FOREIGN KEY/);
  });

  it('writes a batch all or nothing', () => {
    const db = latest();
    const repo = new OrdersRepo(db);
    const order = apiOrderSchema.parse(apiOrderFixture());
    const good = toOrderParams(order, order.owner, 1, 'production', 1);
    expect(() => repo.writeOrders([good, { ...good, uid: 'bad' }])).toThrow();
    expect(repo.get(order.uid)).toBeUndefined();
  });
});
