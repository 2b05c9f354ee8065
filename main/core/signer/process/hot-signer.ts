import { keccak256, parseTransaction, serializeTransaction, type Address, type Hex, type TypedDataDefinition } from 'viem';
import { generatePrivateKey, privateKeyToAddress, signTransaction } from 'viem/accounts';
import { signDigest } from '../digest-signature';
import { typedDataDigest } from './typed-data-digest';
import { AppError } from '../../../common/errors';
import type { KeyVault } from '../key-vault';
import type { HotKeyStore, ImportOptions, SignerPort, SignOptions, TypedDataScheme, VaultKind } from '../signer-port';

const INVALID_KEY = 'That is not a valid private key: it must be 64 hex digits within the secp256k1 range.';

function mismatch(what: string): AppError {
  return new AppError('PREVIEW_MISMATCH', `The ${what} to sign is not the one you reviewed (its digest differs); nothing was signed. Review it again.`);
}

const same = (a: Hex, b: Hex) => a.toLowerCase() === b.toLowerCase();

/**
 * Hot keys, inside the signer process only: reads them from the keychain or
 * the passphrase vault, checks the digest of every payload against the one the
 * user confirmed, and answers signatures. Keychain keys stay loaded in this
 * process once used (as Frame's unlocked hot signers do), so a signature costs
 * no keychain round trip; passphrase-vault keys are decrypted for each
 * signature and dropped, because the vault's promise is the passphrase.
 */
export class HotSigner implements SignerPort, HotKeyStore {
  private readonly loaded = new Map<string, Hex>();

  constructor(private readonly vaults: Record<VaultKind, KeyVault>) {}

  async accounts(): Promise<Address[]> {
    return [...(await this.vaults.keychain.addresses()), ...(await this.vaults.passphrase.addresses())];
  }

  keychainStatus() {
    return this.vaults.keychain.status();
  }

  async importKey(privateKey: string, vault: VaultKind, options: ImportOptions = {}): Promise<Address> {
    const key = (privateKey.startsWith('0x') ? privateKey : `0x${privateKey}`).toLowerCase() as Hex;
    let address: Address;
    try {
      address = privateKeyToAddress(key);
    } catch {
      throw new AppError('INVALID_PRIVATE_KEY', INVALID_KEY);
    }
    return this.store(address, key, vault, options);
  }

  async generate(vault: VaultKind, options: ImportOptions = {}): Promise<Address> {
    const key = generatePrivateKey();
    return this.store(privateKeyToAddress(key), key, vault, options);
  }

  async remove(account: Address, vault: VaultKind): Promise<void> {
    this.loaded.delete(account.toLowerCase());
    await this.vaults[vault].remove(account);
  }

  async signTypedData(account: Address, typedData: TypedDataDefinition, expectedDigest: Hex, options: SignOptions & { scheme?: TypedDataScheme } = {}): Promise<Hex> {
    const digest = typedDataDigest(typedData);
    if (!same(digest, expectedDigest)) throw mismatch('message');
    return signDigest(await this.key(account, options), digest, options.scheme ?? 'eip712');
  }

  async signTransaction(account: Address, unsignedTransaction: Hex, expectedDigest: Hex, options: SignOptions = {}): Promise<Hex> {
    let transaction: ReturnType<typeof parseTransaction>;
    try {
      transaction = parseTransaction(unsignedTransaction);
    } catch {
      throw new AppError('INVALID_TRANSACTION', 'The transaction to sign could not be read; nothing was signed.');
    }
    // The digest of what is signed, re-encoded from what was parsed: bytes that parse loosely cannot slip past it.
    if (!same(keccak256(serializeTransaction(transaction)), expectedDigest)) throw mismatch('transaction');
    return signTransaction({ privateKey: await this.key(account, options), transaction });
  }

  private async store(address: Address, key: Hex, vault: VaultKind, { passphrase, refuse = [] }: ImportOptions): Promise<Address> {
    if (refuse.some((known) => same(known, address))) {
      throw new AppError('ACCOUNT_EXISTS', `${address} is already in CoW Desk.`, { details: { address } });
    }
    if (vault === 'keychain') {
      const status = await this.vaults.keychain.status();
      if (!status.available) throw new AppError('KEYCHAIN_UNAVAILABLE', status.reason ?? 'The OS keychain is not available.');
    }
    await this.vaults[vault].store(address, key, passphrase);
    return address;
  }

  private async key(account: Address, { vault = 'keychain', passphrase }: SignOptions): Promise<Hex> {
    if (vault === 'passphrase') return this.vaults.passphrase.load(account, passphrase);
    const id = account.toLowerCase();
    const cached = this.loaded.get(id);
    if (cached) return cached;
    const key = await this.vaults.keychain.load(account);
    this.loaded.set(id, key);
    return key;
  }
}
