import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { TransitionStream } from '../../../main/core/history/transition-stream';
import { openStore, type Store } from '../../../main/core/store/open-store';
import { makeTempDir } from '../../helpers/temp-dir';

/**
 * The store's writer thread commits sync pages while the main thread works in
 * the same file. A main-thread transaction that reads, then writes after such
 * a commit, must not fail: CI lost a notification cursor update this way
 * (SQLITE_BUSY from the watcher's dispatch during a sync).
 */
describe('a main-thread write transaction while the sync writer commits', () => {
  let dir: ReturnType<typeof makeTempDir>;
  let store: Store;
  let writer: BetterSqlite3.Database;

  afterEach(() => {
    writer.close();
    store.close();
    dir.remove();
  });

  it("advances the notifications' cursor it read, when the writer's commit comes between the read and the write", () => {
    dir = makeTempDir('cow-desk-write-tx-');
    store = openStore(join(dir.path, 'store.sqlite'));
    // The writer thread's connection, as another connection to the same file; it does not wait for the lock here.
    writer = new BetterSqlite3(store.path);
    writer.pragma('busy_timeout = 0');
    const writerCommit = () => writer.prepare('INSERT INTO order_transition_cursors (consumer, last_id) VALUES (?, ?)').run('sync-page', 1);
    const stream = new TransitionStream(store.db);

    let writerWaited = false;
    stream.transaction(() => {
      expect(stream.pending('notifications')).toEqual([]);
      try {
        writerCommit();
      } catch (error) {
        // The main thread holds the write lock: the writer's commit waits its turn.
        expect((error as { code?: string }).code).toBe('SQLITE_BUSY');
        writerWaited = true;
      }
      stream.advance('notifications', 7);
    });
    if (writerWaited) writerCommit();

    const cursors = store.db.prepare('SELECT consumer, last_id AS lastId FROM order_transition_cursors ORDER BY consumer').all();
    expect(cursors).toEqual([
      { consumer: 'notifications', lastId: 7 },
      { consumer: 'sync-page', lastId: 1 },
    ]);
  });
});
