import type { HoldersResult } from '../../../main/common/market/market-schema';
import { api } from '../lib/api';
import { humanError } from '../shell/app-state.svelte';

/** The holders view's state, kept outside the view so navigating away and back keeps the result. */
export const holders = $state({
  chainId: null as number | null,
  token: '',
  result: null as HoldersResult | null,
  loading: false,
  error: null as string | null,
  exported: null as string | null,
});

let latest = 0;

export async function lookUpHolders(): Promise<void> {
  if (holders.chainId === null) return;
  const request = ++latest;
  holders.loading = true;
  holders.error = null;
  holders.exported = null;
  try {
    const result = await api.invoke('market.holders', { chain: holders.chainId, token: holders.token.trim() });
    if (request === latest) holders.result = result;
  } catch (error) {
    if (request === latest) {
      holders.error = humanError(error);
      holders.result = null;
    }
  } finally {
    if (request === latest) holders.loading = false;
  }
}

export async function exportHolders(): Promise<void> {
  const result = holders.result;
  if (!result || result.token === '-') return;
  try {
    const written = await api.invoke('market.exportHolders', { chain: result.chainId, token: result.token });
    holders.exported = `${written.rows} rows written to ${written.path}`;
  } catch (error) {
    holders.error = humanError(error);
  }
}
