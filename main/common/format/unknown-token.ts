import { formatTokenAmount } from './format';

/**
 * An amount of a token whose decimals CoW Desk does not know (not listed, not
 * imported, not read from a chain): the whole count it has, grouped, with the
 * token's short address. No scale is guessed; the words say why there is none.
 */
export function unknownTokenAmount(amount: bigint | string, address: string): string {
  return `${formatTokenAmount(BigInt(amount), 0)} of token ${address.slice(0, 6)}…${address.slice(-4)} (decimals unknown)`;
}
