import type { EventBus } from '../ipc/event-bus';
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
