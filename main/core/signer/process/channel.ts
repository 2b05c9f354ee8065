import { createHmac, timingSafeEqual } from 'node:crypto';
import { deserialize, serialize } from 'node:v8';

/**
 * The wire between main and the signer process. Every message after the first
 * carries an HMAC-SHA256 of its body under a secret main draws for each launch
 * and hands over in that first message; each side drops whatever does not
 * verify. The body is V8's structured-clone encoding (bigints included), sent
 * as base64 so it crosses Node's IPC and Electron's parentPort alike, and the
 * MAC is checked over those exact bytes before anything is decoded.
 */
export interface Sealed {
  readonly body: string;
  readonly mac: string;
}

/** The first message: the launch secret and where the keys live. */
export interface SignerInit {
  readonly type: 'init';
  readonly secret: string;
  readonly config: SignerConfig;
}

export interface SignerConfig {
  /** Keychain service name the keys are stored under (tests use their own). */
  readonly keychainService?: string;
  /** Folder of the passphrase vault's files. */
  readonly vaultDir: string;
}

export interface SignerRequest {
  readonly id: number;
  readonly method: string;
  readonly params: unknown;
}

export type SignerReply =
  | { readonly id: number; readonly ok: true; readonly value: unknown }
  | { readonly id: number; readonly ok: false; readonly error: { code: string; message: string; retryable: boolean; details?: Record<string, unknown> } };

const macOf = (secret: Buffer, body: string) => createHmac('sha256', secret).update(body).digest('hex');

export function seal(secret: Buffer, message: SignerRequest | SignerReply): Sealed {
  const bytes = serialize(message);
  const body = bytes.toString('base64');
  // The encoded request may hold a key being imported: wipe our copy of the bytes.
  bytes.fill(0);
  return { body, mac: macOf(secret, body) };
}

/** The message, or null when it is not sealed under this secret. */
export function unseal<T>(secret: Buffer, message: unknown): T | null {
  if (typeof message !== 'object' || message === null) return null;
  const { body, mac } = message as Partial<Sealed>;
  if (typeof body !== 'string' || typeof mac !== 'string' || mac.length !== 64) return null;
  const expected = Buffer.from(macOf(secret, body), 'hex');
  const given = Buffer.from(mac, 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const bytes = Buffer.from(body, 'base64');
  try {
    return deserialize(bytes) as T;
  } finally {
    bytes.fill(0);
  }
}
