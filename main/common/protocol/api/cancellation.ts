import { z } from 'zod';
import { MAX_CANCELLATION_BATCH } from '../cancellations';
import { ecdsaSignatureSchema, ecdsaSigningSchemeSchema, uidSchema } from './primitives';

/**
 * DELETE /api/v1/orders body: one EIP-712 or ethsign signature over
 * OrderCancellations(bytes[] orderUids) for up to 128 orders of one owner.
 */
export const cancellationRequestSchema = z.strictObject({
  orderUids: z.array(uidSchema).min(1).max(MAX_CANCELLATION_BATCH),
  signature: ecdsaSignatureSchema,
  signingScheme: ecdsaSigningSchemeSchema,
});
export type CancellationRequest = z.input<typeof cancellationRequestSchema>;

/** The 200 body is the JSON string "Cancelled"; any string is accepted. */
export const cancellationResponseSchema = z.string();
