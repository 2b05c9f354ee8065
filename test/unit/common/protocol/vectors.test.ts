import { keccak256, stringToBytes } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { appDataHash } from '../../../../main/common/protocol/app-data';
import { customDomain, domainSeparator } from '../../../../main/common/protocol/domain';
import { orderDigest, orderTypedData, type OrderStruct } from '../../../../main/common/protocol/order';
import { orderUid, parseOrderUid } from '../../../../main/common/protocol/order-uid';
import { recoverDigestSigner } from '../../../../main/common/protocol/signatures';
import { vectors } from '../../../helpers/vectors';

const [vector] = vectors.orders;
if (!vector) throw new Error('vectors.json has no order vector');
const order: OrderStruct = {
  ...vector.order,
  sellAmount: BigInt(vector.order.sellAmount),
  buyAmount: BigInt(vector.order.buyAmount),
  feeAmount: BigInt(vector.order.feeAmount),
};
const domain = customDomain(31337, '0x5FbDB2315678afecb367f032d93F642f64180aa3');

describe('shared/spec/vectors.json, byte for byte', () => {
  it('type hashes and string markers', () => {
    expect(keccak256(stringToBytes(vectors.eip712.order_type))).toBe(vectors.eip712.order_type_hash);
    expect(keccak256(stringToBytes(vectors.eip712.cancellations_type))).toBe(vectors.eip712.cancellations_type_hash);
    for (const [expression, hash] of Object.entries(vectors.eip712.markers)) {
      const word = /"(.*)"/.exec(expression)?.[1] ?? '';
      expect(keccak256(stringToBytes(word)), expression).toBe(hash);
    }
  });

  it.each(vectors.domain_separators)('domain separator $id', ({ chainId, verifyingContract, domainSeparator: expected }) => {
    expect(domainSeparator(customDomain(chainId, verifyingContract))).toBe(expected);
  });

  it('order digest and UID', () => {
    expect(domainSeparator(domain)).toBe(vector.domainSeparator);
    const digest = orderDigest(order, domain);
    expect(digest).toBe(vector.digest);
    expect(orderUid(digest, vector.owner, order.validTo)).toBe(vector.uid);
    expect(parseOrderUid(vector.uid)).toEqual({ digest: vector.digest, owner: vector.owner, validTo: 4294967295 });
  });

  it('eip712 and ethsign signatures by the vector key, and their recovery', async () => {
    const account = privateKeyToAccount(vector.signer_private_key_public_test_key);
    expect(account.address).toBe(vector.owner);
    expect(await account.signTypedData(orderTypedData(order, domain))).toBe(vector.signatures.eip712);
    expect(await account.signMessage({ message: { raw: vector.digest } })).toBe(vector.signatures.ethsign);
    expect(await recoverDigestSigner(vector.digest, 'eip712', vector.signatures.eip712)).toBe(vector.owner);
    expect(await recoverDigestSigner(vector.digest, 'ethsign', vector.signatures.ethsign)).toBe(vector.owner);
    // The same signature under the other scheme belongs to someone else.
    expect(await recoverDigestSigner(vector.digest, 'ethsign', vector.signatures.eip712)).not.toBe(vector.owner);
  });

  it.each(vectors.app_data)('appData hash $id', ({ fullAppData, appDataHash: expected }) => {
    expect(appDataHash(fullAppData)).toBe(expected);
  });
});
