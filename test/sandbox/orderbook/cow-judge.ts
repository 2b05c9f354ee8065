import type { Order, OrderBalance } from '@cowprotocol/contracts';
import { getAddress, recoverAddress, recoverMessageAddress, size, type Address, type Hex } from 'viem';
import type { Environment } from '../../../main/common/protocol/environments';
import type { OrderStruct } from '../../../main/common/protocol/order';
import { cowTooling } from '../cow-tooling';

/**
 * The sandbox's judge of signatures, UIDs and domains: digests come from
 * @cowprotocol/contracts (CoW's own TypeScript next to the Solidity), never
 * from this repo's main/common/protocol; the ECDSA recovery of a digest is
 * viem's (fast, and it holds no protocol knowledge). If the app hashes or
 * signs anything differently from the protocol, the sandbox refuses it as the
 * live service would.
 */

/** Settlement contracts (EIP-712 verifying contract) per environment, from protocol-notes.md. */
export const SETTLEMENT_ADDRESS: Readonly<Record<Environment, Address>> = {
  production: getAddress('0x9008D19f58AAbD9eD0D60971565AA8510560ab41'),
  staging: getAddress('0xf553d092b50bdcbddeD1A99aF2cA29FBE5E2CB13'),
};

export const cowDomain = (chainId: number, environment: Environment) => cowTooling().domain(chainId, SETTLEMENT_ADDRESS[environment]);

export function cowOrder(struct: OrderStruct): Order {
  const { OrderKind } = cowTooling();
  return {
    sellToken: struct.sellToken,
    buyToken: struct.buyToken,
    receiver: struct.receiver ?? undefined,
    sellAmount: struct.sellAmount.toString(),
    buyAmount: struct.buyAmount.toString(),
    validTo: struct.validTo,
    appData: struct.appData,
    feeAmount: struct.feeAmount.toString(),
    kind: struct.kind === 'sell' ? OrderKind.SELL : OrderKind.BUY,
    partiallyFillable: struct.partiallyFillable,
    sellTokenBalance: (struct.sellTokenBalance ?? 'erc20') as OrderBalance,
    buyTokenBalance: (struct.buyTokenBalance ?? 'erc20') as OrderBalance,
  };
}

/** The owner an ECDSA order signature recovers to; throws when the signature is malformed. */
export function recoverOrderOwner(chainId: number, environment: Environment, struct: OrderStruct, scheme: 'eip712' | 'ethsign', signature: Hex): Promise<Address> {
  return recoverDigest(orderDigestOf(chainId, environment, struct), scheme, signature);
}

export const orderDigestOf = (chainId: number, environment: Environment, struct: OrderStruct) => cowTooling().hashOrder(cowDomain(chainId, environment), cowOrder(struct)) as Hex;

export function orderUidOf(chainId: number, environment: Environment, struct: OrderStruct, owner: Address): Hex {
  return cowTooling().computeOrderUid(cowDomain(chainId, environment), cowOrder(struct), owner).toLowerCase() as Hex;
}

/** eip712 signs the digest itself; ethsign signs it as a 32-byte personal message. */
async function recoverDigest(digest: string, scheme: 'eip712' | 'ethsign', signature: Hex): Promise<Address> {
  if (size(signature) !== 65) throw new Error('ECDSA signature must be 65 bytes long');
  const hash = digest as Hex;
  return getAddress(scheme === 'eip712' ? await recoverAddress({ hash, signature }) : await recoverMessageAddress({ message: { raw: hash }, signature }));
}

/** Signer of a DELETE /api/v1/orders body: EIP-712 `OrderCancellations(bytes[] orderUids)`. */
export function recoverCancellationsSigner(chainId: number, environment: Environment, uids: readonly Hex[], scheme: 'eip712' | 'ethsign', signature: Hex): Promise<Address> {
  return recoverDigest(cowTooling().hashOrderCancellations(cowDomain(chainId, environment), [...uids]), scheme, signature);
}

/** Signer of the deprecated single DELETE /api/v1/orders/{uid}: `OrderCancellation(bytes orderUid)`. */
export function recoverCancellationSigner(chainId: number, environment: Environment, uid: Hex, scheme: 'eip712' | 'ethsign', signature: Hex): Promise<Address> {
  return recoverDigest(cowTooling().hashOrderCancellation(cowDomain(chainId, environment), uid), scheme, signature);
}
