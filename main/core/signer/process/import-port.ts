import type { Address } from 'viem';
import { AppError } from '../../../common/errors';
import type { HotSigner } from './hot-signer';
import type { ImportOptions, VaultKind } from '../signer-port';

/** The part of Electron's MessagePortMain the import uses. */
export interface PortLike {
  on(event: 'message', listener: (event: { data: unknown }) => void): void;
  start(): void;
  close(): void;
}

/**
 * In the app a key being imported travels from the renderer to the signer over
 * a MessagePort whose other end main handed to the page: main's JavaScript
 * never holds it. The port carries exactly one message, `{ privateKey }`, and
 * is closed after it; the address goes back to main over the sealed channel.
 */
export async function importFromPort(signer: HotSigner, port: PortLike | undefined, vault?: VaultKind, options: ImportOptions = {}) {
  if (!port) throw new AppError('SIGNER_NO_PORT', 'The key import did not bring its channel; nothing was imported.');
  if (vault !== 'keychain' && vault !== 'passphrase') throw new AppError('INVALID_INPUT', 'Choose the keychain or the passphrase vault for this key.');
  return new Promise<Address>((resolve, reject) => {
    port.on('message', ({ data }) => {
      port.close();
      const privateKey = (data as { privateKey?: unknown } | null)?.privateKey;
      if (typeof privateKey !== 'string') return reject(new AppError('INVALID_PRIVATE_KEY', 'No private key arrived; nothing was imported.'));
      signer.importKey(privateKey, vault, options).then(resolve, reject);
    });
    port.start();
  });
}
