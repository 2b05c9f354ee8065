import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Worker } from 'node:worker_threads';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openStore, type Store } from '../../../../main/core/store/open-store';
import { StoreWriter } from '../../../../main/core/store/store-writer';
import { makeTempDir } from '../../../helpers/temp-dir';
import { apiOrders } from '../../../bench/api-orders';

describe('the store writer thread', () => {
  let dir: ReturnType<typeof makeTempDir>;
  let store: Store;
  let writer: StoreWriter;
  beforeEach(() => {
    dir = makeTempDir('cow-desk-writer-');
    store = openStore(join(dir.path, 'store.sqlite'));
    store.db.exec('CREATE TABLE notes (id INTEGER PRIMARY KEY, body BLOB NOT NULL CHECK (length(body) > 0)) STRICT');
    writer = StoreWriter.forDatabase(store.db)!;
  });
  afterEach(async () => {
    await store.close();
    dir.remove();
  });

  it('writes batches in order, each in one transaction, visible to the main connection once answered', async () => {
    const sql = 'INSERT INTO notes (id, body) VALUES (@id, @body) ON CONFLICT (id) DO UPDATE SET body = excluded.body WHERE body IS NOT excluded.body';
    const first = writer.run([sql], [{ id: 1, body: Buffer.from('a') }, { id: 2, body: new Uint8Array([2]) }]);
    const second = writer.run([sql], [{ id: 2, body: new Uint8Array([2]) }, { id: 3, body: Buffer.from('c') }]);
    expect((await first).changes).toBe(2);
    // Row 2 is unchanged: only row 3 is written.
    expect((await second).changes).toBe(1);
    expect(store.db.prepare('SELECT id, body FROM notes ORDER BY id').all()).toEqual([
      { id: 1, body: Buffer.from('a') },
      { id: 2, body: Buffer.from([2]) },
      { id: 3, body: Buffer.from('c') },
    ]);
  });

  it('rolls a failing batch back whole and says why; the next batch still lands', async () => {
    const sql = 'INSERT INTO notes (id, body) VALUES (@id, @body)';
    await expect(writer.run([sql], [{ id: 10, body: Buffer.from('ok') }, { id: 11, body: Buffer.alloc(0) }])).rejects.toMatchObject({ code: 'SQLITE_CONSTRAINT_CHECK' });
    expect(store.db.prepare('SELECT count(*) AS n FROM notes').get()).toEqual({ n: 0 });
    expect((await writer.run([sql], [{ id: 12, body: Buffer.from('ok') }])).changes).toBe(1);
  });

  it('decodes a page as it comes, between the slices of the pages before it: the walk asks for the next page while those are written', async () => {
    const owner = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';
    const ask = { kind: 'orders', scope: { account: owner, chainId: 1, environment: 'production' }, now: 1, headUid: null, placedAreNews: false } as const;
    const bytes = (count: number, seed: number) => new TextEncoder().encode(JSON.stringify(apiOrders(count, { accounts: [owner], seed }).orders)).buffer as ArrayBuffer;
    const long = bytes(5000, 43);
    const next = bytes(1000, 44);
    const stored = () => store.db.prepare('SELECT count(*) FROM orders').pluck().get() as number;
    const pages = writer.pages();
    // A long page: about 80 slices to write, each a turn of the thread's event loop.
    const first = pages.page(long, ask);
    await first.decoded;
    // Sent once the first page is being written, as the walk asks for the next page once it knows the first is full.
    const second = pages.page(next, ask);
    await second.decoded;
    // Told while most of the first page is still to be written (before, not until all of it was).
    expect(stored()).toBeLessThan(2500);
    await Promise.all([first.written, second.written]);
    expect(stored()).toBe(6000);
  }, 60_000);

  it("lets go of a page's bytes once it is decoded, not once its rows are written: a long sync does not keep its pages' buffers in memory", async () => {
    const owner = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';
    const ask = { kind: 'orders', scope: { account: owner, chainId: 1, environment: 'production' }, now: 1, headUid: null, placedAreNews: false } as const;
    const long = new TextEncoder().encode(JSON.stringify(apiOrders(5000, { accounts: [owner], seed: 46 }).orders)).buffer as ArrayBuffer;
    const size = long.byteLength;
    // The page's buffer was allocated here: it counts towards this thread's array buffers until it is freed, wherever it went.
    const held = process.memoryUsage().arrayBuffers;
    const page = writer.pages().page(long, ask);
    await page.decoded;
    expect(process.memoryUsage().arrayBuffers).toBeLessThan(held - 0.9 * size);
    // Let go of, not lost: the page is written whole.
    expect((await page.written).changes).toBe(5000);
  }, 60_000);

  it("runs a main-connection write in its turn, between a long page's slices: the lock free (no wait that would block the main thread), nothing written meanwhile, the page whole after", async () => {
    const owner = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';
    const ask = { kind: 'orders', scope: { account: owner, chainId: 1, environment: 'production' }, now: 1, headUid: null, placedAreNews: false } as const;
    const long = new TextEncoder().encode(JSON.stringify(apiOrders(5000, { accounts: [owner], seed: 45 }).orders)).buffer as ArrayBuffer;
    const stored = () => store.db.prepare('SELECT count(*) FROM orders').pluck().get() as number;
    const page = writer.pages().page(long, ask);
    await page.decoded;
    // Under way: some of its slices committed.
    await vi.waitFor(() => expect(stored()).toBeGreaterThan(0), { timeout: 30_000, interval: 5 });
    // No wait for the lock at all: a write that found the thread holding it would fail at once (SQLITE_BUSY).
    store.db.pragma('busy_timeout = 0');
    const seen = await writer.inTurn(() => {
      const before = stored();
      store.db.prepare("INSERT INTO notes (id, body) VALUES (1, x'01')").run();
      return before;
    });
    store.db.pragma('busy_timeout = 5000');
    // In the middle of the page: some of it committed before, the rest after.
    expect(seen).toBeGreaterThan(0);
    expect(seen).toBeLessThan(5000);
    expect(store.db.prepare('SELECT count(*) FROM notes').pluck().get()).toBe(1);
    await page.written;
    expect(stored()).toBe(5000);
  }, 60_000);

  it('is one thread for the open store, a new one once the store closed and opened again', async () => {
    expect(StoreWriter.forDatabase(store.db)).toBe(writer);
    await store.close();
    expect(StoreWriter.forDatabase(store.db)).toBeNull();
    store = openStore(join(dir.path, 'store.sqlite'));
    const reopened = StoreWriter.forDatabase(store.db)!;
    expect(reopened).not.toBe(writer);
    expect((await reopened.run(['INSERT INTO notes (id, body) VALUES (@id, @body)'], [{ id: 1, body: Buffer.from('a') }])).changes).toBe(1);
  });

  it('closes the store leaving one file: the writer thread lets go first, the main connection last, which copies the log in and removes it', async () => {
    const path = join(dir.path, 'store.sqlite');
    await writer.run(['INSERT INTO notes (id, body) VALUES (@id, @body)'], [{ id: 1, body: Buffer.from('a') }]);
    const closed = store.close();
    // Two connections closing at the same moment each see the other still open, and neither removes the log.
    expect(store.db.open).toBe(true);
    // Asked again (a quit during a relaunch), the same close: the main connection still waits for the thread.
    expect(store.close()).toBe(closed);
    expect(store.db.open).toBe(true);
    expect(StoreWriter.forDatabase(store.db)).toBeNull();
    await closed;
    expect(store.db.open).toBe(false);
    expect(existsSync(`${path}-wal`)).toBe(false);
    expect(existsSync(`${path}-shm`)).toBe(false);
    // Without a writer thread, the store closes at once (a repair renames the file right after).
    store = openStore(path);
    void store.close();
    expect(store.db.open).toBe(false);
    store = openStore(path);
    expect(store.db.prepare('SELECT body FROM notes').get()).toEqual({ body: Buffer.from('a') });
  });

  it('ends once no sync pass has held it for 15 s, not while one does; a later pass gets a new one', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      writer.hold();
      writer.hold();
      await writer.release();
      vi.advanceTimersByTime(60_000);
      // One pass still holds it.
      expect(StoreWriter.forDatabase(store.db)).toBe(writer);
      await writer.release();
      vi.advanceTimersByTime(14_999);
      expect(StoreWriter.forDatabase(store.db)).toBe(writer);
      vi.advanceTimersByTime(1);
      const next = StoreWriter.forDatabase(store.db)!;
      expect(next).not.toBe(writer);
      next.hold();
      expect((await next.run(['INSERT INTO notes (id, body) VALUES (@id, @body)'], [{ id: 1, body: Buffer.from('a') }])).changes).toBe(1);
      await next.release();
    } finally {
      vi.useRealTimers();
    }
  });

  it("keeps a pass's hold across a thread that failed: the thread started after it builds the indexes put off only once that pass lets go", async () => {
    const putOff = () => store.db.prepare('SELECT count(*) FROM put_off_indexes').pluck().get() as number;
    // A pass over several scopes holds the thread, and so does its first scope's pass; then the thread fails.
    writer.hold();
    writer.hold();
    await (writer as unknown as { worker: Worker }).worker.terminate();
    await expect(writer.release()).rejects.toThrow('stopped');
    // The next scope writes on a new thread, its first sync's indexes put off: the pass over the scopes holds on, so they wait.
    const next = StoreWriter.forDatabase(store.db)!;
    expect(next).not.toBe(writer);
    next.hold();
    expect((await next.putOffIndexes()).changes).toBe(22);
    await next.release();
    expect(putOff()).toBe(22);
    // The pass over the scopes lets go (its thread failed); its last scope, alone on the new thread, builds them.
    await expect(writer.release(false)).rejects.toThrow('stopped');
    const last = StoreWriter.forDatabase(store.db)!;
    expect(last).toBe(next);
    last.hold();
    await last.release();
    expect(putOff()).toBe(0);
  });

  it('has no file to share for an in-memory store', () => {
    const memory = openStore(':memory:');
    expect(StoreWriter.forDatabase(memory.db)).toBeNull();
    memory.close();
  });
});
