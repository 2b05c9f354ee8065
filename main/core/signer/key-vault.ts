import type { Address, Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { AppError } from '../../common/errors';

/**
 * Where private keys live. Implementations keep the key out of SQLite, logs and
 * IPC; callers hold a loaded key only for the length of one signing call.
 */
export interface KeyVault {
  readonly kind: 'keychain' | 'passphrase';
  /** Whether the vault can be used here; `reason` explains a no in user terms. */
  status(): Promise<{ available: boolean; reason?: string }>;
  store(address: Address, privateKey: Hex, passphrase?: string): Promise<void>;
  /** Throws AppError KEY_NOT_FOUND when there is no entry, WRONG_PASSPHRASE for a bad passphrase. */
  load(address: Address, passphrase?: string): Promise<Hex>;
  remove(address: Address): Promise<void>;
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
