import { hashMessage, type Hex } from 'viem';
import { sign } from 'viem/accounts';
import type { TypedDataScheme } from './signer-port';

/**
 * The one signing primitive of the hot signer: eip712 signs the typed-data
 * digest itself, ethsign signs it as a 32-byte EIP-191 message. Signing the
 * digest already computed (rather than a viem account re-hashing the typed
 * data and deriving its public key) keeps a signature at the cost of one ECDSA.
 */
export function signDigest(privateKey: Hex, digest: Hex, scheme: TypedDataScheme): Promise<Hex> {
  return sign({ hash: scheme === 'ethsign' ? hashMessage({ raw: digest }) : digest, privateKey, to: 'hex' });
}
