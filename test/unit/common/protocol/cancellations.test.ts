import { domain as cowDomain, hashOrderCancellations, signOrderCancellations, SigningScheme } from '@cowprotocol/contracts';
import { ethers } from 'ethers';
import { concat, numberToHex, pad, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { cancellationsDigest, cancellationsTypedData } from '../../../../main/common/protocol/cancellations';
import { domainFor } from '../../../../main/common/protocol/domain';

/**
 * What the orderbook checks a batch cancellation against is CoW's own hashing
 * (@cowprotocol/contracts), so that is the oracle here, never the app's
 * main/common/protocol: a field of the OrderCancellations type renamed, retyped
 * or reordered changes the digest, and the service would refuse every cancellation.
 */
const SETTLEMENT = { production: '0x9008D19f58AAbD9eD0D60971565AA8510560ab41', staging: '0xf553d092b50bdcbddeD1A99aF2cA29FBE5E2CB13' } as const;
/** Hardhat's first public test key: never a real account. */
const TEST_KEY: Hex = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';

/** A well-formed 56-byte UID (digest, owner, validTo) built from a number, so the batch is fixed. */
const uidOf = (n: number): Hex => concat([pad(numberToHex(n), { size: 32 }), pad(numberToHex(n + 1), { size: 20 }), pad(numberToHex(1_900_000_000 + n), { size: 4 })]);
const batches: Hex[][] = [[uidOf(1)], [uidOf(1), uidOf(2)], [uidOf(7), uidOf(3), uidOf(5)]];

describe('OrderCancellations as @cowprotocol/contracts hashes it', () => {
  it.each([
    [1, 'production'],
    [100, 'production'],
    [11155111, 'staging'],
  ] as const)('digests of batches of 1 to 3 UIDs agree on chain %i (%s)', (chainId, environment) => {
    for (const uids of batches) {
      expect(cancellationsDigest(uids, domainFor(chainId, environment)), uids.join()).toBe(hashOrderCancellations(cowDomain(chainId, SETTLEMENT[environment]), uids));
    }
  });

  it('refuses to sign a batch holding anything that is not an order UID', () => {
    expect(() => cancellationsDigest([uidOf(1), '0x1234'], domainFor(1, 'production'))).toThrow(/is not an order UID/);
  });

  it('the order of the UIDs is part of what is signed', () => {
    const domain = domainFor(1, 'production');
    expect(cancellationsDigest([uidOf(1), uidOf(2)], domain)).not.toBe(cancellationsDigest([uidOf(2), uidOf(1)], domain));
  });

  it('an EIP-712 signature of the app’s typed data is the one CoW’s signing code makes, and an ethsign of its digest too', async () => {
    const uids = batches[2]!;
    const account = privateKeyToAccount(TEST_KEY);
    const wallet = new ethers.Wallet(TEST_KEY);
    const cow = cowDomain(1, SETTLEMENT.production);
    const joined = (signature: { data: unknown }) => ethers.utils.joinSignature(signature.data as ethers.Signature);
    expect(await account.signTypedData(cancellationsTypedData(uids, domainFor(1, 'production')))).toBe(
      joined(await signOrderCancellations(cow, uids, wallet, SigningScheme.EIP712)),
    );
    expect(await account.signMessage({ message: { raw: cancellationsDigest(uids, domainFor(1, 'production')) } })).toBe(
      joined(await signOrderCancellations(cow, uids, wallet, SigningScheme.ETHSIGN)),
    );
  });
});
