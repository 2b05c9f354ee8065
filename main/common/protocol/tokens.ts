import type { Address } from 'viem';

export interface KnownToken {
  readonly chainId: number;
  readonly address: Address;
  readonly symbol: string;
  readonly decimals: number;
}

/**
 * Tokens CoW Desk can name without asking a chain (protocol-notes.md). Anything
 * else is shown in raw base units until its metadata is read on-chain.
 * Sepolia's test USDC really has 18 decimals.
 */
export const KNOWN_TOKENS: readonly KnownToken[] = [
  { chainId: 1, address: '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2', symbol: 'WETH', decimals: 18 },
  { chainId: 1, address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', symbol: 'USDC', decimals: 6 },
  { chainId: 1, address: '0x6B175474E89094C44Da98b954EedeAC495271d0F', symbol: 'DAI', decimals: 18 },
  { chainId: 1, address: '0xDEf1CA1fb7FBcDC777520aa7f396b4E015F497aB', symbol: 'COW', decimals: 18 },
  { chainId: 100, address: '0xe91D153E0b41518A2Ce8Dd3D7944Fa863463a97d', symbol: 'WXDAI', decimals: 18 },
  { chainId: 100, address: '0xDDAfbb505ad214D7b80b1f830fcCc89B60fb7A83', symbol: 'USDC', decimals: 6 },
  { chainId: 100, address: '0x177127622c4A00F3d409B75571e12cB3c8973d3c', symbol: 'COW', decimals: 18 },
  { chainId: 42161, address: '0x82aF49447D8a07e3bd95BD0d56f35241523fBab1', symbol: 'WETH', decimals: 18 },
  { chainId: 42161, address: '0xaf88d065e77c8cC2239327C5EDb3A432268e5831', symbol: 'USDC', decimals: 6 },
  { chainId: 8453, address: '0x4200000000000000000000000000000000000006', symbol: 'WETH', decimals: 18 },
  { chainId: 8453, address: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913', symbol: 'USDC', decimals: 6 },
  { chainId: 11155111, address: '0xfFf9976782d46CC05630D1f6eBAb18b2324d6B14', symbol: 'WETH', decimals: 18 },
  { chainId: 11155111, address: '0x0625aFB445C3B6B7B929342a04A22599fd5dBB59', symbol: 'COW', decimals: 18 },
  { chainId: 11155111, address: '0xbe72E441BF55620febc26715db68d3494213D8Cb', symbol: 'USDC', decimals: 18 },
];

export function findKnownToken(chainId: number, address: string): KnownToken | undefined {
  const wanted = address.toLowerCase();
  return KNOWN_TOKENS.find((token) => token.chainId === chainId && token.address.toLowerCase() === wanted);
}

/** A token's symbol and decimals by chain and address: the token lists and the user's imports know more than KNOWN_TOKENS. */
export type TokenLookup = (chainId: number, address: string) => { symbol: string; decimals: number } | null | undefined;
