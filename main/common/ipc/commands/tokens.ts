import { z } from 'zod';
import { addressSchema } from '../../protocol/api/primitives';
import { resemblanceSchema, tokenEntrySchema, tokenListsStatusSchema, tokenSearchSchema } from '../../tokens/token-list';

/** A USD price per whole token and how long ago the service gave it. */
export const agedPriceSchema = z.strictObject({ usd: z.number(), ageMs: z.number().nonnegative() });
export type AgedPrice = z.infer<typeof agedPriceSchema>;

export const tokenCommands = {
  /** The picker: tokens of a chain matching a symbol, name or address, with the user's recent and pinned tokens. */
  'tokens.search': {
    input: z.strictObject({ chainId: z.number().int(), query: z.string().max(200), limit: z.number().int().min(1).max(200).default(50) }),
    output: tokenSearchSchema,
  },
  'tokens.pin': { input: z.strictObject({ chainId: z.number().int(), address: addressSchema, pinned: z.boolean() }), output: z.null() },
  /**
   * A pasted address on no list, read from its chain (symbol, name, decimals) for
   * the unknown-token warning, with the listed token it looks like; nothing is kept. Needs the chain's JSON-RPC.
   */
  'tokens.inspect': {
    input: z.strictObject({ chainId: z.number().int(), address: addressSchema }),
    output: z.strictObject({ address: addressSchema, symbol: z.string(), name: z.string(), decimals: z.number().int(), resembles: resemblanceSchema.nullable() }),
  },
  /**
   * The user accepted the warning: main reads the token from its chain again and adds it to the picker.
   * A lookalike of a listed token needs `confirmedNot`, that token's address, from the confirmation
   * that named it (LOOKALIKE_TOKEN otherwise).
   */
  'tokens.import': {
    input: z.strictObject({ chainId: z.number().int(), address: addressSchema, confirmedNot: addressSchema.optional() }),
    output: tokenEntrySchema,
  },
  /**
   * USD price of each token (by lower-case address) from the token service, for values shown beside
   * balances, with its age: main asks each token once however many screens show it, and not again
   * while the last answer is younger than PRICE_FRESH_MS. A decoration: a price that does not come
   * within PRICE_DECORATION_MS is the last one known (older, so its age shows) or null.
   */
  'tokens.usdPrices': {
    input: z.strictObject({ chainId: z.number().int(), tokens: z.array(addressSchema).max(50) }),
    output: z.record(z.string(), agedPriceSchema.nullable()),
  },
  /** A token was chosen in the picker: it leads the recent list next time. */
  'tokens.used': { input: z.strictObject({ chainId: z.number().int(), address: addressSchema }), output: z.null() },
  /** Settings: each token list's last refresh, its outcome (ok, or failed and why) and what it held. */
  'tokens.lists': { input: z.strictObject({}), output: tokenListsStatusSchema },
  /** Settings' "Refresh now": starts a refresh (or joins the one under way) and answers at once; tokens.listsChanged tells the outcome. */
  'tokens.refreshLists': { input: z.strictObject({}), output: tokenListsStatusSchema },
} as const;

export const tokenEvents = {
  /** A token list refresh started or ended: Settings redraws its lines, an open picker searches again. */
  'tokens.listsChanged': tokenListsStatusSchema,
} as const;
