import type { Address, Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { AppError } from '../../common/errors';
import type { Account } from '../../common/ipc/commands/accounts';
import type { AccountsRepo } from './accounts-repo';
import type { KeyVault } from './key-vault';

export type VaultChoice = { vault: 'keychain' } | { vault: 'passphrase'; passphrase: string };

/**
 * Accounts and their keys. The key goes straight from the caller into a vault;
 * this service returns addresses only, and SQLite holds metadata only.
 */
export class AccountService {
  private adding: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly repo: AccountsRepo,
    private readonly vaults: { keychain: KeyVault; passphrase: KeyVault },
    private readonly now: () => Date = () => new Date(),
  ) {}

  list(): Account[] {
    return this.repo.list();
  }

  keychainStatus() {
    return this.vaults.keychain.status();
  }

  async importKey(label: string, privateKey: string, choice: VaultChoice): Promise<Account> {
    const key = (privateKey.startsWith('0x') ? privateKey : `0x${privateKey}`).toLowerCase() as Hex;
    let address: Address;
    try {
      address = privateKeyToAccount(key).address;
    } catch {
      throw new AppError('INVALID_PRIVATE_KEY', 'That is not a valid private key: it must be 64 hex digits within the secp256k1 range.');
    }
    return this.addWithKey(label, address, key, choice);
  }

  generate(label: string, choice: VaultChoice): Promise<Account> {
    const key = generatePrivateKey();
    return this.addWithKey(label, privateKeyToAccount(key).address, key, choice);
  }

  addWatchOnly(label: string, address: Address): Account {
    this.assertNew(address);
    const account: Account = { address, label, kind: 'watch', createdAt: this.now().toISOString() };
    this.repo.insert(account);
    return account;
  }

  rename(address: Address, label: string): Account {
    const account = this.get(address);
    this.repo.rename(account.address, label);
    return { ...account, label };
  }

  /** Deletes the vault entry first: an account row without a key is recoverable, a key without its row is forgotten. */
  async remove(address: Address, confirmAddress: Address): Promise<Address> {
    const account = this.get(address);
    if (confirmAddress.toLowerCase() !== account.address.toLowerCase()) {
      throw new AppError('CONFIRMATION_MISMATCH', 'The confirmation does not name this account; nothing was removed.');
    }
    if (account.kind !== 'watch') await this.vaults[account.kind].remove(account.address);
    this.repo.delete(account.address);
    return account.address;
  }

  get(address: Address): Account {
    const account = this.repo.find(address);
    if (!account) throw new AppError('ACCOUNT_NOT_FOUND', `CoW Desk has no account ${address}. Add it on the Accounts screen first.`);
    return account;
  }

  /** The key, for exactly one signing call; watch-only accounts have none. */
  async loadKey(address: Address, passphrase?: string): Promise<Hex> {
    const account = this.get(address);
    if (account.kind === 'watch') {
      throw new AppError('WATCH_ONLY', `${account.label} is watch-only: CoW Desk has no key for it and cannot sign. Import its key to trade from it.`);
    }
    return this.vaults[account.kind].load(account.address, passphrase);
  }

  /**
   * One key-adding operation at a time: two imports of the same key must not both
   * pass the duplicate check and then overwrite each other's vault entry.
   */
  private addWithKey(label: string, address: Address, key: Hex, choice: VaultChoice): Promise<Account> {
    const turn = this.adding.then(() => this.store(label, address, key, choice));
    this.adding = turn.catch(() => undefined);
    return turn;
  }

  private async store(label: string, address: Address, key: Hex, choice: VaultChoice): Promise<Account> {
    this.assertNew(address);
    const vault = this.vaults[choice.vault];
    if (choice.vault === 'keychain') {
      const status = await vault.status();
      if (!status.available) throw new AppError('KEYCHAIN_UNAVAILABLE', status.reason ?? 'The OS keychain is not available.');
    }
    await vault.store(address, key, choice.vault === 'passphrase' ? choice.passphrase : undefined);
    const account: Account = { address, label, kind: choice.vault, createdAt: this.now().toISOString() };
    this.repo.insert(account);
    return account;
  }

  private assertNew(address: Address): void {
    const existing = this.repo.find(address);
    if (existing) throw new AppError('ACCOUNT_EXISTS', `${address} is already in CoW Desk as "${existing.label}".`);
  }
}
