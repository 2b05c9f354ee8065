import { keccak256, stringToHex } from 'viem';
import { describe, expect, it } from 'vitest';
import { checkedAppDataHash } from '../../../../main/common/protocol/app-data';

const document = '{"appCode":"CoW Desk","metadata":{},"version":"1.4.0"}';
/** keccak256 of the document's UTF-8 bytes, by viem here, not by the app's hashing. */
const hash = keccak256(stringToHex(document));

describe('an appData document checked before an order is signed', () => {
  it('answers the hash an order carries for it, and takes that hash in either case', () => {
    expect(checkedAppDataHash(document)).toBe(hash);
    expect(checkedAppDataHash(document, hash.toUpperCase().replace('0X', '0x') as `0x${string}`)).toBe(hash);
  });

  it("refuses a hash that is not the document's, in words", () => {
    const other = keccak256(stringToHex('{"appCode":"CoW Desk"}'));
    expect(() => checkedAppDataHash(document, other)).toThrow(
      expect.objectContaining({ code: 'APP_DATA_MISMATCH', message: "The order's appData hash is not the hash of its appData document; nothing was signed. Quote the order again." }),
    );
  });

  it('refuses what the service would not take: not a JSON object, or over 8192 bytes', () => {
    expect(() => checkedAppDataHash('[1]')).toThrow(expect.objectContaining({ code: 'InvalidAppData', message: 'The appData document is not valid: appData must be a JSON object document.' }));
    expect(() => checkedAppDataHash(`{"a":"${'x'.repeat(8200)}"}`)).toThrow(expect.objectContaining({ code: 'InvalidAppData', message: expect.stringContaining('larger than 8192 bytes') }));
  });
});
