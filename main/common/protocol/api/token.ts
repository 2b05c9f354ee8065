import { z } from 'zod';
import { addressSchema, decimalStringSchema } from './primitives';

/** GET /{chainId}/tokens/{token}/usdPrice. A 404 `{message}` means no oracle price, not a broken token. */
export const tokenPriceSchema = z.looseObject({
  price: z.number().finite().nonnegative(),
});
export type TokenPrice = z.infer<typeof tokenPriceSchema>;

/** Balance in raw base units; share of supply is the client's to compute. */
export const topHolderSchema = z.looseObject({
  address: addressSchema,
  balance: decimalStringSchema,
});
export type TopHolder = z.infer<typeof topHolderSchema>;

/** GET /{chainId}/tokens/{token}/topHolders; the live service sometimes returns only two. */
export const topHoldersSchema = z.array(topHolderSchema);
