import { getAddress, isAddress, type Address, type Hex } from 'viem';
import { AppError } from '../../common/errors';
import { checkedKey, type KeyVault } from './key-vault';

/** The subset of keytar we use, so tests and other platforms can pass their own. */
export interface KeytarLike {
  getPassword(service: string, account: string): Promise<string | null>;
  setPassword(service: string, account: string, password: string): Promise<void>;
  deletePassword(service: string, account: string): Promise<boolean>;
  findCredentials(service: string): Promise<{ account: string; password: string }[]>;
}

export const KEYCHAIN_SERVICE = 'CoW Desk';
const PROBE_ACCOUNT = 'cow-desk-availability-probe';

const UNAVAILABLE =
  'No OS keychain answered. On Linux, CoW Desk needs a Secret Service such as gnome-keyring or KWallet running and unlocked in your session. ' +
  'You can instead keep keys in a passphrase-protected vault file; CoW Desk never stores keys in plain text.';

/**
 * Keys in the OS keychain (macOS Keychain, Windows Credential Manager, Linux
 * Secret Service) through @github/keytar: service "CoW Desk", one entry per
 * account, named by its checksummed address.
 */
export class KeychainVault implements KeyVault {
  readonly kind = 'keychain' as const;

  constructor(
    private readonly keytar: () => Promise<KeytarLike>,
    private readonly service: string = KEYCHAIN_SERVICE,
  ) {}

  async status() {
    try {
      // A lookup of an entry that never exists needs a live, unlocked keychain but,
      // unlike listing our entries, loads no key into memory (and on macOS asks nothing).
      await (await this.keytar()).getPassword(this.service, PROBE_ACCOUNT);
      return { available: true };
    } catch {
      return { available: false, reason: UNAVAILABLE };
    }
  }

  async store(address: Address, privateKey: Hex): Promise<void> {
    await this.call(async (keytar) => keytar.setPassword(this.service, address, privateKey));
  }

  async load(address: Address): Promise<Hex> {
    const secret = await this.call((keytar) => keytar.getPassword(this.service, address));
    if (!secret) {
      throw new AppError('KEY_NOT_FOUND', `The keychain has no key for ${address}. Import the key again, or remove the account.`);
    }
    return checkedKey(secret as Hex, address);
  }

  async remove(address: Address): Promise<void> {
    await this.call((keytar) => keytar.deletePassword(this.service, address));
  }

  async addresses(): Promise<Address[]> {
    const entries = await this.call((keytar) => keytar.findCredentials(this.service));
    return entries.map(({ account }) => account).filter((account) => isAddress(account)).map((account) => getAddress(account));
  }

  /** Keytar's own errors can quote the platform's message; we report ours instead. */
  private async call<T>(action: (keytar: KeytarLike) => Promise<T>): Promise<T> {
    let keytar: KeytarLike;
    try {
      keytar = await this.keytar();
    } catch (cause) {
      throw new AppError('KEYCHAIN_UNAVAILABLE', UNAVAILABLE, { cause });
    }
    try {
      return await action(keytar);
    } catch (cause) {
      throw new AppError('KEYCHAIN_UNAVAILABLE', UNAVAILABLE, { cause });
    }
  }
}

/** Loads keytar lazily so a machine without libsecret still starts the app. */
export async function loadKeytar(): Promise<KeytarLike> {
  const module = (await import('@github/keytar')) as unknown as KeytarLike & { default?: KeytarLike };
  return module.default ?? module;
}
