import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TokenListsStatus } from '../../../../main/common/tokens/token-list';
import { DAILY_MS, TokenLists } from '../../../../main/core/tokens/token-lists';
import { recordingLogger } from '../../../helpers/recording-logger';
import { makeTempDir } from '../../../helpers/temp-dir';

const LIST_URL = 'https://lists.example/cow.json';
const GOLD = '0x60ad000000000000000000000000000000000001';
const LOGO = '<svg xmlns="http://www.w3.org/2000/svg"/>';
/** vi.waitFor's 1 s default is a timing budget; the lists are written to disk, which a busy machine can take longer over. */
const PATIENCE = { timeout: 30_000 };

/** The remote list host, as a fetch that answers from a table (the remote service is the one thing faked). */
function remote(routes: Record<string, () => Response>) {
  const asked: string[] = [];
  const fetchFn = (async (url: string | URL) => {
    asked.push(String(url));
    const route = routes[String(url)];
    return route ? route() : new Response('not found', { status: 404 });
  }) as typeof fetch;
  return { fetchFn, asked };
}
const list = () =>
  Response.json({
    name: 'CoW',
    tokens: [{ chainId: 1, address: GOLD, symbol: 'GOLD', name: 'Sandbox Gold', decimals: 18, logoURI: 'logos/gold.svg' }],
  });

