import type { TokenList } from '../../common/tokens/token-list';

/**
 * The token list shipped with the app, so the picker works offline and on
 * first start. Written for CoW Desk from the tokens' own contracts (address,
 * symbol, name, decimals are facts, not a copy of a third-party list): the
 * Uniswap default list (npm @uniswap/default-token-list) is GPL-3.0-or-later,
 * so it is not bundled; it and CoW's list are fetched from their URLs when
 * online and cached, like any list the user reads on the web.
 */
const t = (chainId: number, address: string, symbol: string, name: string, decimals: number) => ({ chainId, address: address as `0x${string}`, symbol, name, decimals });

export const SNAPSHOT_LIST: TokenList = {
  name: 'CoW Desk snapshot',
  timestamp: '2026-11-23T00:00:00.000Z',
  tokens: [
    t(1, '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2', 'WETH', 'Wrapped Ether', 18),
    t(1, '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', 'USDC', 'USD Coin', 6),
    t(1, '0xdAC17F958D2ee523a2206206994597C13D831ec7', 'USDT', 'Tether USD', 6),
    t(1, '0x6B175474E89094C44Da98b954EedeAC495271d0F', 'DAI', 'Dai Stablecoin', 18),
    t(1, '0x2260FAC5E5542a773Aa44fBCfeDf7C193bc2C599', 'WBTC', 'Wrapped BTC', 8),
    t(1, '0xDEf1CA1fb7FBcDC777520aa7f396b4E015F497aB', 'COW', 'CoW Protocol Token', 18),
    t(1, '0x6810e776880C02933D47DB1b9fc05908e5386b96', 'GNO', 'Gnosis Token', 18),
    t(1, '0x1f9840a85d5aF5bf1D1762F925BDADdC4201F984', 'UNI', 'Uniswap', 18),
    t(1, '0x514910771AF9Ca656af840dff83E8264EcF986CA', 'LINK', 'ChainLink Token', 18),
    t(1, '0x7f39C581F595B53c5cb19bD0b3f8dA6c935E2Ca0', 'wstETH', 'Wrapped liquid staked Ether 2.0', 18),
    t(100, '0xe91D153E0b41518A2Ce8Dd3D7944Fa863463a97d', 'WXDAI', 'Wrapped XDAI', 18),
    t(100, '0xDDAfbb505ad214D7b80b1f830fcCc89B60fb7A83', 'USDC', 'USD Coin on xDai', 6),
    t(100, '0x177127622c4A00F3d409B75571e12cB3c8973d3c', 'COW', 'CoW Protocol Token on Gnosis Chain', 18),
    t(100, '0x9C58BAcC331c9aa871AFD802DB6379a98e80CEdb', 'GNO', 'Gnosis Token on xDai', 18),
    t(100, '0x6A023CCd1ff6F2045C3309768eAd9E68F978f6e1', 'WETH', 'Wrapped Ether on xDai', 18),
    t(42161, '0x82aF49447D8a07e3bd95BD0d56f35241523fBab1', 'WETH', 'Wrapped Ether', 18),
    t(42161, '0xaf88d065e77c8cC2239327C5EDb3A432268e5831', 'USDC', 'USD Coin', 6),
    t(42161, '0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9', 'USDT', 'Tether USD', 6),
    t(42161, '0x912CE59144191C1204E64559FE8253a0e49E6548', 'ARB', 'Arbitrum', 18),
    t(8453, '0x4200000000000000000000000000000000000006', 'WETH', 'Wrapped Ether', 18),
    t(8453, '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913', 'USDC', 'USD Coin', 6),
    t(8453, '0x50c5725949A6F0c72E6C4a641F24049A917DB0Cb', 'DAI', 'Dai Stablecoin', 18),
    t(11155111, '0xfFf9976782d46CC05630D1f6eBAb18b2324d6B14', 'WETH', 'Wrapped Ether', 18),
    t(11155111, '0x0625aFB445C3B6B7B929342a04A22599fd5dBB59', 'COW', 'CoW Protocol Token', 18),
    t(11155111, '0xbe72E441BF55620febc26715db68d3494213D8Cb', 'USDC', 'USDC (test)', 18),
  ],
};

/** The lists refreshed when online (the live URLs; tests point them at the sandbox). */
export const DEFAULT_LIST_URLS: readonly { name: string; url: string }[] = [
  { name: 'CoW Swap', url: 'https://files.cow.fi/tokens/CowSwap.json' },
  { name: 'Uniswap', url: 'https://ipfs.io/ipns/tokens.uniswap.org' },
];

/** The chain's native asset, listed so it can be picked (sold through wrapping). */
export const NATIVE_SYMBOLS: Readonly<Record<number, { symbol: string; name: string }>> = {
  1: { symbol: 'ETH', name: 'Ether' },
  100: { symbol: 'XDAI', name: 'xDAI' },
  42161: { symbol: 'ETH', name: 'Ether' },
  8453: { symbol: 'ETH', name: 'Ether' },
  11155111: { symbol: 'ETH', name: 'Sepolia Ether' },
};
