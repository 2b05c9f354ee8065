import { z } from 'zod';
import { isDecimalString } from '../amounts';

/**
 * The orderbook's error body. errorType is an open string: the OpenAPI enums
 * are incomplete and the live service adds types over time. Some error bodies
 * are plain text or empty, so callers try this schema and fall back to the
 * raw text rather than assume JSON.
 */
export const orderbookErrorBodySchema = z.looseObject({
  errorType: z.string(),
  description: z.string(),
  data: z.unknown().optional(),
});
export type OrderbookErrorBody = z.infer<typeof orderbookErrorBodySchema>;

/**
 * The token/yield/notification service's error body: `{message}` (interface.md)
 * or the validation shape `{statusCode, code, error, message}` (live). The
 * richer shape is tried first because the plain one would also match it.
 */
export const bffErrorBodySchema = z.union([
  z.looseObject({ statusCode: z.number().int(), code: z.string(), error: z.string(), message: z.string() }),
  z.looseObject({ message: z.string() }),
]);
export type BffErrorBody = z.infer<typeof bffErrorBodySchema>;

/**
 * SellAmountDoesNotCoverFee carries `data: {fee_amount}`; returns the fee in
 * base units (decimal) for describeApiError's context. Hex and JSON numbers
 * are accepted too, since a uint256 may be serialised either way.
 */
export function feeAmountFromErrorData(data: unknown): string | undefined {
  if (data === null || typeof data !== 'object') return undefined;
  const fields = data as Record<string, unknown>;
  const fee = fields.fee_amount ?? fields.feeAmount;
  if (typeof fee === 'string' && (isDecimalString(fee) || /^0x[0-9a-fA-F]{1,64}$/.test(fee))) return BigInt(fee).toString();
  return typeof fee === 'number' && Number.isSafeInteger(fee) && fee >= 0 ? String(fee) : undefined;
}
