import { concat, getTypesForEIP712Domain, hashDomain, hashStruct, keccak256, type Hex, type TypedDataDefinition } from 'viem';

/** A few domains (chains x environments) sign nearly everything; their separators are kept. */
const MAX_DOMAINS = 32;
const separators = new Map<string, Hex>();

/**
 * The EIP-712 digest, keccak256(0x1901 ‖ domainSeparator ‖ hashStruct(message)), as viem's
 * hashTypedData computes it but without its up-front validation pass (the encoding still
 * refuses malformed values) and with each domain's separator computed once. The signer
 * compares this digest with the one the user confirmed, so what it signs is exactly that
 * digest whatever the payload held; the protocol vectors check it byte for byte.
 */
export function typedDataDigest({ domain = {}, types, primaryType, message }: TypedDataDefinition): Hex {
  const allTypes = { EIP712Domain: getTypesForEIP712Domain({ domain }), ...types } as Parameters<typeof hashStruct>[0]['types'];
  const key = JSON.stringify(domain, (_name, value: unknown) => (typeof value === 'bigint' ? `${value}n` : value));
  let separator = separators.get(key);
  if (!separator) {
    separator = hashDomain({ domain, types: allTypes });
    if (separators.size >= MAX_DOMAINS) separators.clear();
    separators.set(key, separator);
  }
  if (primaryType === 'EIP712Domain') return keccak256(concat(['0x1901', separator]));
  return keccak256(concat(['0x1901', separator, hashStruct({ data: message as Record<string, unknown>, primaryType, types: allTypes })]));
}
