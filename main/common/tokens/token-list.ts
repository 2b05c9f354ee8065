import { z } from 'zod';
import { addressSchema } from '../protocol/api/primitives';

/**
 * The Token Lists standard (tokenlists.org) as CoW's and Uniswap's lists
 * publish it: only the fields the picker uses are read, the rest is ignored.
 */
export const tokenListTokenSchema = z.looseObject({
  chainId: z.number().int(),
  address: addressSchema,
  symbol: z.string().min(1).max(64),
  name: z.string().max(128),
  decimals: z.number().int().min(0).max(255),
  logoURI: z.string().max(2048).optional(),
});
export const tokenListSchema = z.looseObject({
  name: z.string(),
  timestamp: z.string().optional(),
  tokens: z.array(tokenListTokenSchema),
});
export type TokenList = z.infer<typeof tokenListSchema>;
export type TokenListToken = z.infer<typeof tokenListTokenSchema>;

/** The native asset's pseudo-address, as token lists and the orderbook write it. */
export const NATIVE_ADDRESS = '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE';

export const tokenEntrySchema = z.strictObject({
  address: addressSchema,
  symbol: z.string(),
  name: z.string(),
  decimals: z.number().int(),
  /** data: URL of the logo cached on disk, null until cached (or without one). */
  logo: z.string().nullable(),
  /** Which lists name it ("CoW Desk snapshot", "CoW Swap", ...). */
  lists: z.array(z.string()),
  /** ETH / xDAI: listed, but sold through wrapping (the wallet issue adds wrap-then-sell). */
  native: z.boolean(),
  pinned: z.boolean(),
});
export type TokenEntry = z.infer<typeof tokenEntrySchema>;

export const tokenSearchSchema = z.strictObject({
  results: z.array(tokenEntrySchema),
  recent: z.array(tokenEntrySchema),
  pinned: z.array(tokenEntrySchema),
  /** Where the list came from: the shipped snapshot, or lists refreshed at `refreshedAt` (epoch ms). */
  source: z.enum(['snapshot', 'refreshed']),
  refreshedAt: z.number().nullable(),
});
export type TokenSearch = z.infer<typeof tokenSearchSchema>;

/** Ranks a token for a query: exact symbol, symbol prefix, name words, then substrings; -1 = no match. */
export function matchRank(token: { symbol: string; name: string; address: string }, query: string): number {
  const q = query.trim().toLowerCase();
  if (q === '') return 0;
  const symbol = token.symbol.toLowerCase();
  const name = token.name.toLowerCase();
  if (/^0x[0-9a-f]{40}$/.test(q)) return token.address.toLowerCase() === q ? 0 : -1;
  if (symbol === q) return 0;
  if (symbol.startsWith(q)) return 1;
  if (name.startsWith(q) || name.split(/\s+/).some((word) => word.startsWith(q))) return 2;
  if (symbol.includes(q) || name.includes(q)) return 3;
  if (q.startsWith('0x') && token.address.toLowerCase().startsWith(q)) return 4;
  return -1;
}
