import { getAddress, isAddress, maxUint256, type Address, type Hex } from 'viem';
import { isOrderUid } from '../../../main/common/protocol/order-uid';

/** Field readers shared by the orderbook routes; each returns undefined when the value is unusable. */

export function readAddress(value: unknown): Address | undefined {
  return typeof value === 'string' && isAddress(value, { strict: false }) ? getAddress(value) : undefined;
}

export type Uint256Read = { ok: true; value: bigint } | { ok: false; reason: 'not-decimal' | 'overflow' };

/** Amounts are decimal integer strings: no hex, no decimal point, no sign, no number type. */
export function readUint256(value: unknown): Uint256Read {
  if (typeof value !== 'string' || !/^[0-9]+$/.test(value)) return { ok: false, reason: 'not-decimal' };
  const parsed = BigInt(value);
  return parsed > maxUint256 ? { ok: false, reason: 'overflow' } : { ok: true, value: parsed };
}

export function readUid(value: unknown): Hex | undefined {
  return typeof value === 'string' && isOrderUid(value) ? (value.toLowerCase() as Hex) : undefined;
}

export function isHash32(value: unknown): value is Hex {
  return typeof value === 'string' && /^0x[0-9a-fA-F]{64}$/.test(value);
}

export function isHex(value: unknown): value is Hex {
  return typeof value === 'string' && /^0x([0-9a-fA-F]{2})*$/.test(value);
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** appData documents must be JSON objects, not just any JSON. */
export function isJsonObject(text: string): boolean {
  try {
    return isRecord(JSON.parse(text));
  } catch {
    return false;
  }
}

export type PageRead = { ok: true; offset: number; limit: number } | { ok: false; field: 'offset' | 'limit'; invalidLimit: boolean };

/** offset >= 0 (default 0), limit 1..1000 (default 10); a limit out of range is InvalidLimit, garbage is a bad parameter. */
export function readPage(query: URLSearchParams): PageRead {
  const offset = query.get('offset') ?? '0';
  const limit = query.get('limit') ?? '10';
  if (!/^[0-9]+$/.test(offset)) return { ok: false, field: 'offset', invalidLimit: false };
  if (!/^-?[0-9]+$/.test(limit)) return { ok: false, field: 'limit', invalidLimit: false };
  const limitValue = Number(limit);
  if (limitValue < 1 || limitValue > 1000) return { ok: false, field: 'limit', invalidLimit: true };
  return { ok: true, offset: Number(offset), limit: limitValue };
}
