import { hashTypedData, zeroAddress, type Address, type Hex } from 'viem';
import type { ProtocolDomain } from './domain';

export type OrderKind = 'sell' | 'buy';
export type SellTokenBalance = 'erc20' | 'external' | 'internal';
export type BuyTokenBalance = 'erc20' | 'internal';

/** The order exactly as the settlement contract hashes it. Amounts are base units. */
export interface OrderStruct {
  sellToken: Address;
  buyToken: Address;
  /** Missing receiver means the owner; it is hashed as the zero address. */
  receiver?: Address | null;
  sellAmount: bigint;
  buyAmount: bigint;
  /** Unix seconds (uint32). */
  validTo: number;
  /** bytes32: keccak256 of the appData document. */
  appData: Hex;
  feeAmount: bigint;
  kind: OrderKind;
  partiallyFillable: boolean;
  sellTokenBalance?: SellTokenBalance;
  buyTokenBalance?: BuyTokenBalance;
}

export const ORDER_TYPES = {
  Order: [
    { name: 'sellToken', type: 'address' },
    { name: 'buyToken', type: 'address' },
    { name: 'receiver', type: 'address' },
    { name: 'sellAmount', type: 'uint256' },
    { name: 'buyAmount', type: 'uint256' },
    { name: 'validTo', type: 'uint32' },
    { name: 'appData', type: 'bytes32' },
    { name: 'feeAmount', type: 'uint256' },
    { name: 'kind', type: 'string' },
    { name: 'partiallyFillable', type: 'bool' },
    { name: 'sellTokenBalance', type: 'string' },
    { name: 'buyTokenBalance', type: 'string' },
  ],
} as const;

/** The typed-data object viem signs and hashes; one builder so both agree. */
export function orderTypedData(order: OrderStruct, domain: ProtocolDomain) {
  return {
    domain,
    types: ORDER_TYPES,
    primaryType: 'Order' as const,
    message: {
      ...order,
      receiver: order.receiver ?? zeroAddress,
      sellTokenBalance: order.sellTokenBalance ?? 'erc20',
      buyTokenBalance: order.buyTokenBalance ?? 'erc20',
    },
  };
}

/** keccak256(0x1901 ‖ domainSeparator ‖ structHash): what eip712 signs and the UID starts with. */
export function orderDigest(order: OrderStruct, domain: ProtocolDomain): Hex {
  return hashTypedData(orderTypedData(order, domain));
}
