import { createCipheriv, createDecipheriv, randomBytes, scrypt as scryptCallback, type ScryptOptions } from 'node:crypto';
import { mkdir, open, readdir, readFile, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { getAddress, isAddress, type Address, type Hex } from 'viem';
import { z } from 'zod';
import { AppError } from '../../common/errors';
import { checkedKey, type KeyVault } from './key-vault';

/** scrypt cost per OWASP's recommendation (N = 2^17, r = 8, p = 1): ~0.3 s and 128 MiB per unlock. */
const SCRYPT = { N: 2 ** 17, r: 8, p: 1, maxmem: 256 * 1024 * 1024 } as const;
const TAG_BYTES = 16;

const hex = (bytes: number) => z.string().regex(new RegExp(`^[0-9a-f]{${bytes * 2}}$`));
/** scrypt's N values a vault file may name: powers of two from 2^15 up to the one CoW Desk writes (more would exceed maxmem). */
const SCRYPT_COSTS = [2 ** 15, 2 ** 16, SCRYPT.N] as const;
// Bounded, so a tampered file cannot ask for a weaker KDF, a cost scrypt refuses (N = 2^20 needs 1 GiB) or a truncated GCM tag.
const vaultFileSchema = z.strictObject({
  version: z.literal(1),
  kdf: z.literal('scrypt'),
  N: z.number().refine((n) => (SCRYPT_COSTS as readonly number[]).includes(n)),
  r: z.literal(8),
  p: z.literal(1),
  salt: hex(32),
  cipher: z.literal('aes-256-gcm'),
  iv: hex(12),
  tag: hex(TAG_BYTES),
  ciphertext: hex(32),
});

function deriveKey(passphrase: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scryptCallback(passphrase.normalize('NFKC'), salt, 32, options, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

/**
 * The explicit fallback where no OS keychain answers: one file per account
 * under the user-data folder, mode 0600, holding the key encrypted with
 * AES-256-GCM under a scrypt-derived key, the account address bound in as
 * associated data. GCM's tag makes a wrong passphrase fail cleanly instead of
 * yielding a wrong key.
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
    const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
    cipher.setAAD(Buffer.from(address.toLowerCase()));
    const ciphertext = Buffer.concat([cipher.update(privateKey.slice(2), 'hex'), cipher.final()]);
    const file = {
      version: 1, kdf: 'scrypt', N: SCRYPT.N, r: SCRYPT.r, p: SCRYPT.p, salt: salt.toString('hex'),
      cipher: 'aes-256-gcm', iv: iv.toString('hex'), tag: cipher.getAuthTag().toString('hex'), ciphertext: ciphertext.toString('hex'),
    };
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    await writeDurably(this.path(address), JSON.stringify(file), this.dir);
  }

  async load(address: Address, passphrase?: string): Promise<Hex> {
    if (!passphrase) throw new AppError('PASSPHRASE_REQUIRED', 'This account is protected by a passphrase: enter it to sign.');
    let text: string;
    try {
      text = await readFile(this.path(address), 'utf8');
    } catch {
      throw new AppError('KEY_NOT_FOUND', `The passphrase vault has no key for ${address}. Import the key again, or remove the account.`);
    }
    const file = parseVaultFile(text, address);
    // The schema admits only parameters scrypt accepts; should it still refuse them, the file is what is wrong.
    const key = await deriveKey(passphrase, Buffer.from(file.salt, 'hex'), { N: file.N, r: file.r, p: file.p, maxmem: SCRYPT.maxmem }).catch(() => {
      throw vaultDamaged(address);
    });
    let plain: Buffer;
    try {
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(file.iv, 'hex'), { authTagLength: TAG_BYTES });
      decipher.setAAD(Buffer.from(address.toLowerCase()));
      decipher.setAuthTag(Buffer.from(file.tag, 'hex'));
      plain = Buffer.concat([decipher.update(Buffer.from(file.ciphertext, 'hex')), decipher.final()]);
    } catch {
      throw new AppError('WRONG_PASSPHRASE', 'That passphrase does not unlock this key. Check it and try again.');
    }
    return checkedKey(`0x${plain.toString('hex')}` as Hex, address);
  }

  async remove(address: Address): Promise<void> {
    await rm(this.path(address), { force: true });
  }

  async addresses(): Promise<Address[]> {
    const names = await readdir(this.dir).catch(() => [] as string[]);
    const stems = names.filter((name) => name.endsWith('.json')).map((name) => name.slice(0, -'.json'.length));
    return stems.filter((stem) => isAddress(stem)).map((stem) => getAddress(stem));
  }

  private path(address: Address): string {
    return join(this.dir, `${address.toLowerCase()}.json`);
  }
}

function vaultDamaged(address: Address): AppError {
  return new AppError('VAULT_CORRUPT', `The vault file for ${address} is damaged; import the key again.`);
}

function parseVaultFile(text: string, address: Address): z.infer<typeof vaultFileSchema> {
  const corrupt = () => vaultDamaged(address);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw corrupt();
  }
  const parsed = vaultFileSchema.safeParse(json);
  if (!parsed.success) throw corrupt();
  return parsed.data;
}

/**
 * For a generated key this file is the only copy: it must be on disk before the
 * account row that points at it commits. Written under a temporary name, synced,
 * renamed, and the folder synced, so a crash or power cut leaves either no file
 * or the whole file.
 */
async function writeDurably(path: string, content: string, dir: string): Promise<void> {
  const temporary = `${path}.tmp`;
  const file = await open(temporary, 'w', 0o600);
  try {
    await file.writeFile(content);
    await file.chmod(0o600);
    await file.sync();
  } finally {
    await file.close();
  }
  await rename(temporary, path);
  const folder = await open(dir, 'r');
  try {
    await folder.sync();
  } finally {
    await folder.close();
  }
}
