import type { Address, Hex } from 'viem';

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
