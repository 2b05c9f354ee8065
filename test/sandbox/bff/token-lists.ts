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

export const tokenListRoute: Route<SandboxState> = {
  method: 'GET',
  pattern: ['token-lists', ':name'],
  handle: (_request, params) => {
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

/** The app's token list URLs when it runs against this sandbox: its one list, never the live ones. */
export function sandboxTokenListUrls(bffUrl: string): { name: string; url: string }[] {
  return [{ name: 'Sandbox list', url: `${bffUrl}/token-lists/sandbox.json` }];
}
