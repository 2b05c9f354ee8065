import type { Address, Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { AppError } from '../../common/errors';

/**
 * Where hot keys live. Only the signer process (process/hot-signer.ts) holds a
 * vault: `load` hands out the key, so main and everything else reach keys
 * through the SignerPort (signer-port.ts), which answers signatures only.
 */
export interface KeyVault {
  readonly kind: 'keychain' | 'passphrase';
  /** Whether the vault can be used here; `reason` explains a no in user terms. */
  status(): Promise<{ available: boolean; reason?: string }>;
  store(address: Address, privateKey: Hex, passphrase?: string): Promise<void>;
  /** Throws AppError KEY_NOT_FOUND when there is no entry, WRONG_PASSPHRASE for a bad passphrase. */
  load(address: Address, passphrase?: string): Promise<Hex>;
  remove(address: Address): Promise<void>;
  /** The addresses this vault holds a key for. */
  addresses(): Promise<Address[]>;
}

/**
 * A loaded key must belong to the account it was stored for: a swapped keychain
 * entry or vault file would otherwise sign, silently, as someone else.
 */
export function checkedKey(key: Hex, address: Address): Hex {
  let owner: Address;
  try {
    owner = privateKeyToAccount(key).address;
  } catch {
    throw new AppError('VAULT_CORRUPT', `The stored key for ${address} is damaged; import the key again.`);
  }
  if (owner.toLowerCase() !== address.toLowerCase()) {
    throw new AppError('KEY_MISMATCH', `The stored key for ${address} belongs to ${owner}; CoW Desk will not sign with it. Import the right key again.`);
  }
  return key;
}
