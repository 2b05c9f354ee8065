import { concat, getAddress, numberToHex, sliceHex, type Address, type Hex } from 'viem';
import { AppError } from '../errors';

export interface OrderUidParts {
  digest: Hex;
  owner: Address;
  validTo: number;
}

const UID_PATTERN = /^0x[0-9a-fA-F]{112}$/;

/** digest (32 bytes) ‖ owner (20) ‖ validTo as uint32 big-endian (4) = 56 bytes. */
export function orderUid(digest: Hex, owner: Address, validTo: number): Hex {
  return concat([digest, getAddress(owner), numberToHex(validTo, { size: 4 })]).toLowerCase() as Hex;
}

export function parseOrderUid(uid: string): OrderUidParts {
  if (!UID_PATTERN.test(uid)) {
    const bytes = uid.startsWith('0x') ? (uid.length - 2) / 2 : NaN;
    throw new AppError(
      'INVALID_ORDER_UID',
      `"${uid.slice(0, 20)}${uid.length > 20 ? '…' : ''}" is not an order UID: expected 0x followed by 112 hex digits (56 bytes)${Number.isFinite(bytes) ? `, got ${bytes} bytes` : ''}.`,
    );
  }
  const hex = uid.toLowerCase() as Hex;
  return {
    digest: sliceHex(hex, 0, 32),
    owner: getAddress(sliceHex(hex, 32, 52)),
    validTo: Number.parseInt(sliceHex(hex, 52, 56).slice(2), 16),
  };
}

export function isOrderUid(value: string): boolean {
  return UID_PATTERN.test(value);
}
