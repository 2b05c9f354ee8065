import { createCipheriv, createDecipheriv, randomBytes, scrypt as scryptCallback, type ScryptOptions } from 'node:crypto';
import { chmod, mkdir, readFile, rm, writeFile, rename } from 'node:fs/promises';
import { join } from 'node:path';
import type { Address, Hex } from 'viem';
import { z } from 'zod';
import { AppError } from '../../common/errors';
import type { KeyVault } from './key-vault';

/** scrypt cost per OWASP's recommendation (N = 2^17, r = 8, p = 1): ~0.3 s and 128 MiB per unlock. */
const SCRYPT = { N: 2 ** 17, r: 8, p: 1, maxmem: 256 * 1024 * 1024 } as const;

const vaultFileSchema = z.strictObject({
  version: z.literal(1),
  kdf: z.literal('scrypt'),
  N: z.number().int(),
  r: z.number().int(),
  p: z.number().int(),
  salt: z.string(),
  cipher: z.literal('aes-256-gcm'),
  iv: z.string(),
  tag: z.string(),
  ciphertext: z.string(),
});

function deriveKey(passphrase: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scryptCallback(passphrase.normalize('NFKC'), salt, 32, options, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

/**
 * The explicit fallback where no OS keychain answers: one file per account
 * under the user-data folder, mode 0600, holding the key encrypted with
 * AES-256-GCM under a scrypt-derived key. GCM's tag makes a wrong passphrase
 * fail cleanly instead of yielding a wrong key.
 */
export class PassphraseVault implements KeyVault {
  readonly kind = 'passphrase' as const;

  constructor(private readonly dir: string) {}

  async status() {
    return { available: true };
  }

  async store(address: Address, privateKey: Hex, passphrase?: string): Promise<void> {
    if (!passphrase) throw new AppError('PASSPHRASE_REQUIRED', 'Enter the passphrase that protects this key.');
    const salt = randomBytes(32);
    const iv = randomBytes(12);
    const key = await deriveKey(passphrase, salt, SCRYPT);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    const ciphertext = Buffer.concat([cipher.update(privateKey.slice(2), 'hex'), cipher.final()]);
    const file = {
      version: 1, kdf: 'scrypt', N: SCRYPT.N, r: SCRYPT.r, p: SCRYPT.p, salt: salt.toString('hex'),
      cipher: 'aes-256-gcm', iv: iv.toString('hex'), tag: cipher.getAuthTag().toString('hex'), ciphertext: ciphertext.toString('hex'),
    };
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    // Written under a temporary name and renamed, so a crash never leaves half a vault file.
    const temporary = `${this.path(address)}.tmp`;
    await writeFile(temporary, JSON.stringify(file), { mode: 0o600 });
    await chmod(temporary, 0o600);
    await rename(temporary, this.path(address));
  }

  async load(address: Address, passphrase?: string): Promise<Hex> {
    if (!passphrase) throw new AppError('PASSPHRASE_REQUIRED', 'This account is protected by a passphrase: enter it to sign.');
    let text: string;
    try {
      text = await readFile(this.path(address), 'utf8');
    } catch {
      throw new AppError('KEY_NOT_FOUND', `The passphrase vault has no key for ${address}. Import the key again, or remove the account.`);
    }
    const parsed = vaultFileSchema.safeParse(JSON.parse(text));
    if (!parsed.success) throw new AppError('VAULT_CORRUPT', `The vault file for ${address} is damaged; import the key again.`);
    const file = parsed.data;
    const key = await deriveKey(passphrase, Buffer.from(file.salt, 'hex'), { N: file.N, r: file.r, p: file.p, maxmem: SCRYPT.maxmem });
    try {
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(file.iv, 'hex'));
      decipher.setAuthTag(Buffer.from(file.tag, 'hex'));
      const plain = Buffer.concat([decipher.update(Buffer.from(file.ciphertext, 'hex')), decipher.final()]);
      return `0x${plain.toString('hex')}` as Hex;
    } catch {
      throw new AppError('WRONG_PASSPHRASE', 'That passphrase does not unlock this key. Check it and try again.');
    }
  }

  async remove(address: Address): Promise<void> {
    await rm(this.path(address), { force: true });
  }

  private path(address: Address): string {
    return join(this.dir, `${address.toLowerCase()}.json`);
  }
}
