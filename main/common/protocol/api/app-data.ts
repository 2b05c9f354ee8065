import { stringToBytes } from 'viem';
import { z } from 'zod';
import { MAX_APP_DATA_BYTES } from '../app-data';
import { bytes32Schema } from './primitives';

/**
 * PUT /api/v1/app_data/{hash} body. The string must be the exact one whose
 * keccak256 is the hash (see serializeAppData); the service does no canonicalisation.
 */
export const appDataUploadSchema = z.strictObject({
  fullAppData: z
    .string()
    .refine((text) => stringToBytes(text).length <= MAX_APP_DATA_BYTES, `appData is larger than ${MAX_APP_DATA_BYTES} bytes`),
});
export type AppDataUpload = z.infer<typeof appDataUploadSchema>;

/** PUT answers 201 (new) or 200 (already known) with the hash as a JSON string. */
export const appDataUploadResponseSchema = bytes32Schema;

/** GET /api/v1/app_data/{hash}; a 404 comes back as plain text, not this shape. */
export const appDataGetSchema = z.looseObject({ fullAppData: z.string() });
export type AppDataGet = z.infer<typeof appDataGetSchema>;
