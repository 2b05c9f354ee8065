import { hashDomain, type Address, type Hex } from 'viem';
import { resolveChain } from './chains';
import { CONTRACTS } from './contracts';
import type { Environment } from './environments';

export interface ProtocolDomain {
  name: string;
  version: string;
  chainId: number;
  verifyingContract: Address;
}

/** The EIP-712 domain orders and cancellations are signed on. */
export function domainFor(chainId: number | string, environment: Environment): ProtocolDomain {
  return {
    name: 'Gnosis Protocol',
    version: 'v2',
    chainId: resolveChain(chainId).id,
    verifyingContract: CONTRACTS[environment].settlement,
  };
}

/** A domain for an arbitrary chain and verifying contract (test chains, vectors). */
export function customDomain(chainId: number, verifyingContract: Address): ProtocolDomain {
  return { name: 'Gnosis Protocol', version: 'v2', chainId, verifyingContract };
}

export function domainSeparator(domain: ProtocolDomain): Hex {
  return hashDomain({
    domain: { ...domain, chainId: BigInt(domain.chainId) },
    types: {
      EIP712Domain: [
        { name: 'name', type: 'string' },
        { name: 'version', type: 'string' },
        { name: 'chainId', type: 'uint256' },
        { name: 'verifyingContract', type: 'address' },
      ],
    },
  });
}
