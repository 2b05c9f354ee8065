import { describe, expect, it } from 'vitest';
import { chainRefSchema, parseAddressList, tokenRefSchema } from '../../../../main/common/market/inputs';

const WETH = '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2';

describe('market inputs', () => {
  it('splits pasted addresses on lines, commas and spaces; keeps every problem and counts duplicates', () => {
    const list = parseAddressList(`${WETH.toLowerCase()},\n ${WETH}  0x12 ;nope\n${WETH.replace('C02', 'c02')}`);
    expect(list.addresses).toEqual([WETH]);
    expect(list.duplicates).toBe(1);
    expect(list.invalid).toEqual([
      '"0x12" is not an address: 0x followed by 40 hex digits.',
      '"nope" is not an address: 0x followed by 40 hex digits.',
      `"${WETH.replace('C02', 'c02')}" has a wrong checksum: paste it again, or write it all in lowercase.`,
    ]);
    expect(parseAddressList('  \n ')).toEqual({ addresses: [], invalid: [], duplicates: 0 });
  });

  it('takes a chain by id or alias and names the supported ones otherwise', () => {
    expect(chainRefSchema.parse('gnosis')).toBe(100);
    expect(chainRefSchema.parse(' Mainnet ')).toBe(1);
    expect(chainRefSchema.parse(8453)).toBe(8453);
    const wrong = chainRefSchema.safeParse(10);
    expect(wrong.success).toBe(false);
    expect(wrong.error?.issues[0]?.message).toMatch(/Unknown chain "10"\. Supported chains: 1 \(mainnet\)/);
  });

  it('takes "-" for the native asset, or an address with its own message', () => {
    expect(tokenRefSchema.parse('-')).toBe('-');
    expect(tokenRefSchema.parse(WETH.toLowerCase())).toBe(WETH);
    expect(tokenRefSchema.safeParse('0xabc').error?.issues[0]?.message).toBe(
      '"0xabc" is not an address: 0x followed by 40 hex digits. Use "-" for the chain\'s native asset.',
    );
  });
});
