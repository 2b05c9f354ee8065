import { getAddress } from 'viem';
import { json, text, type Route } from '../http/reply';
import type { SandboxState } from '../state';
import { TOKENS } from '../token-fixtures';

/**
 * Token lists as CoW's and Uniswap's list URLs serve them (the Token Lists
 * standard), for the app's token picker: every sandbox token with a name, plus
 * one token that is on this list only, so a test sees a refresh arrive.
 * Logos are small SVGs under /token-lists/logos/.
 */
const NAMES: Readonly<Record<string, string>> = {
  WETH: 'Wrapped Ether',
  USDC: 'USD Coin',
  DAI: 'Dai Stablecoin',
  COW: 'CoW Protocol Token',
  WXDAI: 'Wrapped XDAI',
  ILLQ: 'Illiquid Test Token',
  FOT: 'Fee On Transfer Test Token',
};
/** Only on the sandbox list: proves the app read the list from its URL. */
export const LIST_ONLY_TOKEN = { chainId: 1, address: getAddress('0x60ad000000000000000000000000000000000001'), symbol: 'GOLD', name: 'Sandbox Gold', decimals: 18 };

/**
 * A community list that carries copies of Ethereum's USDC beside the real one: by
 * symbol, with a right-to-left override ("CDSU" drawn as "USDC", "gnp.exe" as
 * "exe.png"), with a Cyrillic С, with a zero-width joiner, and with Cyrillic and
 * Greek letters. Only a test that asks for it reads it (sandboxTokenListUrls).
 */
const lookalike = (n: number, symbol: string, name = 'USD Coin') => ({ chainId: 1, address: getAddress(`0x05dc${n.toString(16).padStart(36, '0')}`), symbol, name, decimals: 6 });
export const LOOKALIKE_LIST = {
  name: 'Community list',
  tokens: [
    { chainId: 1, address: getAddress('0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'), symbol: 'USDC', name: 'USD Coin', decimals: 6 },
    lookalike(1, 'USDC'),
    lookalike(2, '\u202ECDSU', 'USD Coin \u202Egnp.exe'),
    lookalike(3, 'USD\u0421'),
    lookalike(4, 'US\u200DDC'),
    lookalike(5, 'U\u0405D\u03F9'),
  ],
};

export const tokenListRoute: Route<SandboxState> = {
  method: 'GET',
  pattern: ['token-lists', ':name'],
  handle: (_request, params) => {
    if (params.name === 'lookalikes.json') return json(200, { ...LOOKALIKE_LIST, timestamp: '2026-11-23T00:00:00.000Z', version: { major: 1, minor: 0, patch: 0 } });
    if (params.name !== 'sandbox.json') return json(404, { message: 'List not found' });
    const tokens = Object.entries(TOKENS).flatMap(([chainId, list]) =>
      list.map((token) => ({
        chainId: Number(chainId),
        address: token.address,
        symbol: token.symbol,
        name: NAMES[token.symbol] ?? token.symbol,
        decimals: token.decimals,
        // Relative, resolved against the list's URL (the sandbox's port changes per run).
        logoURI: `logos/${token.symbol}.svg`,
      })),
    );
    return json(200, { name: 'Sandbox list', timestamp: '2026-11-23T00:00:00.000Z', version: { major: 1, minor: 0, patch: 0 }, tokens: [...tokens, LIST_ONLY_TOKEN] });
  },
};

export const tokenLogoRoute: Route<SandboxState> = {
  method: 'GET',
  pattern: ['token-lists', 'logos', ':file'],
  handle: (_request, params) => {
    const symbol = /^([A-Za-z0-9]{1,12})\.svg$/.exec(params.file ?? '')?.[1];
    if (!symbol) return json(404, { message: 'Logo not found' });
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32"><circle cx="16" cy="16" r="15" fill="#5577cc"/><text x="16" y="21" font-size="12" text-anchor="middle" fill="#fff">${symbol.slice(0, 2)}</text></svg>`;
    return text(200, svg, { 'Content-Type': 'image/svg+xml' });
  },
};

/** The app's token list URLs when it runs against this sandbox: its list (and the lookalike one when asked), never the live ones. */
export function sandboxTokenListUrls(bffUrl: string, options: { lookalikes?: boolean } = {}): { name: string; url: string }[] {
  return [
    { name: 'Sandbox list', url: `${bffUrl}/token-lists/sandbox.json` },
    ...(options.lookalikes ? [{ name: LOOKALIKE_LIST.name, url: `${bffUrl}/token-lists/lookalikes.json` }] : []),
  ];
}
