import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toOrderParams } from '../../../../main/core/history/order-row';
import { OrdersRepo } from '../../../../main/core/history/orders-repo';
import { DataService } from '../../../../main/core/settings/data-service';
import { openStore } from '../../../../main/core/store/open-store';
import { buildPutOffIndexes, PUT_OFF_BELOW, putOffIndexes } from '../../../../main/core/store/put-off-indexes';
import { apiOrders } from '../../../bench/api-orders';
import { makeTempDir } from '../../../helpers/temp-dir';

type Db = BetterSqlite3.Database;
/** The orders table's own indexes (SQLite's key on the uid left out), as SQLite stores them. */
const ordersIndexes = (db: Db) => db.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'orders' AND sql IS NOT NULL ORDER BY name").all() as { name: string; sql: string }[];
const names = (db: Db) => ordersIndexes(db).map((index) => index.name);

const write = (db: Db, count: number, seed: number) => {
  const { orders } = apiOrders(count, { seed });
  new OrdersRepo(db).writeOrders(orders.map((order) => toOrderParams(order, order.onchainUser ?? order.owner, 1, 'production', 1)));
};

describe('History indexes put off during a first sync', () => {
  const dirs: ReturnType<typeof makeTempDir>[] = [];
  const storeAt = () => {
    const dir = makeTempDir('cow-desk-put-off-');
    dirs.push(dir);
    return join(dir.path, 'store.sqlite');
  };
  afterEach(() => dirs.splice(0).forEach((dir) => dir.remove()));

  it('drops every orders index but the newest-first sort and the open orders, and builds each again as it was', async () => {
    const store = openStore(storeAt());
    write(store.db, 300, 35);
    const before = ordersIndexes(store.db);
    expect(before.length).toBe(24);

    expect(putOffIndexes(store.db)).toBe(22);
    expect(names(store.db)).toEqual(['orders_by_created', 'orders_live']);
    // Put off already: nothing more to drop, and what is kept to build stays as it was.
    expect(putOffIndexes(store.db)).toBe(0);
    expect(store.db.prepare('SELECT count(*) FROM put_off_indexes').pluck().get()).toBe(22);
    // Orders written meanwhile are in the indexes once built.
    write(store.db, 50, 36);

    // One at a time (the writer thread's builds between a sync's pages), then the rest.
    expect(buildPutOffIndexes(store.db, 1)).toBe(1);
    expect(ordersIndexes(store.db).length).toBe(3);
    expect(store.db.prepare('SELECT count(*) FROM put_off_indexes').pluck().get()).toBe(21);
    expect(buildPutOffIndexes(store.db)).toBe(21);
    expect(ordersIndexes(store.db)).toEqual(before);
    expect(store.db.prepare('SELECT count(*) FROM put_off_indexes').pluck().get()).toBe(0);
    expect(store.db.pragma('integrity_check', { simple: true })).toBe('ok');
    expect(buildPutOffIndexes(store.db)).toBe(0);
    expect(buildPutOffIndexes(store.db, 1)).toBe(0);
    await store.close();
  });

  it("builds with its sorts in a file, and leaves the connection's temp_store as it found it: the writer thread keeps its savepoints in memory", async () => {
    const store = openStore(storeAt());
    write(store.db, 300, 39);
    const pragmas = vi.spyOn(store.db, 'pragma');
    for (const kept of [2, 0]) {
      store.db.pragma(`temp_store = ${kept}`);
      putOffIndexes(store.db);
      pragmas.mockClear();
      expect(buildPutOffIndexes(store.db)).toBe(22);
      expect(pragmas.mock.calls.map(([source]) => source).filter((source) => source.startsWith('temp_store'))).toEqual(['temp_store', 'temp_store = FILE', `temp_store = ${kept}`]);
      expect(store.db.pragma('temp_store', { simple: true })).toBe(kept);
    }
    // Nothing put off: nothing built, temp_store untouched.
    pragmas.mockClear();
    expect(buildPutOffIndexes(store.db)).toBe(0);
    expect(pragmas).not.toHaveBeenCalled();
    await store.close();
  });

  it(`puts nothing off in a store that holds ${PUT_OFF_BELOW} orders or more`, async () => {
    const store = openStore(storeAt());
    write(store.db, PUT_OFF_BELOW - 1, 37);
    expect(putOffIndexes(store.db)).toBe(22);
    buildPutOffIndexes(store.db);
    write(store.db, 1, 38);
    expect(store.db.prepare('SELECT count(*) FROM orders').pluck().get()).toBe(PUT_OFF_BELOW);
    expect(putOffIndexes(store.db)).toBe(0);
    expect(ordersIndexes(store.db).length).toBe(24);
    await store.close();
  }, 60_000);

  it('builds at the next start what a pass a crash cut left put off, and the store opens as sound', async () => {
    const path = storeAt();
    const store = openStore(path);
    write(store.db, 200, 39);
    const before = ordersIndexes(store.db);
    putOffIndexes(store.db);
    // The process ends here: no pass end builds them.
    store.db.close();

    const again = openStore(path);
    expect(ordersIndexes(again.db)).toEqual(before);
    expect(again.db.prepare('SELECT count(*) FROM put_off_indexes').pluck().get()).toBe(0);
    await again.close();
  });

  it("is not the user's data: deleting all of it mid-sync keeps what is left to build, and an export leaves it out", async () => {
    const dir = makeTempDir('cow-desk-put-off-');
    dirs.push(dir);
    const store = openStore(join(dir.path, 'store.sqlite'));
    write(store.db, 100, 40);
    const before = ordersIndexes(store.db);
    putOffIndexes(store.db);
    const data = new DataService({ store }, join(dir.path, 'exports'));
    const { path } = data.exportAll();
    expect(Object.keys((JSON.parse(readFileSync(path, 'utf8')) as { tables: object }).tables)).not.toContain('put_off_indexes');
    data.deleteAll();
    expect(store.db.prepare('SELECT count(*) FROM orders').pluck().get()).toBe(0);
    expect(buildPutOffIndexes(store.db)).toBe(22);
    expect(ordersIndexes(store.db)).toEqual(before);
    await store.close();
  });

  it('leaves a store a newer CoW Desk wrote as it is: refused with words, nothing built', async () => {
    const path = storeAt();
    const store = openStore(path);
    write(store.db, 50, 41);
    putOffIndexes(store.db);
    store.db.pragma('user_version = 99');
    store.db.close();

    expect(() => openStore(path)).toThrow(expect.objectContaining({ code: 'STORE_TOO_NEW' }));
    const raw = new BetterSqlite3(path);
    expect(raw.prepare('SELECT count(*) FROM put_off_indexes').pluck().get()).toBe(22);
    expect(names(raw)).toEqual(['orders_by_created', 'orders_live']);
    raw.close();
  });
});
