import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SyncStatus } from '../../../main/common/history/history-schema';
import { createApiClient } from '../../../main/core/api/api-client';
import { SyncService } from '../../../main/core/history/sync-service';
import { startSandbox, TEST_ACCOUNTS, type Sandbox } from '../../sandbox';
import { recordingLogger } from '../../helpers/recording-logger';
import { historyKit } from './history-kit';
import { UNTHROTTLED } from '../sandbox/sandbox-kit';

const trader = TEST_ACCOUNTS.trader.address;
/** Nothing listens here: what a machine without network sees. */
const DEAD_URL = 'http://127.0.0.1:9';

describe('history sync service: offline, resume, cancel', () => {
  let sandbox: Sandbox;
  let kit: ReturnType<typeof historyKit>;
  let url: string;
  let statuses: SyncStatus[];
  let service: SyncService;
  /** Account-order pages from this offset on are not answered until their pass is cancelled. */
  let holdOrdersFrom: number;

  /** One attempt per request, so an unreachable orderbook shows at once instead of after the app's backoff. */
  const make = (timing: { intervalMs: number; offlineRetryMs: number }, onStatus = (status: SyncStatus) => void statuses.push(status)) => {
    const live = createApiClient({
      endpoints: () => ({ orderbook: url, tokenService: sandbox.bffUrl, explorer: 'https://explorer.cow.fi' }),
      environment: () => 'production',
      maxAttempts: 1,
      rateLimits: { orderbook: { perSecond: 100_000 } },
    });
    return new SyncService({
      repo: kit.repo,
      orderbook: () => {
        const orderbook = live.orderbook;
        const held: typeof orderbook.accountOrdersBody = (chainId, owner, page, signal) =>
          page.offset < holdOrdersFrom
            ? orderbook.accountOrdersBody(chainId, owner, page, signal)
            : signal?.aborted
              ? Promise.reject(signal.reason)
              : new Promise((_resolve, reject) => signal?.addEventListener('abort', () => reject(signal.reason), { once: true }));
        return Object.assign(Object.create(orderbook) as typeof orderbook, { accountOrdersBody: held });
      },
      accounts: () => [{ address: trader }],
      chains: () => [1],
      environment: () => 'production',
      onStatus,
      onChanged: () => undefined,
      log: recordingLogger(),
      timing,
    });
  };
  const stored = () => (kit.store.db.prepare('SELECT count(*) AS n FROM orders').get() as { n: number }).n;

  beforeEach(async () => {
    sandbox = await startSandbox({ rateLimits: UNTHROTTLED });
    kit = historyKit(sandbox);
    statuses = [];
    url = DEAD_URL;
    holdOrdersFrom = Infinity;
  });
  afterEach(async () => {
    await service.stop();
    await kit.close();
    await sandbox.close();
  });

  it('reports offline when the orderbook cannot be reached, and catches up by itself when it can', async () => {
    const uids = sandbox.orders.seed(1, trader, 40);
    service = make({ intervalMs: 60_000, offlineRetryMs: 20 });
    service.start();
    await expect.poll(() => service.status().offline).toBe(true);
    expect(service.status()).toMatchObject({ lastSyncedAt: null, lastError: expect.stringContaining('Could not reach') });
    url = sandbox.orderbookUrl;
    // A scope's time is saved mid-pass (its orders are in); the pass's verdict (online, no error) comes at its end.
    await expect.poll(() => service.status()).toMatchObject({ syncing: false, offline: false, lastError: null });
    expect(service.status().lastSyncedAt).not.toBeNull();
    expect(stored()).toBe(new Set(uids).size);
  });

  it('syncs at once when the connection monitor says the network is back', async () => {
    sandbox.orders.seed(1, trader, 10);
    service = make({ intervalMs: 600_000, offlineRetryMs: 600_000 });
    service.start();
    await expect.poll(() => service.status().offline).toBe(true);
    url = sandbox.orderbookUrl;
    service.setOnline(true);
    await expect.poll(() => service.status().lastSyncedAt).not.toBeNull();
  });

  it('cancels a pass: what was committed stays, the cursor does not move, the next pass completes', async () => {
    const uids = sandbox.orders.seed(1, trader, 2_500);
    url = sandbox.orderbookUrl;
    let cancelled = false;
    // Cancel as soon as the first page of 1000 is stored, the way the Cancel button would. The third page is not
    // answered before the cancel: the pass cannot have stored everything by the time the cancel comes.
    holdOrdersFrom = 2_000;
    service = make({ intervalMs: 600_000, offlineRetryMs: 600_000 }, (status) => {
      if (!cancelled && status.progress.some((entry) => entry.phase === 'orders' && entry.done >= 1000)) {
        cancelled = true;
        service.cancel();
      }
    });
    const after = await service.syncNow();
    expect(cancelled).toBe(true);
    expect(after).toMatchObject({ syncing: false, lastSyncedAt: null });
    expect(stored()).toBeGreaterThanOrEqual(1000);
    expect(stored()).toBeLessThan(new Set(uids).size);
    holdOrdersFrom = Infinity;
    expect((await service.syncNow()).lastSyncedAt).not.toBeNull();
    expect(stored()).toBe(new Set(uids).size);
  });
});