describe('TokenLists', () => {
  let dir: ReturnType<typeof makeTempDir>;
  beforeEach(() => (dir = makeTempDir()));
  afterEach(() => dir.remove());

  it('finds tokens of the shipped snapshot offline by symbol, part of a name or address, native first for its symbol', () => {
    const lists = new TokenLists({ dir: dir.path, urls: [], log: recordingLogger() });
    expect(lists.search(1, 'stable', 10).results.map((token) => token.symbol)).toEqual(['DAI']);
    expect(lists.search(1, 'usdc', 10).results[0]?.name).toBe('USD Coin');
    expect(lists.search(1, '0x6b175474e89094c44da98b954eedeac495271d0f', 10).results.map((token) => token.symbol)).toEqual(['DAI']);
    expect(lists.search(1, 'eth', 10).results[0]).toMatchObject({ symbol: 'ETH', native: true });
    expect(lists.search(1, 'stable', 10).source).toBe('snapshot');
  });

  it('adds a refreshed list, keeps it for the next start, and caches its logo on disk', async () => {
    const host = remote({ [LIST_URL]: list, 'https://lists.example/logos/gold.svg': () => new Response(LOGO, { headers: { 'content-type': 'image/svg+xml' } }) });
    const lists = new TokenLists({ dir: dir.path, urls: [{ name: 'CoW Swap', url: LIST_URL }], fetch: host.fetchFn, log: recordingLogger() });
    expect(lists.search(1, 'gold', 10).results).toEqual([]);
    expect(await lists.refresh()).toBe(1);
    expect(lists.search(1, 'gold', 10).results[0]).toMatchObject({ symbol: 'GOLD', logo: null, lists: ['CoW Swap'] });
    await lists.settled();
    expect(lists.search(1, 'gold', 10).results[0]?.logo).toBe(`data:image/svg+xml;base64,${Buffer.from(LOGO).toString('base64')}`);
    expect(lists.find(1, GOLD)).toEqual({ symbol: 'GOLD', decimals: 18 });

    // Offline at the next start: the last good copy and the cached logo answer.
    const offline = remote({});
    const again = new TokenLists({ dir: dir.path, urls: [{ name: 'CoW Swap', url: LIST_URL }], fetch: offline.fetchFn, log: recordingLogger() });
    expect(await again.refresh()).toBe(0);
    expect(again.search(1, 'sandbox g', 10).results[0]?.logo).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(offline.asked).toEqual([LIST_URL]);
  });

  it('asks for a logo that failed again only after the next refresh, not on every search', async () => {
    let logoUp = false;
    const logoUrl = 'https://lists.example/logos/gold.svg';
    const host = remote({ [LIST_URL]: list, [logoUrl]: () => (logoUp ? new Response(LOGO, { headers: { 'content-type': 'image/svg+xml' } }) : new Response('', { status: 503 })) });
    const lists = new TokenLists({ dir: dir.path, urls: [{ name: 'CoW Swap', url: LIST_URL }], fetch: host.fetchFn, log: recordingLogger() });
    await lists.refresh();
    const logoAsks = () => host.asked.filter((url) => url === logoUrl).length;
    for (let typed = 0; typed < 5; typed += 1) {
      lists.search(1, 'gold', 10);
      await lists.settled();
    }
    expect(logoAsks()).toBe(1);
    logoUp = true;
    await lists.refresh();
    expect(lists.search(1, 'gold', 10).results[0]?.logo).toBeNull();
    await lists.settled();
    expect(logoAsks()).toBe(2);
    expect(lists.search(1, 'gold', 10).results[0]?.logo).toMatch(/^data:image\/svg\+xml;base64,/);
    await lists.close();
  });

  it('refuses a list that is not a token list and keeps what it had', async () => {
    const log = recordingLogger();
    const host = remote({ [LIST_URL]: () => Response.json({ tokens: [{ symbol: 'BAD' }] }) });
    const lists = new TokenLists({ dir: dir.path, urls: [{ name: 'CoW Swap', url: LIST_URL }], fetch: host.fetchFn, log });
    expect(await lists.refresh()).toBe(0);
    expect(lists.search(1, 'bad', 10).results).toEqual([]);
    expect(log.lines.some((line) => line.message === 'token list refresh failed')).toBe(true);
  });

  it('starts, searches and refreshes with an unwritable folder, saying why the copy was not kept', async () => {
    // A folder below a file cannot be made (ENOTDIR), even for root: the writes fail, nothing else.
    const file = join(dir.path, 'a-file');
    writeFileSync(file, '');
    const log = recordingLogger();
    const lists = new TokenLists({ dir: join(file, 'token-lists'), urls: [{ name: 'CoW Swap', url: LIST_URL }], fetch: remote({ [LIST_URL]: list }).fetchFn, log });
    expect(lists.search(1, 'usdc', 5).results[0]?.symbol).toBe('USDC');
    expect(await lists.refresh()).toBe(0);
    expect(lists.status().lists[0]).toMatchObject({ outcome: 'failed', error: expect.stringMatching(/^ENOTDIR/) });
    expect(log.lines.map((line) => line.message)).toContain('token list status not saved');
    await lists.close();
  });

  it('remembers pinned and recent tokens per chain across starts', () => {
    const lists = new TokenLists({ dir: dir.path, urls: [], log: recordingLogger() });
    const dai = lists.search(1, 'DAI', 1).results[0]!;
    const cow = lists.search(1, 'COW', 1).results[0]!;
    lists.pin(1, dai.address, true);
    lists.used(1, dai.address);
    lists.used(1, cow.address);
    const again = new TokenLists({ dir: dir.path, urls: [], log: recordingLogger() });
    const answer = again.search(1, '', 50);
    expect(answer.pinned.map((token) => token.symbol)).toEqual(['DAI']);
    expect(answer.recent.map((token) => token.symbol)).toEqual(['COW', 'DAI']);
    expect(again.search(100, '', 50).pinned).toEqual([]);
    again.pin(1, dai.address, false);
    expect(again.search(1, '', 50).pinned).toEqual([]);
  });

  it('keeps imported tokens apart from the lists, and a damaged record of them costs only those tokens', () => {
    const token = { address: '0x7e57000000000000000000000000000000007E57' as const, symbol: 'MYST', name: 'Mystery Token', decimals: 9 };
    const lists = new TokenLists({ dir: dir.path, urls: [], log: recordingLogger() });
    lists.pin(1, '0x6b175474e89094c44da98b954eedeac495271d0f', true);
    expect(lists.importToken(1, token)).toMatchObject({ symbol: 'MYST', lists: ['Imported by you'] });
    expect(new TokenLists({ dir: dir.path, urls: [], log: recordingLogger() }).search(1, 'mystery', 10).results.map((entry) => entry.decimals)).toEqual([9]);

    const file = join(dir.path, 'prefs.json');
    const prefs = JSON.parse(readFileSync(file, 'utf8')) as { imported: Record<string, unknown[]> };
    prefs.imported['1'] = [{ ...token, decimals: 'nine' }];
    writeFileSync(file, JSON.stringify(prefs));
    const reopened = new TokenLists({ dir: dir.path, urls: [], log: recordingLogger() });
    expect(reopened.search(1, 'mystery', 10).results).toEqual([]);
    expect(reopened.search(1, '', 10).pinned.map((entry) => entry.symbol)).toEqual(['DAI']);
  });

  describe('refresh on a timer', () => {
    beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }));
    afterEach(() => vi.useRealTimers());

    it('refreshes at start and then daily until closed, recording each list\'s outcome', async () => {
      let up = false;
      const second = 'https://other.example/list.json';
      const host = remote({ [LIST_URL]: list, [second]: () => (up ? list() : new Response('down', { status: 503 })) });
      const told: TokenListsStatus[] = [];
      let now = 1_000;
      const lists = new TokenLists({
        dir: dir.path,
        urls: [{ name: 'CoW Swap', url: LIST_URL }, { name: 'Other', url: second }],
        fetch: host.fetchFn,
        log: recordingLogger(),
        now: () => now,
        onStatus: (status) => told.push(status),
      });
      lists.start();
      await vi.waitFor(() => expect(told.at(-1)?.refreshing).toBe(false), PATIENCE);
      expect(told.map((status) => status.refreshing)).toEqual([true, false]);
      expect(lists.status()).toEqual({
        refreshing: false,
        nextRefreshAt: 1_000 + DAILY_MS,
        lists: [
          { name: 'CoW Swap', url: LIST_URL, checkedAt: 1_000, outcome: 'ok', error: null, refreshedAt: 1_000, tokens: 1, skipped: 0, skippedExample: null },
          { name: 'Other', url: second, checkedAt: 1_000, outcome: 'failed', error: 'other.example answered HTTP 503', refreshedAt: null, tokens: null, skipped: 0, skippedExample: null },
        ],
      });
      expect(host.asked.filter((url) => url === LIST_URL)).toHaveLength(1);

      // A day later the timer refreshes both again; the list that was down is now kept.
      up = true;
      now += DAILY_MS;
      await vi.advanceTimersByTimeAsync(DAILY_MS);
      await vi.waitFor(() => expect(lists.status().lists[1]?.outcome).toBe('ok'), PATIENCE);
      expect(lists.status().lists[1]).toMatchObject({ checkedAt: now, refreshedAt: now, error: null });
      expect(host.asked.filter((url) => url === LIST_URL)).toHaveLength(2);

      await lists.close();
      await vi.advanceTimersByTimeAsync(3 * DAILY_MS);
      expect(host.asked.filter((url) => url === LIST_URL)).toHaveLength(2);
      expect(lists.status().nextRefreshAt).toBeNull();
    });

    it('close() cuts a download that hangs, and records nothing as failed for it', async () => {
      let started = 0;
      const hanging = ((_url: string | URL, init?: RequestInit) => {
        started += 1;
        return new Promise<Response>((_, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)));
      }) as typeof fetch;
      const lists = new TokenLists({ dir: dir.path, urls: [{ name: 'CoW Swap', url: LIST_URL }], fetch: hanging, log: recordingLogger() });
      lists.start();
      await vi.waitFor(() => expect(started).toBe(1), PATIENCE);
      expect(lists.status().refreshing).toBe(true);
      await lists.close();
      expect(lists.status()).toMatchObject({ refreshing: false, nextRefreshAt: null, lists: [{ outcome: null, checkedAt: null }] });
      expect(await lists.refresh()).toBe(0);
      expect(started).toBe(1);
    });
  });
});
