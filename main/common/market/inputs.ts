import { getAddress, isAddress, type Address } from 'viem';
import { z } from 'zod';
import { AppError } from '../errors';
import { resolveChain } from '../protocol/chains';

/** `-` stands for the chain's native asset on the price endpoint (interface.md). */
export const NATIVE_TOKEN_REF = '-';

/** A chain by id (1) or alias ("gnosis"), resolved to its numeric id: the token service wants numbers. */
export const chainRefSchema = z.union([z.number().int(), z.string().trim().min(1)]).transform((value, ctx) => {
  try {
    return resolveChain(value).id;
  } catch (error) {
    ctx.addIssue({ code: 'custom', message: error instanceof AppError ? error.message : `Unknown chain "${String(value)}".` });
    return z.NEVER;
  }
});

/**
 * What a user may type as an address: all lowercase, or checksummed. A mixed-case
 * address whose checksum is wrong is refused, because that is how a typo shows.
 */
export function checkAddress(value: string): Address | string {
  const text = value.trim();
  if (!/^0x[0-9a-fA-F]{40}$/.test(text)) return `"${preview(text)}" is not an address: 0x followed by 40 hex digits.`;
  if (!isAddress(text, { strict: true })) return `"${text}" has a wrong checksum: paste it again, or write it all in lowercase.`;
  return getAddress(text);
}

export const userAddressSchema = z.string().transform((value, ctx) => {
  const checked = checkAddress(value);
  if (isChecked(checked)) return checked;
  ctx.addIssue({ code: 'custom', message: checked });
  return z.NEVER;
});

/** A token address, or `-` for the native asset. One transform, so the address's own message reaches the user. */
export const tokenRefSchema = z.string().transform((value, ctx): Address | typeof NATIVE_TOKEN_REF => {
  if (value.trim() === NATIVE_TOKEN_REF) return NATIVE_TOKEN_REF;
  const checked = checkAddress(value);
  if (isChecked(checked)) return checked;
  ctx.addIssue({ code: 'custom', message: `${checked} Use "-" for the chain's native asset.` });
  return z.NEVER;
});

/** How many pool addresses one look-up takes; the client sends them 500 per request. */
export const MAX_POOL_LOOKUP = 5_000;

export interface AddressList {
  addresses: Address[];
  /** One message per entry that is no address, in the order pasted. */
  invalid: string[];
  /** Entries dropped because they were already in the list (any case). */
  duplicates: number;
}

/** Splits pasted text (lines, commas, spaces) into addresses, keeping every problem to show the user. */
export function parseAddressList(text: string): AddressList {
  const seen = new Set<string>();
  const result: AddressList = { addresses: [], invalid: [], duplicates: 0 };
  for (const entry of text.split(/[\s,;]+/).filter((part) => part !== '')) {
    const checked = checkAddress(entry);
    if (!isChecked(checked)) {
      result.invalid.push(checked);
      continue;
    }
    if (seen.has(checked)) result.duplicates += 1;
    else {
      seen.add(checked);
      result.addresses.push(checked);
    }
  }
  return result;
}

function isChecked(value: Address | string): value is Address {
  return value.startsWith('0x') && value.length === 42;
}

function preview(text: string): string {
  return text.length > 48 ? `${text.slice(0, 45)}…` : text;
}
