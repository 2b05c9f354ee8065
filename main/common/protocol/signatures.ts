import { getAddress, recoverAddress, recoverMessageAddress, type Address, type Hex } from 'viem';
import { AppError } from '../errors';

export type SigningScheme = 'eip712' | 'ethsign' | 'presign' | 'eip1271';

/**
 * Who signed a digest. `eip712` signs the digest itself; `ethsign` signs it as a
 * 32-byte message, i.e. keccak256("\x19Ethereum Signed Message:\n32" ‖ digest).
 */
export async function recoverDigestSigner(digest: Hex, scheme: SigningScheme, signature: Hex): Promise<Address> {
  try {
    if (scheme === 'eip712') return getAddress(await recoverAddress({ hash: digest, signature }));
    if (scheme === 'ethsign') return getAddress(await recoverMessageAddress({ message: { raw: digest }, signature }));
  } catch (cause) {
    throw new AppError('INVALID_SIGNATURE', 'The signature is malformed and recovers no signer.', { cause });
  }
  throw new AppError('INVALID_SIGNATURE', `Signing scheme ${scheme} has no ECDSA signature to recover.`);
}
