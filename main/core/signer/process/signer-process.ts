// The signer process: Electron's utilityProcess in the app, the same file forked
// as a Node child in `npm run preview` and the tests (launchers in
// node-launcher.ts and main/electron/signer-launcher.ts). It alone opens the
// keychain and the passphrase vault; main reaches it only through the sealed
// channel (channel.ts) and gets addresses and signatures back, never a key.
import { AppError } from '../../../common/errors';
import { KeychainVault, loadKeytar } from '../keychain-vault';
import { PassphraseVault } from '../passphrase-vault';
import type { ImportOptions, VaultKind } from '../signer-port';
import { seal, unseal, type SignerInit, type SignerReply, type SignerRequest } from './channel';
import { widenBasePointTable } from './curve-tables';
import { HotSigner } from './hot-signer';
import { importFromPort, type PortLike } from './import-port';

/** How this process talks to its parent: Electron's parentPort, or Node's IPC channel. */
interface ParentLink {
  post(message: unknown): void;
  listen(on: (message: unknown, ports: readonly PortLike[]) => void): void;
}

interface ElectronParentPort {
  postMessage(message: unknown): void;
  on(event: 'message', listener: (event: { data: unknown; ports: PortLike[] }) => void): void;
}

function parentLink(): ParentLink {
  const parentPort = (process as { parentPort?: ElectronParentPort }).parentPort;
  if (parentPort) return { post: (message) => parentPort.postMessage(message), listen: (on) => parentPort.on('message', (event) => on(event.data, event.ports)) };
  const send = process.send?.bind(process);
  if (send) {
    // Main is gone: nobody can ask for a signature any more, and nothing here is worth keeping.
    process.on('disconnect', () => process.exit(0));
    return { post: (message) => send(message), listen: (on) => process.on('message', (message) => on(message, [])) };
  }
  throw new Error("The signer runs only as a child of CoW Desk's main process.");
}

const METHODS = ['accounts', 'keychainStatus', 'importKey', 'generate', 'remove', 'signTypedData', 'signTransaction'] as const;
type Method = (typeof METHODS)[number];
const isMethod = (name: string): name is Method => (METHODS as readonly string[]).includes(name);

function failure(error: unknown): Extract<SignerReply, { ok: false }>['error'] {
  if (error instanceof AppError) return { code: error.code, message: error.message, retryable: error.retryable, ...(error.details ? { details: error.details } : {}) };
  // Never the library's own text: it could quote what it was given.
  return { code: 'SIGNER_FAILED', message: 'The signer could not complete this request; nothing was signed.', retryable: false };
}

function serve(link: ParentLink): void {
  let secret: Buffer | null = null;
  let signer: HotSigner | null = null;
  link.listen((message, ports) => {
    if (!secret || !signer) {
      // The first message, and only it, sets the launch secret; anything else before it is dropped.
      const init = message as Partial<SignerInit>;
      if (init?.type !== 'init' || typeof init.secret !== 'string' || !/^[0-9a-f]{64}$/.test(init.secret) || !init.config) return;
      secret = Buffer.from(init.secret, 'hex');
      signer = new HotSigner({ keychain: new KeychainVault(loadKeytar, init.config.keychainService), passphrase: new PassphraseVault(init.config.vaultDir) });
      // After the requests that came with the launch have started: once per launch, every signature after it is faster.
      setImmediate(widenBasePointTable);
      return;
    }
    const request = unseal<SignerRequest>(secret, message);
    if (!request || typeof request.id !== 'number' || !Array.isArray(request.params)) return;
    void answer(signer, request, ports).then((reply) => link.post(seal(secret!, reply)));
  });
}

async function answer(signer: HotSigner, { id, method, params }: SignerRequest, ports: readonly PortLike[]): Promise<SignerReply> {
  try {
    if (method === 'importFromPort') {
      const [vault, options] = params as [VaultKind | undefined, ImportOptions | undefined];
      return { id, ok: true, value: await importFromPort(signer, ports[0], vault, options) };
    }
    if (!isMethod(method)) throw new AppError('SIGNER_UNKNOWN_REQUEST', `The signer does not know "${method}".`);
    // Each method checks its own arguments (addresses, digests, payloads) as it uses them.
    const value = await (signer[method] as (...args: unknown[]) => Promise<unknown>)(...(params as unknown[]));
    return { id, ok: true, value };
  } catch (error) {
    return { id, ok: false, error: failure(error) };
  }
}

serve(parentLink());
