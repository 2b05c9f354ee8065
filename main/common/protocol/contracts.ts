import type { Address } from 'viem';
import type { Environment } from './environments';

/**
 * Settlement (the EIP-712 verifying contract) and vault relayer (the ERC-20
 * approval target) per environment. They are the same on every chain, but
 * staging ("barn") has its own pair: an order signed for one is invalid on the other.
 */
export interface ProtocolContracts {
  readonly settlement: Address;
  readonly vaultRelayer: Address;
}

export const CONTRACTS: Readonly<Record<Environment, ProtocolContracts>> = {
  production: {
    settlement: '0x9008D19f58AAbD9eD0D60971565AA8510560ab41',
    vaultRelayer: '0xC92E8bdf79f0507f65a392b0ab4667716BFE0110',
  },
  staging: {
    settlement: '0xf553d092b50bdcbddeD1A99aF2cA29FBE5E2CB13',
    vaultRelayer: '0xC7242d167563352E2BCA4d71C043fbe542DB8FB2',
  },
};

/** Native ETH as a buy token; selling it needs the on-chain EthFlow contract. */
export const NATIVE_TOKEN_MARKER: Address = '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE';
