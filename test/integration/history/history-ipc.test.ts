import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { STORE_FILE, type Services } from '../../../main/core/services';
import { composeApp } from '../../helpers/compose-app';
import { startSandbox, TEST_ACCOUNTS, UNCONVERTIBLE_UID, type Sandbox } from '../../sandbox';
import { recordingLogger } from '../../helpers/recording-logger';
import { makeTempDir } from '../../helpers/temp-dir';
import { placeOrder, UNTHROTTLED } from '../sandbox/sandbox-kit';
import { requestCounts, seedDistinct } from './history-kit';
import { sandboxTokenListUrls } from '../../sandbox/bff/token-lists';

const trader = TEST_ACCOUNTS.trader.address;

describe('history over IPC: sync service, lookup, detail, competition', () => {
  let sandbox: Sandbox;
  let dir: ReturnType<typeof makeTempDir>;
  let services: Services;
  const call = async (command: string, input?: unknown) => {
    const answer = await services.router.handle(command, input);
    if (!answer.ok) throw new Error(`${command}: ${answer.error.code} ${answer.error.message}`);
    return answer.value as never;
  };

  beforeEach(async () => {
    sandbox = await startSandbox({ rateLimits: UNTHROTTLED });
    dir = makeTempDir();
    services = composeApp({
      userDataDir: dir.path,
      appVersion: '0.1.0',
      log: recordingLogger(),
      defaultEndpoints: { production: { orderbook: sandbox.orderbookUrl, tokenService: sandbox.bffUrl } },
      tokenListUrls: sandboxTokenListUrls(sandbox.bffUrl),
    });
    await call('settings.update', { enabledChains: [1] });
    await call('accounts.addWatchOnly', { label: 'Watched', address: trader });
  });
  afterEach(async () => {
    await services.close();
    await sandbox.close();
    dir.remove();
  });

  it('syncs on demand with progress events, then filters, sorts, pages and searches from SQLite', async () => {
    const uids = sandbox.orders.seed(1, trader, 250);
    const progress: unknown[] = [];
    services.events.subscribe((event, payload) => event === 'history.status' && progress.push(...(payload as { progress: unknown[] }).progress));
    const status = await call('history.syncNow');
    expect(status).toMatchObject({ syncing: false, offline: false, lastError: null, lastSyncedAt: expect.any(Number) });
    expect(progress).toContainEqual(expect.objectContaining({ account: trader, chainId: 1, phase: 'orders', done: 250, total: null }));
    expect(progress).toContainEqual(expect.objectContaining({ phase: 'done' }));

    const page = await call('history.query', { sort: { column: 'createdAt', direction: 'desc' }, offset: 0, limit: 100 });
    expect(page).toMatchObject({ total: new Set(uids).size });
    expect((page as { rows: { uid: string }[] }).rows[0]!.uid).toBe(uids[0]);
    const found = await call('history.query', { filter: { search: uids[7]!.slice(0, 20) } });
    expect((found as { rows: { uid: string }[] }).rows.map((row) => row.uid)).toEqual([uids[7]]);
    const bad = await services.router.handle('history.query', { limit: 100_000 });
    expect(bad).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
  });

  it('quits mid-sync only once the writer thread has let go of the store: nothing is written after, and the rows committed stay', async () => {
    seedDistinct(sandbox, 1, trader, 3_000);
    let written = 0;
    const firstWrite = new Promise<void>((resolve) => services.events.subscribe((event, payload) => {
      if (event !== 'history.status') return;
      written = Math.max(written, ...(payload as { progress: { done: number }[] }).progress.map((entry) => entry.done));
      if (written > 0) resolve();
    }));
    void services.router.handle('history.syncNow', undefined);
    await firstWrite;
    await services.close();
    // Every connection is closed: SQLite checkpointed and removed the write-ahead log, and no thread writes into the directory.
    expect(readdirSync(dir.path).filter((name) => name.startsWith(STORE_FILE))).toEqual([STORE_FILE]);
    expect(existsSync(join(dir.path, `${STORE_FILE}-wal`))).toBe(false);

    services = composeApp({
      userDataDir: dir.path,
      appVersion: '0.1.0',
      log: recordingLogger(),
      defaultEndpoints: { production: { orderbook: sandbox.orderbookUrl, tokenService: sandbox.bffUrl } },
      tokenListUrls: sandboxTokenListUrls(sandbox.bffUrl),
    });
    const { total } = (await call('history.query', {})) as { total: number };
    expect(total).toBeGreaterThan(0);
    expect(total).toBeLessThanOrEqual(3_000);
  });

  it('shows an EthFlow order with its user as owner and the user\'s expiry, in the table, the detail and the CSV', async () => {
    const uids = sandbox.orders.seed(1, trader, 14);
    await call('history.syncNow');
    const ethFlowUid = uids.find((uid) => (sandbox.orders.get(uid) as { ethflowData?: unknown }).ethflowData)!;
    const api = sandbox.orders.get(ethFlowUid) as { owner: string; validTo: number; ethflowData: { userValidTo: number } };
    // What the service sends: the EthFlow contract as owner, the contract's fixed validTo.
    expect(api.owner).not.toBe(trader);
    expect(api.validTo).toBe(4294967295);

    const { rows } = (await call('history.query', {})) as { rows: { uid: string; validTo: number }[] };
    expect(rows.find((row) => row.uid === ethFlowUid)?.validTo).toBe(api.ethflowData.userValidTo);
    const detail = (await call('history.detail', { uid: ethFlowUid })) as { ethFlow: { user: string; validTo: number } | null; uidParts: { owner: string } };
    expect(detail.ethFlow).toMatchObject({ user: trader, validTo: api.ethflowData.userValidTo });
    expect(detail.uidParts.owner.toLowerCase()).toBe(api.owner.toLowerCase());
    const plain = uids.find((uid) => uid !== ethFlowUid && !(sandbox.orders.get(uid) as { ethflowData?: unknown }).ethflowData)!;
    expect(((await call('history.detail', { uid: plain })) as { ethFlow: unknown }).ethFlow).toBeNull();

    const { path } = (await call('history.export', { query: {}, format: 'csv' })) as { path: string };
    const [header, ...lines] = readFileSync(path, 'utf8').trim().split('\n');
    const columns = header!.split(',');
    const line = lines.find((text) => text.startsWith(ethFlowUid))!.split(',');
    expect(line[columns.indexOf('owner')]).toBe(trader);
    expect(line[columns.indexOf('validTo')]).toBe(new Date(api.ethflowData.userValidTo * 1000).toISOString());
  });

  it('looks up pasted UIDs in their order: found, not found, invalid and per-order errors, 128 per request', async () => {
    const uids = sandbox.orders.seed(1, TEST_ACCOUNTS.trader2.address, 300);
    const unknown = `0x${'99'.repeat(56)}`;
    sandbox.resetRequests();
    const inputs = [unknown, 'not-a-uid', UNCONVERTIBLE_UID, ...uids];
    const results = (await call('history.lookup', { chainId: 1, inputs })) as { input: string; state: string; message: string | null }[];
    expect(results.map((result) => result.input)).toEqual(inputs);
    expect(results.slice(0, 3).map((result) => result.state)).toEqual(['notFound', 'invalid', 'error']);
    expect(results.slice(3).every((result) => result.state === 'found')).toBe(true);
    expect(requestCounts(sandbox).byUids).toBe(Math.ceil(new Set([unknown, UNCONVERTIBLE_UID, ...uids]).size / 128));
    // Cached: the detail answers with the services gone.
    await sandbox.close();
    expect(await call('history.detail', { uid: uids[0] })).toMatchObject({ row: { uid: uids[0] } });
    sandbox = await startSandbox({ rateLimits: UNTHROTTLED });
  });

  it('shows a settled order with its fill, surplus, explorer link and solver competition', async () => {
    const uid = await placeOrder(sandbox, TEST_ACCOUNTS.trader.privateKey);
    sandbox.settle();
    await call('history.syncNow');
    const detail = (await call('history.detail', { uid })) as { fields: { key: string }[] };
    expect(detail).toMatchObject({
      row: { status: 'fulfilled', filledPct: 100 },
      uidParts: { owner: trader },
      explorerUrl: `https://explorer.cow.fi/orders/${uid}`,
      cancel: { possible: false },
      fills: [expect.objectContaining({ txHash: expect.stringMatching(/^0x/), bought: expect.objectContaining({ symbol: 'USDC', decimals: 6 }) })],
      surplus: expect.arrayContaining([expect.objectContaining({ key: 'limit', bps: expect.any(Number), amount: expect.objectContaining({ symbol: 'USDC', amount: expect.stringMatching(/^\d+$/) }) })]),
    });
    // The export's surplus column is the detail's figure.
    const bps = (detail as unknown as { surplus: { key: string; bps: number }[] }).surplus.find((item) => item.key === 'limit')!.bps;
    const { path } = (await call('history.export', { query: {}, format: 'csv' })) as { path: string };
    const [header, ...lines] = readFileSync(path, 'utf8').trim().split('\n');
    const line = lines.find((text) => text.startsWith(uid))!.split(',');
    expect(Number(line[header!.split(',').indexOf('surplusPct')])).toBe(bps / 100);
    expect(detail.fields.map((field) => field.key)).toEqual(expect.arrayContaining(['ethflowData', 'onchainOrderData', 'quote', 'interactions']));
    const competition = await call('history.competition', { uid });
    expect(competition).toMatchObject({ available: true, solutions: expect.arrayContaining([expect.objectContaining({ isWinner: true })]) });
  });
});
