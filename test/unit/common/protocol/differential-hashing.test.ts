import { computeOrderUid, domain as cowDomain, hashOrder, hashOrderCancellations, OrderBalance, OrderKind, signOrder, signOrderCancellations, SigningScheme } from '@cowprotocol/contracts';
import { ethers } from 'ethers';
import fc from 'fast-check';
import { getAddress, type Address, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { appDataHash, serializeAppData } from '../../../../main/common/protocol/app-data';
import { cancellationsDigest, cancellationsTypedData } from '../../../../main/common/protocol/cancellations';
import { domainFor, domainSeparator } from '../../../../main/common/protocol/domain';
import { orderDigest, orderTypedData, type OrderStruct } from '../../../../main/common/protocol/order';
import { orderUid } from '../../../../main/common/protocol/order-uid';
import { TEST_ACCOUNTS } from '../../../sandbox/account-fixtures';

/**
 * The app's protocol kernel (main/common/protocol) against CoW's own
 * TypeScript (@cowprotocol/contracts, ethers): digests, UIDs, cancellations
 * and signatures agree for random orders on every chain and environment.
 * fast-check seed fixed (and printed by fast-check on failure) so a failure replays.
 */
const SEED = 20261123;
const SETTLEMENT = { production: '0x9008D19f58AAbD9eD0D60971565AA8510560ab41', staging: '0xf553d092b50bdcbddeD1A99aF2cA29FBE5E2CB13' } as const;
const CHAINS = [1, 100, 11155111, 42161, 8453] as const;
const { trader } = TEST_ACCOUNTS;

const address = fc.uint8Array({ minLength: 20, maxLength: 20 }).map((bytes) => getAddress(ethers.utils.hexlify(bytes)) as Address);
const hash32 = fc.uint8Array({ minLength: 32, maxLength: 32 }).map((bytes) => ethers.utils.hexlify(bytes) as Hex);
const uint256 = fc.bigInt({ min: 0n, max: 2n ** 256n - 1n });
const order = fc.record({
  sellToken: address,
  buyToken: address,
  receiver: fc.option(address, { nil: null }),
  sellAmount: uint256,
  buyAmount: uint256,
  validTo: fc.integer({ min: 0, max: 0xffffffff }),
  appData: hash32,
  feeAmount: uint256,
  kind: fc.constantFrom('sell' as const, 'buy' as const),
  partiallyFillable: fc.boolean(),
  sellTokenBalance: fc.constantFrom('erc20' as const, 'external' as const, 'internal' as const),
  buyTokenBalance: fc.constantFrom('erc20' as const, 'internal' as const),
}) satisfies fc.Arbitrary<OrderStruct>;
const setting = fc.record({ chainId: fc.constantFrom(...CHAINS), environment: fc.constantFrom('production' as const, 'staging' as const) });

const cowOrder = (struct: OrderStruct) => ({
  ...struct,
  receiver: struct.receiver ?? undefined,
  sellAmount: struct.sellAmount.toString(),
  buyAmount: struct.buyAmount.toString(),
  feeAmount: struct.feeAmount.toString(),
  kind: struct.kind === 'sell' ? OrderKind.SELL : OrderKind.BUY,
  sellTokenBalance: struct.sellTokenBalance as OrderBalance,
  buyTokenBalance: struct.buyTokenBalance as OrderBalance,
});

describe('differential: the app’s protocol code against @cowprotocol/contracts', () => {
  it('domain separators, order digests and UIDs agree', () => {
    fc.assert(
      fc.property(order, setting, address, (struct, { chainId, environment }, owner) => {
        const cow = cowDomain(chainId, SETTLEMENT[environment]);
        expect(domainSeparator(domainFor(chainId, environment))).toBe(ethers.utils._TypedDataEncoder.hashDomain(cow));
        const digest = orderDigest(struct, domainFor(chainId, environment));
        expect(digest).toBe(hashOrder(cow, cowOrder(struct)));
        expect(orderUid(digest, owner, struct.validTo)).toBe(computeOrderUid(cow, cowOrder(struct), owner).toLowerCase());
      }),
      { seed: SEED, numRuns: 200 },
    );
  });

  it('OrderCancellations digests agree for batches of 1 to 5 UIDs', () => {
    const uid = fc.uint8Array({ minLength: 56, maxLength: 56 }).map((bytes) => ethers.utils.hexlify(bytes) as Hex);
    fc.assert(
      fc.property(fc.array(uid, { minLength: 1, maxLength: 5 }), setting, (uids, { chainId, environment }) => {
        expect(cancellationsDigest(uids, domainFor(chainId, environment))).toBe(hashOrderCancellations(cowDomain(chainId, SETTLEMENT[environment]), uids));
      }),
      { seed: SEED, numRuns: 100 },
    );
  });

  it('appData hashes are keccak256 of the exact document, as ethers computes it', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.oneof(fc.string(), fc.integer(), fc.boolean())), (metadata) => {
        const document = serializeAppData({ appCode: 'CoW Desk', metadata, version: '1.4.0' });
        expect(appDataHash(document)).toBe(ethers.utils.id(document));
      }),
      { seed: SEED, numRuns: 100 },
    );
  });

  it('signatures: the app’s EIP-712 order and cancellation signatures equal @cowprotocol/contracts’ (both schemes)', async () => {
    const wallet = new ethers.Wallet(trader.privateKey);
    const account = privateKeyToAccount(trader.privateKey);
    const struct: OrderStruct = {
      sellToken: getAddress('0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2'),
      buyToken: getAddress('0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'),
      receiver: null,
      sellAmount: 10n ** 18n,
      buyAmount: 2_900_000_000n,
      validTo: 1_800_003_600,
      appData: appDataHash('{"appCode":"CoW Desk","metadata":{},"version":"1.4.0"}'),
      feeAmount: 0n,
      kind: 'sell',
      partiallyFillable: false,
    };
    const cow = cowDomain(1, SETTLEMENT.production);
    const joined = (signature: { data: unknown }) => ethers.utils.joinSignature(signature.data as ethers.Signature);
    const ours = await account.signTypedData(orderTypedData(struct, domainFor(1, 'production')));
    expect(ours).toBe(joined(await signOrder(cow, cowOrder(struct), wallet, SigningScheme.EIP712)));
    const ethsign = await account.signMessage({ message: { raw: orderDigest(struct, domainFor(1, 'production')) } });
    expect(ethsign).toBe(joined(await signOrder(cow, cowOrder(struct), wallet, SigningScheme.ETHSIGN)));

    const uids = [orderUid(orderDigest(struct, domainFor(1, 'production')), trader.address, struct.validTo)];
    expect(await account.signTypedData(cancellationsTypedData(uids, domainFor(1, 'production')))).toBe(
      joined(await signOrderCancellations(cow, uids, wallet, SigningScheme.EIP712)),
    );
    expect(await account.signMessage({ message: { raw: cancellationsDigest(uids, domainFor(1, 'production')) } })).toBe(
      joined(await signOrderCancellations(cow, uids, wallet, SigningScheme.ETHSIGN)),
    );
  });
});
