import { randomBytes } from 'node:crypto';
import type { Address, Hex, TypedDataDefinition } from 'viem';
import { AppError } from '../../common/errors';
import type { Logger } from '../log';
import { seal, unseal, type SignerConfig, type SignerInit, type SignerReply } from './process/channel';
import type { HotKeyStore, ImportOptions, PortImport, SignerPort, SignOptions, TypedDataScheme, VaultKind } from './signer-port';

/** A running signer process as main sees it: Node's forked child, or Electron's utilityProcess. */
export interface SignerChild {
  /** Undefined until the OS has started it. */
  readonly pid: number | undefined;
  post(message: unknown, transfer?: readonly unknown[]): void;
  onMessage(listener: (message: unknown) => void): void;
  onExit(listener: () => void): void;
  kill(): void;
}

/** Starts one signer process (main/electron/signer-launcher.ts in the app, process/node-launcher.ts elsewhere). */
export type SignerLauncher = () => SignerChild;

interface Launch {
  readonly child: SignerChild;
  readonly secret: Buffer;
  readonly pending: Map<number, { resolve: (value: unknown) => void; reject: (error: unknown) => void }>;
  readonly exited: Promise<void>;
}

const RESTARTED =
  'The signer restarted: its process stopped before it answered, so nothing was signed or sent. Check the request and try again.';

/**
 * Main's end of the signer process. Launches it on the first request and again
 * on the first request after it died; sends each request sealed under that
 * launch's secret and accepts only answers sealed under it. A request the dead
 * process held fails with SIGNER_RESTARTED and is never sent again on its own:
 * whether to sign once more is the user's call.
 */
export class SignerClient implements SignerPort, HotKeyStore, PortImport {
  private launch: Launch | null = null;
  private nextId = 1;
  private closed = false;

  constructor(
    private readonly start: SignerLauncher,
    private readonly config: SignerConfig,
    private readonly log?: Logger,
  ) {}

  /** The running signer's process id, for the tests that kill it; undefined when none runs. */
  get pid(): number | undefined {
    return this.launch?.child.pid;
  }

  accounts(): Promise<Address[]> {
    return this.call('accounts', []);
  }

  keychainStatus(): Promise<{ available: boolean; reason?: string }> {
    return this.call('keychainStatus', []);
  }

  importKey(privateKey: string, vault: VaultKind, options: ImportOptions = {}): Promise<Address> {
    return this.call('importKey', [privateKey, vault, options]);
  }

  generate(vault: VaultKind, options: ImportOptions = {}): Promise<Address> {
    return this.call('generate', [vault, options]);
  }

  /** The port goes along with the request, unread: the key on it reaches only the signer. */
  importThroughPort(port: unknown, vault: VaultKind, options: ImportOptions = {}): Promise<Address> {
    return this.call('importFromPort', [vault, options], [port]);
  }

  remove(account: Address, vault: VaultKind): Promise<void> {
    return this.call('remove', [account, vault]);
  }

  signTypedData(account: Address, typedData: TypedDataDefinition, expectedDigest: Hex, options: SignOptions & { scheme?: TypedDataScheme } = {}): Promise<Hex> {
    return this.call('signTypedData', [account, typedData, expectedDigest, options]);
  }

  signTransaction(account: Address, unsignedTransaction: Hex, expectedDigest: Hex, options: SignOptions = {}): Promise<Hex> {
    return this.call('signTransaction', [account, unsignedTransaction, expectedDigest, options]);
  }

  /** Stops the signer; answers once its process has exited. */
  async close(): Promise<void> {
    this.closed = true;
    const launch = this.launch;
    if (!launch) return;
    launch.child.kill();
    await launch.exited;
  }

  private call<T>(method: string, params: unknown[], transfer?: readonly unknown[]): Promise<T> {
    if (this.closed) return Promise.reject(new AppError('SIGNER_CLOSED', 'CoW Desk is shutting down; nothing was signed.'));
    const launch = this.launch ?? this.startSigner();
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      launch.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      launch.child.post(seal(launch.secret, { id, method, params }), transfer);
    });
  }

  private startSigner(): Launch {
    const child = this.start();
    const secret = randomBytes(32);
    let exit: () => void = () => undefined;
    const launch: Launch = { child, secret, pending: new Map(), exited: new Promise((resolve) => (exit = resolve)) };
    child.onMessage((message) => {
      const reply = unseal<SignerReply>(secret, message);
      const waiting = reply && launch.pending.get(reply.id);
      if (!reply || !waiting) return;
      launch.pending.delete(reply.id);
      if (reply.ok) waiting.resolve(reply.value);
      else waiting.reject(new AppError(reply.error.code, reply.error.message, { retryable: reply.error.retryable, ...(reply.error.details ? { details: reply.error.details } : {}) }));
    });
    child.onExit(() => {
      exit();
      if (this.launch === launch) this.launch = null;
      if (launch.pending.size > 0 && !this.closed) this.log?.warn('signer restarted', { lostRequests: launch.pending.size });
      for (const { reject } of launch.pending.values()) {
        reject(this.closed ? new AppError('SIGNER_CLOSED', 'CoW Desk is shutting down; nothing was signed.') : new AppError('SIGNER_RESTARTED', RESTARTED, { retryable: true }));
      }
      launch.pending.clear();
    });
    child.post({ type: 'init', secret: secret.toString('hex'), config: this.config } satisfies SignerInit);
    this.launch = launch;
    return launch;
  }
}
