import { describe, expect, it } from 'vitest';
import { checkAddress, parseAddressList, tokenRefSchema, userAddressSchema } from '../../../../main/common/market/inputs';

const WETH = '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2';

/** An address a user types or pastes, and what they read when it is none (StrykerJS survivors in inputs.ts). */
describe('addresses typed by a user', () => {
  it('takes one with spaces around, checksummed or all lowercase', () => {
    expect(checkAddress(`  ${WETH.toLowerCase()} `)).toBe(WETH);
    expect(userAddressSchema.parse(` ${WETH}`)).toBe(WETH);
  });

  it('says what an address is, a long paste cut at 45 characters, and a checksum typo', () => {
    expect(checkAddress('hello')).toBe('"hello" is not an address: 0x followed by 40 hex digits.');
    const long = `address:${WETH}`;
    expect(checkAddress(long)).toBe(`"${long.slice(0, 45)}…" is not an address: 0x followed by 40 hex digits.`);
    expect(checkAddress(`${WETH}00`)).toMatch(/is not an address/);
    const fortyEight = `0x${'a'.repeat(46)}`;
    expect(checkAddress(fortyEight)).toBe(`"${fortyEight}" is not an address: 0x followed by 40 hex digits.`);
    const typo = `${WETH.slice(0, -1)}C`;
    expect(checkAddress(typo)).toBe(`"${typo}" has a wrong checksum: paste it again, or write it all in lowercase.`);
    const refused = userAddressSchema.safeParse('hello');
    expect(refused.success ? null : refused.error.issues[0]!.message).toBe('"hello" is not an address: 0x followed by 40 hex digits.');
  });

  it('a token may be "-" (with spaces) for the native asset; anything else is an address, and the message says so', () => {
    expect(tokenRefSchema.parse(' - ')).toBe('-');
    const refused = tokenRefSchema.safeParse('eth');
    expect(refused.success ? null : refused.error.issues[0]!.message).toBe('"eth" is not an address: 0x followed by 40 hex digits. Use "-" for the chain\'s native asset.');
  });

  it('splits a paste on runs of spaces, commas and semicolons', () => {
    expect(parseAddressList(`${WETH},;  ${WETH.toLowerCase()}\n\nnope`)).toEqual({ addresses: [WETH], invalid: ['"nope" is not an address: 0x followed by 40 hex digits.'], duplicates: 1 });
  });
});
