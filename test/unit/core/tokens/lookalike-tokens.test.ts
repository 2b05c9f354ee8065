import { getAddress } from 'viem';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TokenLists } from '../../../../main/core/tokens/token-lists';
import { recordingLogger } from '../../../helpers/recording-logger';
import { makeTempDir } from '../../../helpers/temp-dir';

const LIST_URL = 'https://lists.example/community.json';
const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const at = (n: number) => getAddress(`0x5dc${n.toString(16).padStart(37, '0')}`);
const entry = (n: number, symbol: string, name = 'USD Coin') => ({ chainId: 1, address: at(n), symbol, name, decimals: 6 });
/** A list that names the real USDC too, and copies of it: one by symbol, one in Cyrillic, one with a zero-width joiner, one reversed by a bidi override. */
const COMMUNITY = {
  name: 'Community',
  tokens: [
    { chainId: 1, address: USDC, symbol: 'USDC', name: 'USD Coin', decimals: 6 },
    entry(1, 'USDC'),
    entry(2, 'USDС'),
    entry(3, 'US\u200DDC'),
    entry(4, '\u202ECDSU', 'USD Coin \u202Egnp.exe'),
  ],
};
const REAL = { address: USDC, symbol: 'USDC', name: 'USD Coin', lists: ['CoW Desk snapshot', 'Community'] };

/** The picker's lists flag every token that can be taken for a listed one, and refuse to import one unconfirmed. */
describe('lookalike tokens in the token lists', () => {
  let dir: ReturnType<typeof makeTempDir>;
  let lists: TokenLists;
  beforeEach(async () => {
    dir = makeTempDir();
    const fetchFn = (async (url: string | URL) => (String(url) === LIST_URL ? Response.json(COMMUNITY) : new Response('', { status: 404 }))) as typeof fetch;
    lists = new TokenLists({ dir: dir.path, urls: [{ name: 'Community', url: LIST_URL }], fetch: fetchFn, log: recordingLogger() });
    await lists.refresh();
  });
  afterEach(async () => {
    await lists.close();
    dir.remove();
  });

  it('names the real USDC beside each copy found, and nothing beside the real one', () => {
    const found = lists.search(1, 'usd coin', 20).results;
    const byAddress = new Map(found.map((token) => [token.address.toLowerCase(), token]));
    expect(byAddress.get(USDC.toLowerCase())?.resembles).toBeNull();
    for (const n of [1, 2, 3]) expect(byAddress.get(at(n).toLowerCase())?.resembles).toEqual(REAL);
    // The reversed symbol is no skeleton of USDC; the picker shows its override instead (hidden-characters.ts).
    expect(byAddress.get(at(4).toLowerCase())?.resembles).toBeNull();
    expect(lists.search(1, 'tether', 5).results[0]?.resembles).toBeNull();
  });

  it('imports a pasted lookalike only when the user confirmed it is not the listed token it resembles', () => {
    const pasted = { address: at(9), symbol: 'USDC', name: 'USD Coin', decimals: 6 };
    expect(lists.resemblance(1, pasted)).toEqual(REAL);
    expect(() => lists.importToken(1, pasted)).toThrow(/^USDC at 0x5DC0+9 looks like USDC \(0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48 on CoW Desk snapshot, Community\) but is another token: confirm/);
    expect(() => lists.importToken(1, pasted, at(1))).toThrow(/looks like USDC/);
    expect(lists.search(1, at(9), 5).results).toEqual([]);
    const imported = lists.importToken(1, pasted, USDC);
    expect(imported).toMatchObject({ address: at(9), lists: ['Imported by you'], resembles: REAL });
    expect(lists.search(1, at(9), 5).results[0]?.resembles).toEqual(REAL);
    // Unrelated tokens need no confirmation.
    expect(lists.importToken(1, { address: at(10), symbol: 'MYST', name: 'Mystery Token', decimals: 9 }).resembles).toBeNull();
  });

  it('names a token by its code points where the signing preview reads it', () => {
    expect(lists.find(1, at(4))?.symbol).toBe('<U+202E>CDSU');
    expect(lists.find(1, USDC)?.symbol).toBe('USDC');
  });
});
