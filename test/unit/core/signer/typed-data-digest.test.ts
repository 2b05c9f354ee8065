import fc from 'fast-check';
import { hashTypedData, type Hex, type TypedDataDefinition } from 'viem';
import { describe, expect, it } from 'vitest';
import { cancellationsTypedData } from '../../../../main/common/protocol/cancellations';
import { customDomain, domainFor } from '../../../../main/common/protocol/domain';
import { orderTypedData } from '../../../../main/common/protocol/order';
import { typedDataDigest } from '../../../../main/core/signer/process/typed-data-digest';
import { vectors } from '../../../helpers/vectors';

const hex = (bytes: number) => fc.uint8Array({ minLength: bytes, maxLength: bytes }).map((value) => `0x${Buffer.from(value).toString('hex')}` as Hex);

/** Nested structs, arrays of structs, strings, bytes, fixed bytes and integers: every branch of the encoding. */
const MAIL_TYPES = {
  Person: [
    { name: 'name', type: 'string' },
    { name: 'wallets', type: 'address[]' },
  ],
  Mail: [
    { name: 'from', type: 'Person' },
    { name: 'to', type: 'Person[]' },
    { name: 'contents', type: 'string' },
    { name: 'attachment', type: 'bytes' },
    { name: 'tag', type: 'bytes32' },
    { name: 'amount', type: 'uint256' },
    { name: 'flag', type: 'bool' },
  ],
} as const;
const person = fc.record({ name: fc.string(), wallets: fc.array(hex(20), { maxLength: 3 }) });
const mail = fc.record({
  from: person,
  to: fc.array(person, { maxLength: 3 }),
  contents: fc.string(),
  attachment: fc.uint8Array({ maxLength: 80 }).map((value) => `0x${Buffer.from(value).toString('hex')}` as Hex),
  tag: hex(32),
  amount: fc.bigInt({ min: 0n, max: 2n ** 256n - 1n }),
  flag: fc.boolean(),
});

describe("the signer's EIP-712 digest (type hashes and domain separators kept between signatures)", () => {
  it('is the digest of every order vector, and of the same order on every vector domain', () => {
    for (const vector of vectors.orders) {
      const order = { ...vector.order, sellAmount: BigInt(vector.order.sellAmount), buyAmount: BigInt(vector.order.buyAmount), feeAmount: BigInt(vector.order.feeAmount) };
      const separator = vectors.domain_separators.find((domain) => domain.domainSeparator === vector.domainSeparator)!;
      const typed = orderTypedData(order, customDomain(separator.chainId, separator.verifyingContract));
      expect(typedDataDigest(typed), vector.id).toBe(vector.digest);
      // Asked again, from the kept type hash and separator: the same digest.
      expect(typedDataDigest(typed), vector.id).toBe(vector.digest);
    }
  });

  it('equals viem hashTypedData for orders and cancellations on any chain, one after the other', () => {
    fc.assert(
      fc.property(fc.constantFrom(1, 100, 42161, 11155111), fc.constantFrom('production', 'staging' as const), fc.array(hex(56), { minLength: 1, maxLength: 4 }), (chainId, environment, uids) => {
        const domain = domainFor(chainId, environment);
        const cancellation = cancellationsTypedData(uids, domain) as TypedDataDefinition;
        expect(typedDataDigest(cancellation)).toBe(hashTypedData(cancellation));
        const order = orderTypedData(
          { sellToken: '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2', buyToken: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', sellAmount: 10n ** 18n, buyAmount: BigInt(uids.length), validTo: 1_800_000_000, appData: `0x${'00'.repeat(32)}`, feeAmount: 0n, kind: 'sell', partiallyFillable: false },
          domain,
        );
        expect(typedDataDigest(order)).toBe(hashTypedData(order));
      }),
    );
  });

  it('equals viem hashTypedData for nested structs, arrays, strings and bytes', () => {
    fc.assert(
      fc.property(mail, fc.string(), (message, name) => {
        const typed = { domain: { name, version: '1', chainId: 1n, verifyingContract: '0x9008D19f58AAbD9eD0D60971565AA8510560ab41' }, types: MAIL_TYPES, primaryType: 'Mail', message } as const;
        expect(typedDataDigest(typed as TypedDataDefinition)).toBe(hashTypedData(typed as TypedDataDefinition));
      }),
    );
    const domainOnly = { domain: { name: 'CoW Desk', chainId: 1 }, types: {}, primaryType: 'EIP712Domain', message: {} } as const;
    expect(typedDataDigest(domainOnly as TypedDataDefinition)).toBe(hashTypedData(domainOnly as TypedDataDefinition));
  });

  it('refuses values the types do not allow, as viem encodes them', () => {
    const order = orderTypedData(
      { sellToken: '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2', buyToken: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', sellAmount: 1n, buyAmount: 1n, validTo: 1, appData: `0x${'00'.repeat(32)}`, feeAmount: 0n, kind: 'sell', partiallyFillable: false },
      domainFor(1, 'production'),
    );
    expect(() => typedDataDigest({ ...order, message: { ...order.message, sellToken: '0x1234' } } as TypedDataDefinition)).toThrow(/Address "0x1234" is invalid/);
    expect(() => typedDataDigest({ ...order, message: { ...order.message, sellAmount: -1n } } as TypedDataDefinition)).toThrow(/-1/);
    expect(() => typedDataDigest({ ...order, message: { ...order.message, appData: '0x12' } } as TypedDataDefinition)).toThrow(/Size/i);
    expect(() => typedDataDigest({ ...order, primaryType: 'Nope' } as unknown as TypedDataDefinition)).toThrow(/Nope/);
  });
});
