import { getAddress, type Address, type Hex } from 'viem';
import { z } from 'zod';
import { isDecimalString, MAX_UINT256 } from '../amounts';

/**
 * Any case in, checksummed out: the services send lowercase, users paste
 * either, and one canonical form makes addresses comparable as strings.
 */
export const addressSchema = z
  .string()
  .regex(/^0x[0-9a-fA-F]{40}$/, 'expected an address: 0x followed by 40 hex digits')
  .transform((value): Address => getAddress(value.toLowerCase()));

/** Whole bytes of hex; "0x" alone is valid (the presign signature). */
export const hexSchema = z
  .string()
  .regex(/^0x(?:[0-9a-fA-F]{2})*$/, 'expected 0x followed by an even number of hex digits')
  .transform((value) => value as Hex);

/** Hashes are lowercased so they can be used as keys and compared as strings. */
export const bytes32Schema = z
  .string()
  .regex(/^0x[0-9a-fA-F]{64}$/, 'expected 32 bytes: 0x followed by 64 hex digits')
  .transform((value) => value.toLowerCase() as Hex);

/** Order UID: digest (32) ‖ owner (20) ‖ validTo (4) = 56 bytes; lowercased like order-uid.ts produces. */
export const uidSchema = z
  .string()
  .regex(/^0x[0-9a-fA-F]{112}$/, 'expected an order UID: 0x followed by 112 hex digits (56 bytes)')
  .transform((value) => value.toLowerCase() as Hex);

/** A 65-byte r ‖ s ‖ v signature, what eip712 and ethsign produce. */
export const ecdsaSignatureSchema = z
  .string()
  .regex(/^0x[0-9a-fA-F]{130}$/, 'expected a 65-byte ECDSA signature: 0x followed by 130 hex digits')
  .transform((value) => value as Hex);

/**
 * uint256 in decimal, kept as a string: records are stored and re-sent as the
 * service wrote them; parse with parseAmount where arithmetic is needed.
 */
export const decimalStringSchema = z
  .string()
  .refine(isDecimalString, 'expected a whole number in decimal digits (no hex, sign or decimal point)')
  .refine((value) => !isDecimalString(value) || BigInt(value) <= MAX_UINT256, 'exceeds the largest uint256 (2^256 - 1)');

/** Unix seconds as the contract stores them. */
export const uint32Schema = z.number().int().min(0).max(2 ** 32 - 1);

export const orderKindSchema = z.enum(['sell', 'buy']);
export const signingSchemeSchema = z.enum(['eip712', 'ethsign', 'presign', 'eip1271']);
export const ecdsaSigningSchemeSchema = z.enum(['eip712', 'ethsign']);
export const priceQualitySchema = z.enum(['fast', 'optimal', 'verified']);
/** Only erc20 is accepted for new orders; the others can appear on historical ones. */
export const sellTokenBalanceSchema = z.enum(['erc20', 'external', 'internal']);
export const buyTokenBalanceSchema = z.enum(['erc20', 'internal']);

export type ApiAddress = z.infer<typeof addressSchema>;
export type DecimalString = z.infer<typeof decimalStringSchema>;
export type ApiSigningScheme = z.infer<typeof signingSchemeSchema>;
