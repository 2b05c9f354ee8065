import { z } from 'zod';
import { addressSchema } from '../../protocol/api/primitives';
import { tokenSearchSchema } from '../../tokens/token-list';

export const tokenCommands = {
  /** The picker: tokens of a chain matching a symbol, name or address, with the user's recent and pinned tokens. */
  'tokens.search': {
    input: z.strictObject({ chainId: z.number().int(), query: z.string().max(200), limit: z.number().int().min(1).max(200).default(50) }),
    output: tokenSearchSchema,
  },
  'tokens.pin': { input: z.strictObject({ chainId: z.number().int(), address: addressSchema, pinned: z.boolean() }), output: z.null() },
  /** A token was chosen in the picker: it leads the recent list next time. */
  'tokens.used': { input: z.strictObject({ chainId: z.number().int(), address: addressSchema }), output: z.null() },
} as const;
