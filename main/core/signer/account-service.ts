import { serializeTransaction, type Address, type Hex, type TransactionSerializable, type TypedDataDefinition } from 'viem';
import { AppError } from '../../common/errors';
import type { Account } from '../../common/ipc/commands/accounts';
import type { AccountsRepo } from './accounts-repo';
import type { HotKeyStore, ImportOptions, PortImport, SignerPort, TypedDataScheme } from './signer-port';

export type VaultChoice = { vault: 'keychain' } | { vault: 'passphrase'; passphrase: string };

/**
 * Accounts and their signer. The key goes straight from the caller into the
 * signer process, which answers its address; signatures come back from it, the
 * key never does. SQLite holds metadata only.
 */
export class AccountService {
  private adding: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly repo: AccountsRepo,
    private readonly signer: SignerPort & HotKeyStore & PortImport,
    private readonly now: () => Date = () => new Date(),
  ) {}

  list(): Account[] {
    return this.repo.list();
  }

  keychainStatus() {
    return this.signer.keychainStatus();
  }

  /** The key is handed on and not kept: the signer checks it, stores it and answers its address. */
  importKey(label: string, privateKey: string, choice: VaultChoice): Promise<Account> {
    return this.addWithKey(label, choice, (options) => this.signer.importKey(privateKey, choice.vault, options));
  }

  /** In the app: the key comes to the signer on a port from the renderer; main sees only the address. */
  importThroughPort(label: string, port: unknown, choice: VaultChoice): Promise<Account> {
    return this.addWithKey(label, choice, (options) => this.signer.importThroughPort(port, choice.vault, options));
  }

  /** The key is drawn inside the signer; main only learns its address. */
  generate(label: string, choice: VaultChoice): Promise<Account> {
    return this.addWithKey(label, choice, (options) => this.signer.generate(choice.vault, options));
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
    if (account.kind !== 'watch') await this.signer.remove(account.address, account.kind);
    this.repo.delete(account.address);
    return account.address;
  }

  get(address: Address): Account {
    const account = this.repo.find(address);
    if (!account) throw new AppError('ACCOUNT_NOT_FOUND', `CoW Desk has no account ${address}. Add it on the Accounts screen first.`);
    return account;
  }

  /** EIP-712 typed data signed by the account's signer, which checks the digest the user confirmed. */
  signTypedData(address: Address, typedData: TypedDataDefinition, expectedDigest: Hex, scheme: TypedDataScheme, passphrase?: string): Promise<Hex> {
    const kind = this.signingKind(address);
    return this.signer.signTypedData(address, typedData, expectedDigest, { vault: kind, scheme, ...(passphrase === undefined ? {} : { passphrase }) });
  }

  /** The signed serialized transaction; expectedDigest is keccak256 of the unsigned one the user confirmed. */
  signTransaction(address: Address, transaction: TransactionSerializable, expectedDigest: Hex, passphrase?: string): Promise<Hex> {
    const kind = this.signingKind(address);
    return this.signer.signTransaction(address, serializeTransaction(transaction), expectedDigest, { vault: kind, ...(passphrase === undefined ? {} : { passphrase }) });
  }

  private signingKind(address: Address): 'keychain' | 'passphrase' {
    const account = this.get(address);
    if (account.kind === 'watch') {
      throw new AppError('WATCH_ONLY', `${account.label} is watch-only: CoW Desk has no key for it and cannot sign. Import its key to trade from it.`);
    }
    return account.kind;
  }

  /**
   * One key-adding operation at a time: two imports of the same key must not both
   * pass the duplicate check and then overwrite each other's vault entry. The
   * signer refuses the addresses main already has before it writes anything.
   */
  private addWithKey(label: string, choice: VaultChoice, add: (options: ImportOptions) => Promise<Address>): Promise<Account> {
    const turn = this.adding.then(() => this.store(label, choice, add));
    this.adding = turn.catch(() => undefined);
    return turn;
  }

  private async store(label: string, choice: VaultChoice, add: (options: ImportOptions) => Promise<Address>): Promise<Account> {
    const refuse = this.repo.list().map((account) => account.address);
    let address: Address;
    try {
      address = await add({ refuse, ...(choice.vault === 'passphrase' ? { passphrase: choice.passphrase } : {}) });
    } catch (error) {
      if (error instanceof AppError && error.code === 'ACCOUNT_EXISTS') this.assertNew(error.details?.address as Address);
      throw error;
    }
    this.assertNew(address);
    const account: Account = { address, label, kind: choice.vault, createdAt: this.now().toISOString() };
    this.repo.insert(account);
    return account;
  }

  private assertNew(address: Address): void {
    const existing = this.repo.find(address);
    if (existing) throw new AppError('ACCOUNT_EXISTS', `${address} is already in CoW Desk as "${existing.label}".`);
  }
}
