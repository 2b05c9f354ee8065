import { AppError } from '../../common/errors';
import { accountCommands } from '../../common/ipc/commands/accounts';
import type { Envelope } from '../../common/ipc/envelope';
import type { EventBus } from '../ipc/event-bus';
import type { Logger } from '../log';
import type { Handlers } from '../ipc/router';
import type { AccountService } from './account-service';
import type { OrderSigner } from './order-signer';

type SignerCommands =
  | 'accounts.list'
  | 'accounts.keychainStatus'
  | 'accounts.importKey'
  | 'accounts.generate'
  | 'accounts.addWatchOnly'
  | 'accounts.rename'
  | 'accounts.remove'
  | 'signing.preview'
  | 'signing.signOrder'
  | 'signing.signCancellation';

export function signerHandlers(accounts: AccountService, signer: OrderSigner, events: EventBus): Pick<Handlers, SignerCommands> {
  const changed = <T>(value: T): T => {
    events.emit('accounts.changed', accounts.list());
    return value;
  };
  return {
    'accounts.list': () => accounts.list(),
    'accounts.keychainStatus': () => accounts.keychainStatus(),
    'accounts.importKey': async (input) => changed(await accounts.importKey(input.label, input.privateKey, input)),
    'accounts.generate': async (input) => changed(await accounts.generate(input.label, input)),
    'accounts.addWatchOnly': ({ label, address }) => changed(accounts.addWatchOnly(label, address)),
    'accounts.rename': ({ address, label }) => changed(accounts.rename(address, label)),
    'accounts.remove': async ({ address, confirmAddress }) => changed({ removed: await accounts.remove(address, confirmAddress) }),
    'signing.preview': (draft) => signer.preview(draft),
    'signing.signOrder': ({ draft, passphrase, expectedDigest }) => signer.signOrder(draft, passphrase, expectedDigest),
    'signing.signCancellation': ({ account, chainId, orderUids, signingScheme, passphrase }) =>
      signer.signCancellation(account, chainId, orderUids, signingScheme, passphrase),
  };
}

/**
 * The app's key import (main/electron/key-import.ts): the input of accounts.importKey without the
 * key, which reaches the signer on `port`. Same checks, answers and event as the command.
 */
export function portImportHandler(accounts: AccountService | undefined, events: EventBus, log: Logger) {
  const fail = (code: string, message: string): Envelope => ({ ok: false, error: { code, message, retryable: false } });
  return async (input: unknown, port: unknown): Promise<Envelope> => {
    if (!accounts) return fail('STORE_UNAVAILABLE', "CoW Desk's local database is not available; no key was imported.");
    const parsed = accountCommands['accounts.generate'].input.safeParse(input);
    if (!parsed.success) return fail('INVALID_INPUT', `Invalid input for accounts.importKey: ${parsed.error.issues.map((issue) => issue.message).join('; ')}`);
    try {
      const account = await accounts.importThroughPort(parsed.data.label, port, parsed.data);
      events.emit('accounts.changed', accounts.list());
      return { ok: true, value: account };
    } catch (error) {
      if (error instanceof AppError) return { ok: false, error: { code: error.code, message: error.message, retryable: error.retryable } };
      log.error('key import through the signer port failed', { error: error instanceof Error ? error.name : 'unknown' });
      return fail('INTERNAL', 'CoW Desk hit an internal error. The details are in the log.');
    }
  };
}
