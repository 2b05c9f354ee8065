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
export type TokenListToken = z.infer<typeof tokenListTokenSchema>;
export interface TokenList {
  name: string;
  timestamp?: string | undefined;
  tokens: TokenListToken[];
}

/** The list around its entries; each entry is checked on its own (parseTokenList). */
const tokenListEnvelopeSchema = z.looseObject({
  name: z.string().max(256),
  timestamp: z.string().optional(),
  tokens: z.array(z.unknown()),
});

/** What a list held that the app cannot use: how many entries, and the first one in words. */
export interface SkippedEntries {
  count: number;
  /** e.g. `SOL (chain 501000101): address: expected an address: 0x followed by 40 hex digits`. */
  example: string | null;
}

export type ParsedTokenList = { ok: true; list: TokenList; skipped: SkippedEntries } | { ok: false; error: string };

/**
 * Reads a list by the Token Lists standard. An entry the app cannot use
 * (another chain family's address, such as the Solana entries of Uniswap's
 * default list, a bad address, a missing field) costs that entry only: it is
 * skipped and counted. Only a document that is not a token list at all is refused.
 */
export function parseTokenList(value: unknown): ParsedTokenList {
  const steps = parseTokenListInSteps(value, Number.POSITIVE_INFINITY);
  let step = steps.next();
  while (!step.done) step = steps.next();
  return step.value;
}

/**
 * parseTokenList in steps: it pauses (yields) after every `slice` entries, so
 * main can answer the renderer between them while a list of thousands is checked.
 */
export function* parseTokenListInSteps(value: unknown, slice: number): Generator<void, ParsedTokenList> {
  const envelope = tokenListEnvelopeSchema.safeParse(value);
  if (!envelope.success) {
    const issue = envelope.error.issues[0];
    return { ok: false, error: `not a token list (${issue ? `${issue.path.join('.') || 'document'}: ${issue.message}` : 'invalid'})` };
  }
  const tokens: TokenListToken[] = [];
  const skipped: SkippedEntries = { count: 0, example: null };
  for (const [index, entry] of envelope.data.tokens.entries()) {
    if (index > 0 && index % slice === 0) yield;
    const token = tokenListTokenSchema.safeParse(entry);
    if (token.success) {
      tokens.push(token.data);
      continue;
    }
    skipped.count += 1;
    skipped.example ??= describeSkipped(entry, token.error);
  }
  const { name, timestamp } = envelope.data;
  return { ok: true, list: { name, ...(timestamp === undefined ? {} : { timestamp }), tokens }, skipped };
}

function describeSkipped(entry: unknown, error: z.ZodError): string {
  const record = typeof entry === 'object' && entry !== null ? (entry as Record<string, unknown>) : {};
  const symbol = typeof record.symbol === 'string' ? record.symbol.slice(0, 64) : 'an entry';
  const chain = typeof record.chainId === 'number' ? ` (chain ${record.chainId})` : '';
  const issue = error.issues[0];
  return `${symbol}${chain}: ${issue ? `${issue.path.join('.')}: ${issue.message}` : 'invalid'}`;
}

/** One list's last refresh as Settings shows it; persisted, so it survives a restart. */
export const tokenListStatusSchema = z.strictObject({
  name: z.string(),
  url: z.string(),
  /** Epoch ms of the last attempt, null before the first. */
  checkedAt: z.number().nullable(),
  /** The last attempt's outcome; null before the first. */
  outcome: z.enum(['ok', 'failed']).nullable(),
  /** Why the last attempt failed (the last good copy stays in use). */
  error: z.string().nullable(),
  /** Epoch ms the copy in use was downloaded; null while only the shipped snapshot answers for it. */
  refreshedAt: z.number().nullable(),
  /** Tokens of the copy in use, and the entries skipped from it as unusable. */
  tokens: z.number().int().nullable(),
  skipped: z.number().int(),
  skippedExample: z.string().nullable(),
});
export type TokenListStatus = z.infer<typeof tokenListStatusSchema>;

export const tokenListsStatusSchema = z.strictObject({
  lists: z.array(tokenListStatusSchema),
  /** A refresh is under way (at start, the daily one, or "Refresh now"). */
  refreshing: z.boolean(),
  /** Epoch ms of the next daily refresh; null once stopped. */
  nextRefreshAt: z.number().nullable(),
});
export type TokenListsStatus = z.infer<typeof tokenListsStatusSchema>;

/** The native asset's pseudo-address, as token lists and the orderbook write it. */
export const NATIVE_ADDRESS = '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE';

/** The list name imported tokens carry, so the picker says where a token came from. */
export const IMPORTED_LIST = 'Imported by you';

/** The listed token another can be taken for (lookalike.ts): what the warning and the import confirmation name. */
export const resemblanceSchema = z.strictObject({
  address: addressSchema,
  symbol: z.string(),
  name: z.string(),
  /** The lists that name it (never IMPORTED_LIST). */
  lists: z.array(z.string()),
});
export type Resemblance = z.infer<typeof resemblanceSchema>;

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
  /** A listed token whose symbol or name this one's looks like (TR39 skeletons), null when none: the picker warns. */
  resembles: resemblanceSchema.nullable(),
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
