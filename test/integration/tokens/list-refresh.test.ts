import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TokenListsStatus, TokenSearch } from '../../../main/common/tokens/token-list';
import { type Services } from '../../../main/core/services';
import { composeApp } from '../../helpers/compose-app';
import { startSandbox, type Sandbox } from '../../sandbox';
import { recordingLogger } from '../../helpers/recording-logger';
import { makeTempDir } from '../../helpers/temp-dir';

/**
 * Token lists in the composed app, as Electron and `npm run preview` build it: no
 * switch turns the refresh on; the only port replaced is where the lists live
 * (the sandbox's list URL on 127.0.0.1, never the internet).
 */
describe('token lists in the composed app', () => {
  let sandbox: Sandbox;
  let services: Services;
  let dir: ReturnType<typeof makeTempDir>;
  const statuses: TokenListsStatus[] = [];

  beforeEach(async () => {
    sandbox = await startSandbox();
    dir = makeTempDir();
    statuses.length = 0;
  });
  afterEach(async () => {
    await services.close();
    dir.remove();
    await sandbox.close();
  });

  const start = () => {
    services = composeApp({
      userDataDir: dir.path,
      appVersion: 'test',
      log: recordingLogger(),
      defaultEndpoints: { production: { orderbook: sandbox.orderbookUrl, tokenService: sandbox.bffUrl } },
      tokenListUrls: [
        { name: 'Sandbox list', url: `${sandbox.bffUrl}/token-lists/sandbox.json` },
        { name: 'Gone list', url: `${sandbox.bffUrl}/token-lists/gone.json` },
      ],
    });
    services.events.subscribe((event, payload) => event === 'tokens.listsChanged' && statuses.push(payload as TokenListsStatus));
  };
  const call = async <T>(command: string, input: unknown): Promise<T> => {
    const answer = await services.router.handle(command, input);
    if (!answer.ok) throw new Error(`${command}: ${answer.error.message}`);
    return answer.value as T;
  };
  const gold = async () => (await call<TokenSearch>('tokens.search', { chainId: 1, query: 'sandbox gold', limit: 5 })).results.map((token) => token.symbol);

  it('refreshes at start without being asked, and tells Settings each list\'s time and outcome', async () => {
    const before = Date.now();
    start();
    // "Sandbox Gold" is only on the sandbox's list: it reaches the picker once the list was read from its URL.
    await expect.poll(gold, { timeout: 10_000 }).toEqual(['GOLD']);
    await expect.poll(() => statuses.at(-1)?.refreshing, { timeout: 10_000 }).toBe(false);

    const status = await call<TokenListsStatus>('tokens.lists', {});
    expect(status.refreshing).toBe(false);
    expect(status.nextRefreshAt).toBeGreaterThanOrEqual(before + 24 * 60 * 60 * 1000);
    const [ok, gone] = status.lists;
    expect(ok).toMatchObject({ name: 'Sandbox list', outcome: 'ok', error: null, skipped: 0 });
    expect(ok?.tokens).toBeGreaterThan(1);
    expect(ok?.refreshedAt).toBeGreaterThanOrEqual(before);
    // A list that fails says why, and the others are kept.
    expect(gone).toMatchObject({ name: 'Gone list', outcome: 'failed', refreshedAt: null, tokens: null });
    expect(gone?.error).toBe(`${new URL(sandbox.bffUrl).host} answered HTTP 404`);

    // Offline at the next start: the last good copy answers at once, and Settings still shows when it was read.
    await services.close();
    await sandbox.close();
    start();
    expect(await gold()).toEqual(['GOLD']);
    const again = await call<TokenListsStatus>('tokens.lists', {});
    expect(again.lists[0]?.refreshedAt).toBe(ok?.refreshedAt);
    await expect.poll(async () => (await call<TokenListsStatus>('tokens.lists', {})).lists[0]?.outcome, { timeout: 15_000 }).toBe('failed');
    const offline = await call<TokenListsStatus>('tokens.lists', {});
    expect(offline.lists[0]).toMatchObject({ outcome: 'failed', refreshedAt: ok?.refreshedAt, tokens: ok?.tokens });
    expect(offline.lists[0]?.error).toMatch(/fetch failed \(ECONNREFUSED\)/);
    expect(await gold()).toEqual(['GOLD']);
    sandbox = await startSandbox();
  });

  it('refreshes again on "Refresh now", and close() stops the refresh under way', async () => {
    start();
    await expect.poll(() => statuses.at(-1)?.refreshing, { timeout: 10_000 }).toBe(false);
    const first = (await call<TokenListsStatus>('tokens.lists', {})).lists[0]?.checkedAt ?? 0;
    statuses.length = 0;
    const asked = await call<TokenListsStatus>('tokens.refreshLists', {});
    expect(asked.refreshing).toBe(true);
    await expect.poll(() => statuses.at(-1)?.refreshing, { timeout: 10_000 }).toBe(false);
    expect((await call<TokenListsStatus>('tokens.lists', {})).lists[0]?.checkedAt).toBeGreaterThanOrEqual(first);
    // Settings is told when it starts and when it ends.
    expect(statuses.map((status) => status.refreshing)).toEqual([true, false]);

    await call('tokens.refreshLists', {});
    await services.close();
    expect(services.tokenLists.status().nextRefreshAt).toBeNull();
    expect(services.tokenLists.status().refreshing).toBe(false);
  });
});
