import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SyncProgress } from '../../../main/common/history/history-schema';
import { createApiClient } from '../../../main/core/api/api-client';
import { syncScope } from '../../../main/core/history/sync-engine';
import { SyncService } from '../../../main/core/history/sync-service';
import { openStore } from '../../../main/core/store/open-store';
import { startSandbox, TEST_ACCOUNTS, type Sandbox } from '../../sandbox';
import { recordingLogger } from '../../helpers/recording-logger';
import { UNTHROTTLED } from '../sandbox/sandbox-kit';
import { clientFor } from '../api/client-kit';
import { historyKit, scopeOf, seedDistinct } from './history-kit';

const trader = TEST_ACCOUNTS.trader.address;
const other = TEST_ACCOUNTS.noAllowance.address;
/** Every index of the orders table a new store has (SQLite's key on the uid left out). */
const indexesOf = (db: ReturnType<typeof openStore>['db']) =>
  (db.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'orders' AND sql IS NOT NULL ORDER BY name").pluck().all() as string[]).join(',');
const KEPT = 'orders_by_created,orders_live';

/**
 * A fetch that holds the first request whose URL has `fragment` until
 * whileHeld()'s check is over (however it ends), then lets it go and waits for
 * the pass.
 */
function heldFills(fragment: string) {
  let letGo!: () => void;
  const held = new Promise<void>((resolve) => (letGo = resolve));
  let asked!: () => void;
  const askedFor = new Promise<void>((resolve) => (asked = resolve));
  const holding: typeof fetch = async (input, init) => {
    if (String(input).includes(fragment)) {
      asked();
      await held;
    }
    return fetch(input, init);
  };
  return {
    fetch: holding,
    async whileHeld(pass: Promise<unknown>, check: () => Promise<unknown>) {
      try {
        await askedFor;
        await check();
      } finally {
        letGo();
        await pass.catch(() => undefined);
      }
    },
  };
}

describe('a first sync of a long history writes without most History indexes and builds them once its orders are in', () => {
  let sandbox: Sandbox;
  let kit: ReturnType<typeof historyKit>;
  let all: string;
  /** The orders table's indexes at each progress of the pass, by phase. */
  let seen: { phase: SyncProgress['phase']; chainId: number; done: number; indexes: string }[];
  const look = (chainId: number) => (progress: Omit<SyncProgress, 'account' | 'chainId'>) =>
    void seen.push({ phase: progress.phase, chainId, done: progress.done, indexes: indexesOf(kit.store.db) });
  const sync = (account: string, chainId = 1) =>
    syncScope({ repo: kit.repo, orderbook: kit.client.orderbook, now: Date.now, onProgress: look(chainId) }, scopeOf(account, chainId));

  beforeEach(async () => {
    sandbox = await startSandbox({ rateLimits: UNTHROTTLED });
    kit = historyKit(sandbox);
    all = indexesOf(kit.store.db);
    seen = [];
  });
  afterEach(async () => {
    await kit.close();
    await sandbox.close();
  });

  it('puts them off once the first page comes full, and answers with every index built again', { timeout: 60_000 }, async () => {
    seedDistinct(sandbox, 1, trader, 3500);
    const counts = await sync(trader);
    expect(counts.orders).toBe(3500);
    const pages = seen.filter((entry) => entry.phase === 'orders');
    expect(pages.map((entry) => entry.done)).toEqual([1000, 2000, 3000, 3500]);
    // After the second page the put-off (asked after the first) has run: only the kept indexes take writes. (The
    // last page's progress may come once the builds between the fills' writes began.)
    expect(pages.slice(1, -1).map((entry) => entry.indexes)).toEqual([KEPT, KEPT]);
    expect(indexesOf(kit.store.db)).toBe(all);
    expect(kit.store.db.prepare('SELECT count(*) FROM put_off_indexes').pluck().get()).toBe(0);
    expect(kit.store.db.pragma('integrity_check', { simple: true })).toBe('ok');
  });

  it('builds them while the fills are fetched, not after them: a long sync ends sooner', { timeout: 60_000 }, async () => {
    seedDistinct(sandbox, 1, trader, 2500);
    const fills = heldFills('/mainnet/api/v2/trades');
    const client = clientFor(sandbox, { rateLimits: { orderbook: { perSecond: 100_000 } }, fetch: fills.fetch });
    const pass = syncScope({ repo: kit.repo, orderbook: client.orderbook, now: Date.now, onProgress: look(1) }, scopeOf(trader));
    await fills.whileHeld(pass, async () => {
      // Every index is back while the pass still waits for its fills.
      await expect.poll(() => indexesOf(kit.store.db), { timeout: 20_000 }).toBe(all);
    });
    const counts = await pass;
    expect(counts.orders).toBe(2500);
    expect(counts.tradesWritten).toBeGreaterThan(0);
    expect(kit.store.db.prepare('SELECT count(*) FROM put_off_indexes').pluck().get()).toBe(0);
    expect(kit.store.db.pragma('integrity_check', { simple: true })).toBe('ok');
  });

  it('keeps every index for a short history, and on a resync', { timeout: 60_000 }, async () => {
    seedDistinct(sandbox, 1, other, 999);
    await sync(other);
    const short = seen.splice(0);
    seedDistinct(sandbox, 1, trader, 1500);
    await sync(trader);
    seen = [];
    seedDistinct(sandbox, 1, trader, 1500);
    await sync(trader);
    // A resync's first page is small (and grows from there): never a full first page.
    for (const pass of [short, seen]) {
      expect(pass.filter((entry) => entry.phase === 'orders').length).toBeGreaterThan(0);
      expect(pass.map((entry) => entry.indexes)).toEqual(pass.map(() => all));
    }
  });

  it('a pass over several chains builds them once, as its last scope writes', { timeout: 60_000 }, async () => {
    seedDistinct(sandbox, 1, trader, 2500);
    seedDistinct(sandbox, 100, trader, 1300);
    const fills = heldFills('/xdai/api/v2/trades');
    const client = createApiClient({
      endpoints: () => ({ orderbook: sandbox.orderbookUrl, tokenService: sandbox.bffUrl, explorer: 'https://explorer.cow.fi' }),
      environment: () => 'production',
      rateLimits: { orderbook: { perSecond: 100_000 } },
      fetch: fills.fetch,
    });
    const service = new SyncService({
      repo: kit.repo,
      orderbook: () => client.orderbook,
      accounts: () => [{ address: trader }],
      chains: () => [1, 100],
      environment: () => 'production',
      onStatus: (status) => {
        for (const progress of status.progress) if (progress.phase !== 'orders' || progress.done > 0) look(progress.chainId)(progress);
      },
      onChanged: () => undefined,
      log: recordingLogger(),
      timing: { intervalMs: 3_600_000, offlineRetryMs: 3_600_000 },
    });
    const pass = service.syncNow();
    // The last chain's fills wait: the indexes are built meanwhile.
    await fills.whileHeld(pass, () => expect.poll(() => indexesOf(kit.store.db), { timeout: 20_000 }).toBe(all));
    const status = await pass;
    await service.stop();
    expect(status.lastError).toBeNull();
    // The first chain's fills and the second chain's orders go in while the first chain's put-off still holds:
    // built once, as the last scope's fills are written. (Its last order page's progress may come once they began.)
    const before = seen.filter((entry) => (entry.chainId === 1 && entry.phase === 'trades') || (entry.chainId === 100 && entry.phase === 'orders' && entry.done === 1000));
    expect(before.filter((entry) => entry.chainId === 100).length).toBeGreaterThan(0);
    expect(before.filter((entry) => entry.chainId === 1).length).toBeGreaterThan(0);
    expect(before.every((entry) => entry.indexes === KEPT)).toBe(true);
    expect(indexesOf(kit.store.db)).toBe(all);
  });

  it('a put-off the store refuses is logged, and the pass writes everything with every index kept', { timeout: 60_000 }, async () => {
    // The store refuses to record what it would drop (as a full disk or a locked file would): nothing is dropped.
    kit.store.db.exec("CREATE TRIGGER refuse_put_off BEFORE INSERT ON put_off_indexes BEGIN SELECT RAISE(ABORT, 'the disk is full'); END");
    seedDistinct(sandbox, 1, trader, 2500);
    const log = recordingLogger();
    const counts = await syncScope({ repo: kit.repo, orderbook: kit.client.orderbook, now: Date.now, onProgress: look(1), log }, scopeOf(trader, 1));
    expect(counts.orders).toBe(2500);
    expect(kit.store.db.prepare('SELECT count(*) FROM orders').pluck().get()).toBe(2500);
    expect(seen.filter((entry) => entry.phase === 'orders').map((entry) => entry.indexes)).toEqual([all, all, all]);
    expect(log.lines).toEqual([{ level: 'warn', message: expect.stringMatching(/History indexes could not be put off/), fields: { error: expect.stringMatching(/the disk is full/) } }]);
  });
});
