import { getAddress, type Address } from 'viem';

/**
 * The tokens the sandbox knows per chain: the known tokens of
 * shared/spec/protocol-notes.md with seeded USD prices, plus two test tokens
 * every chain has (one without a price, one the orderbook refuses).
 */
export interface TokenFixture {
  readonly symbol: string;
  readonly address: Address;
  readonly decimals: number;
  /** Seeded USD price; null means no oracle price (usdPrice 404, quote NoLiquidity). */
  readonly usd: number | null;
  /** How many holders topHolders returns; a few tokens have only 2, like live. */
  readonly holders: number;
}

/** Known to every chain but without a price: usdPrice 404, quote NoLiquidity (404). */
export const NO_PRICE_TOKEN: Address = getAddress('0x1111111111111111111111111111111111111111');
/** A token the orderbook refuses (think fee-on-transfer): quote and order UnsupportedToken. */
export const UNSUPPORTED_TOKEN: Address = getAddress('0xbad0000000000000000000000000000000000bad');

/**
 * A token contract on every sandbox chain that no token list, price or pool
 * knows: what a trader pastes from an explorer (the picker's unknown-token
 * import reads it from the chain). 9 decimals, so a guessed 18 would show.
 */
export const UNLISTED_TOKEN = { address: getAddress('0x7e57000000000000000000000000000000007e57'), symbol: 'MYST', name: 'Mystery Token', decimals: 9 } as const;

/**
 * A copy of USDC on every sandbox chain: a contract on no list that calls itself
 * "USDC" / "USD Coin", what a scammer deploys and sends around (the picker's
 * lookalike warning and import confirmation read it from the chain).
 */
export const UNLISTED_LOOKALIKE = { address: getAddress('0x05dc000000000000000000000000000000000006'), symbol: 'USDC', name: 'USD Coin', decimals: 6 } as const;

const token = (symbol: string, address: string, decimals: number, usd: number | null, holders = 10): TokenFixture => ({
  symbol,
  address: getAddress(address),
  decimals,
  usd,
  holders,
});

const shared = [token('ILLQ', NO_PRICE_TOKEN, 18, null), token('FOT', UNSUPPORTED_TOKEN, 18, 2)];

export const TOKENS: Readonly<Record<number, readonly TokenFixture[]>> = {
  1: [
    token('WETH', '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2', 18, 3000),
    token('USDC', '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', 6, 1),
    token('DAI', '0x6B175474E89094C44Da98b954EedeAC495271d0F', 18, 1),
    token('COW', '0xDEf1CA1fb7FBcDC777520aa7f396b4E015F497aB', 18, 0.5),
    ...shared,
  ],
  100: [
    token('WXDAI', '0xe91D153E0b41518A2Ce8Dd3D7944Fa863463a97d', 18, 1),
    token('USDC', '0xDDAfbb505ad214D7b80b1f830fcCc89B60fb7A83', 6, 1),
    token('COW', '0x177127622c4A00F3d409B75571e12cB3c8973d3c', 18, 0.5),
    ...shared,
  ],
  11155111: [
    token('WETH', '0xfFf9976782d46CC05630D1f6eBAb18b2324d6B14', 18, 3000),
    token('COW', '0x0625aFB445C3B6B7B929342a04A22599fd5dBB59', 18, 0.5),
    // The sepolia test USDC really has 18 decimals; and like live, few holders.
    token('USDC', '0xbe72E441BF55620febc26715db68d3494213D8Cb', 18, 1, 2),
    ...shared,
  ],
  42161: [
    token('WETH', '0x82aF49447D8a07e3bd95BD0d56f35241523fBab1', 18, 3000),
    token('USDC', '0xaf88d065e77c8cC2239327C5EDb3A432268e5831', 6, 1),
    ...shared,
  ],
  8453: [
    token('WETH', '0x4200000000000000000000000000000000000006', 18, 3000),
    token('USDC', '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913', 6, 1),
    ...shared,
  ],
};

/** USD price of each chain's native asset (ETH, or xDAI on Gnosis). */
export const NATIVE_USD: Readonly<Record<number, number>> = { 1: 3000, 100: 1, 11155111: 3000, 42161: 3000, 8453: 3000 };

/** Gas price (wei) behind the quote's network cost; 150k gas per trade everywhere. */
export const GAS_PRICE_WEI: Readonly<Record<number, bigint>> = {
  1: 15_000_000_000n,
  100: 2_000_000_000n,
  11155111: 5_000_000_000n,
  42161: 100_000_000n,
  8453: 50_000_000n,
};
export const GAS_PER_TRADE = 150_000n;

export function findToken(chainId: number, address: string): TokenFixture | undefined {
  const wanted = address.toLowerCase();
  return TOKENS[chainId]?.find((fixture) => fixture.address.toLowerCase() === wanted);
}
