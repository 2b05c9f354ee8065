import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SNAPSHOT_LIST } from '../../../../main/core/tokens/snapshot';
import { TokenLists } from '../../../../main/core/tokens/token-lists';
import { recordingLogger } from '../../../helpers/recording-logger';
import { makeTempDir } from '../../../helpers/temp-dir';

/**
 * The real Uniswap default list, as npm publishes it (a devDependency: the package is
 * GPL-3.0-or-later, read here as a test fixture and never bundled into the app).
 */
const UNISWAP_FILE = createRequire(import.meta.url).resolve('@uniswap/default-token-list');
const UNISWAP_TEXT = readFileSync(UNISWAP_FILE, 'utf8');
const UNISWAP = JSON.parse(UNISWAP_TEXT) as { name: string; tokens: { chainId: number; address: string; symbol: string }[] };
const LIST_URL = 'https://lists.example/uniswap.json';
const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/;

describe('the Uniswap default list (a real list with entries of another chain family)', () => {
  let dir: ReturnType<typeof makeTempDir>;
  beforeEach(() => (dir = makeTempDir()));
  afterEach(() => dir.remove());

  it('is kept: its EVM tokens reach the picker, and the entries the app cannot use are skipped, not the list', async () => {
    // What the fixture holds, counted here from the file itself rather than written down.
    const unusable = UNISWAP.tokens.filter((token) => !EVM_ADDRESS.test(token.address));
    const mainnet = new Set(UNISWAP.tokens.filter((token) => token.chainId === 1 && EVM_ADDRESS.test(token.address)).map((token) => token.address.toLowerCase()));
    expect(unusable.length).toBeGreaterThan(0);
    const fetchFn = (async (url: string | URL) =>
      String(url) === LIST_URL ? new Response(UNISWAP_TEXT, { headers: { 'content-type': 'application/json' } }) : new Response('', { status: 404 })) as typeof fetch;
    const log = recordingLogger();
    const lists = new TokenLists({ dir: dir.path, urls: [{ name: 'Uniswap', url: LIST_URL }], fetch: fetchFn, log });

    expect(await lists.refresh()).toBe(1);
    const snapshotMainnet = SNAPSHOT_LIST.tokens.filter((token) => token.chainId === 1).map((token) => token.address.toLowerCase());
    const shown = lists.search(1, '', 10_000).results.filter((token) => !token.native).map((token) => token.address.toLowerCase());
    // The picker offers every mainnet token of the list (and the snapshot's), not only the shipped ten.
    expect(shown.sort()).toEqual([...new Set([...mainnet, ...snapshotMainnet])].sort());
    expect(shown.length).toBeGreaterThan(snapshotMainnet.length);
    expect(lists.search(1, 'uniswap', 5).results.map((token) => token.symbol)).toContain('UNI');
    expect(log.lines.filter((line) => line.message === 'token list refresh failed')).toEqual([]);

    // Settings says what was kept and what was skipped, with an example in words.
    const [status] = lists.status().lists;
    expect(status).toMatchObject({ name: 'Uniswap', outcome: 'ok', error: null, tokens: UNISWAP.tokens.length - unusable.length, skipped: unusable.length });
    expect(status?.skippedExample).toMatch(/^\S+ \(chain \d+\): address: expected an address: 0x followed by 40 hex digits$/);

    // The kept copy answers the next start, offline, with the same tokens and the same count of skipped entries.
    await lists.close();
    const unreachable = (() => Promise.reject(new TypeError('fetch failed'))) as typeof fetch;
    const offline = new TokenLists({ dir: dir.path, urls: [{ name: 'Uniswap', url: LIST_URL }], fetch: unreachable, log: recordingLogger() });
    expect(offline.search(1, '', 10_000).results.length).toBe(shown.length + 1);
    expect(offline.status().lists[0]).toMatchObject({ outcome: 'ok', skipped: unusable.length });
    await offline.close();
  });
});
