import { describe, expect, it } from 'vitest';
import {
  addressSchema,
  decimalStringSchema,
  hexSchema,
  uidSchema,
} from '../../../../../main/common/protocol/api';
import { UID } from './fixtures';

describe('api primitives', () => {
  it('accepts an address in any case and outputs the checksummed form', () => {
    const checksummed = '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2';
    expect(addressSchema.parse(checksummed.toLowerCase())).toBe(checksummed);
    expect(addressSchema.parse(checksummed.toUpperCase().replace('0X', '0x'))).toBe(checksummed);
    expect(addressSchema.parse(checksummed)).toBe(checksummed);
  });

  it('rejects addresses of the wrong length or without 0x', () => {
    for (const bad of ['0x1234', 'c02aaa39b223fe8d0a0e5c4f27ead9083c756cc2', `0x${'g'.repeat(40)}`, '-']) {
      expect(addressSchema.safeParse(bad).success).toBe(false);
    }
  });

  it('takes whole-byte hex, including the empty presign signature', () => {
    expect(hexSchema.parse('0x')).toBe('0x');
    expect(hexSchema.parse('0xca11da7a')).toBe('0xca11da7a');
    expect(hexSchema.safeParse('0xabc').success).toBe(false);
    expect(hexSchema.safeParse('ca11').success).toBe(false);
  });

  it('takes 56-byte UIDs and lowercases them', () => {
    expect(uidSchema.parse(UID.toUpperCase().replace('0X', '0x'))).toBe(UID);
    expect(uidSchema.safeParse(UID.slice(0, -2)).success).toBe(false);
  });

  it('takes decimal strings up to 2^256 - 1 only', () => {
    const max = (2n ** 256n - 1n).toString();
    expect(decimalStringSchema.parse(max)).toBe(max);
    expect(decimalStringSchema.parse('0')).toBe('0');
    for (const bad of [(2n ** 256n).toString(), '0x10', '1.5', '-1', '+1', '', ' 1', '1e18']) {
      expect(decimalStringSchema.safeParse(bad).success, bad).toBe(false);
    }
  });
});
