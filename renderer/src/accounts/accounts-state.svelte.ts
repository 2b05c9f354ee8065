import { humanError } from '../shell/app-state.svelte';
import type { Account } from '../../../main/common/ipc/commands/accounts';
import { api } from '../lib/api';

/** The account list and keychain status, kept current by main's accounts.changed event. */
export const accounts = $state<{ list: Account[]; keychain: { available: boolean; reason?: string } | null; error: string | null }>({
  list: [],
  keychain: null,
  error: null,
});

export function connectAccounts(): () => void {
  api.invoke('accounts.list').then(
    (list) => (accounts.list = list),
    (error: unknown) => (accounts.error = humanError(error)),
  );
  api.invoke('accounts.keychainStatus').then(
    (status) => (accounts.keychain = status),
    (error: unknown) => (accounts.error = humanError(error)),
  );
  return api.on('accounts.changed', (list) => (accounts.list = list));
}
