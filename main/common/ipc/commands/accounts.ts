import { z } from 'zod';
import { addressSchema } from '../../protocol/api/primitives';

/** Where an account's key lives; watch-only accounts have none and cannot sign. */
export const accountKindSchema = z.enum(['keychain', 'passphrase', 'watch']);
export type AccountKind = z.infer<typeof accountKindSchema>;

export const accountSchema = z.strictObject({
  address: addressSchema,
  label: z.string(),
  kind: accountKindSchema,
  createdAt: z.string(),
});
export type Account = z.infer<typeof accountSchema>;

const labelSchema = z.string().trim().min(1, 'Give the account a name.').max(64, 'Keep the name under 64 characters.');
/** Only for creating a passphrase vault entry; never stored or returned. */
const newPassphraseSchema = z.string().min(10, 'Use a passphrase of at least 10 characters.').max(1024);
/** Hex private key, with or without 0x; checked against the curve in main. */
const privateKeySchema = z
  .string()
  .trim()
  .regex(/^(0x)?[0-9a-fA-F]{64}$/, 'A private key is 64 hex digits, optionally prefixed with 0x.');

/** The user chooses where a new key goes: the OS keychain, or explicitly a passphrase vault. */
function withVaultChoice<Shape extends z.ZodRawShape>(shape: Shape) {
  return z.discriminatedUnion('vault', [
    z.strictObject({ ...shape, vault: z.literal('keychain') }),
    z.strictObject({ ...shape, vault: z.literal('passphrase'), passphrase: newPassphraseSchema }),
  ]);
}

export const keychainStatusSchema = z.strictObject({
  available: z.boolean(),
  /** Why it is not, in words a user can act on. */
  reason: z.string().optional(),
});

export const accountCommands = {
  'accounts.list': { input: z.undefined(), output: z.array(accountSchema) },
  'accounts.keychainStatus': { input: z.undefined(), output: keychainStatusSchema },
  'accounts.importKey': { input: withVaultChoice({ label: labelSchema, privateKey: privateKeySchema }), output: accountSchema },
  'accounts.generate': { input: withVaultChoice({ label: labelSchema }), output: accountSchema },
  'accounts.addWatchOnly': { input: z.strictObject({ label: labelSchema, address: addressSchema }), output: accountSchema },
  'accounts.rename': { input: z.strictObject({ address: addressSchema, label: labelSchema }), output: accountSchema },
  'accounts.remove': {
    // The renderer asks the user to confirm; main insists the confirmation names the same account.
    input: z.strictObject({ address: addressSchema, confirmAddress: addressSchema }),
    output: z.strictObject({ removed: addressSchema }),
  },
} as const;

export const accountEvents = {
  'accounts.changed': z.array(accountSchema),
} as const;
