import { join } from 'node:path';
import { MessageChannel } from 'node:worker_threads';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PassphraseVault } from '../../../../main/core/signer/passphrase-vault';
import { HotSigner } from '../../../../main/core/signer/process/hot-signer';
import { importFromPort, type PortLike } from '../../../../main/core/signer/process/import-port';
import { TEST_ADDRESS, TEST_KEY } from '../../../helpers/order-drafts';
import { makeTempDir } from '../../../helpers/temp-dir';

/** Node's MessagePort in the shape of Electron's MessagePortMain ('message' events carry { data }). */
function portMain(port: import('node:worker_threads').MessagePort): PortLike & { closed: Promise<void> } {
  const closed = new Promise<void>((resolve) => port.once('close', resolve));
  return { on: (_event, listener) => port.on('message', (data) => listener({ data })), start: () => port.start(), close: () => port.close(), closed };
}

describe('a key imported over a port into the signer', () => {
  let dir: ReturnType<typeof makeTempDir>;
  let signer: HotSigner;
  beforeEach(() => {
    dir = makeTempDir();
    // No keychain in unit tests: a second passphrase vault stands in for it, unused.
    signer = new HotSigner({ keychain: new PassphraseVault(join(dir.path, 'unused')), passphrase: new PassphraseVault(join(dir.path, 'vault')) });
  });
  afterEach(() => dir.remove());

  it('takes the one message on the port, stores the key and answers the address; the port is closed after it', async () => {
    const { port1, port2 } = new MessageChannel();
    const port = portMain(port2);
    port1.postMessage({ privateKey: TEST_KEY });
    expect(await importFromPort(signer, port, 'passphrase', { passphrase: 'correct horse battery staple' })).toBe(TEST_ADDRESS);
    await port.closed;
    expect(await signer.accounts()).toEqual([TEST_ADDRESS]);
  });

  it('refuses a message without a key, a bad key, and an import without its port, storing nothing', async () => {
    const empty = new MessageChannel();
    empty.port1.postMessage({ key: TEST_KEY });
    await expect(importFromPort(signer, portMain(empty.port2), 'passphrase', { passphrase: 'p' })).rejects.toMatchObject({ code: 'INVALID_PRIVATE_KEY', message: 'No private key arrived; nothing was imported.' });
    const bad = new MessageChannel();
    bad.port1.postMessage({ privateKey: `0x${'0'.repeat(64)}` });
    await expect(importFromPort(signer, portMain(bad.port2), 'passphrase', { passphrase: 'p' })).rejects.toMatchObject({ code: 'INVALID_PRIVATE_KEY', message: expect.stringContaining('64 hex digits') });
    await expect(importFromPort(signer, undefined, 'passphrase')).rejects.toMatchObject({ code: 'SIGNER_NO_PORT' });
    expect(await signer.accounts()).toEqual([]);
  });
});
