import { CHAINS } from '../protocol/chains';
import { DEFAULT_ENDPOINTS } from '../protocol/endpoints';

/**
 * The only places CoW Desk opens in the user's browser: CoW Explorer
 * (production and staging) for orders, and each chain's block explorer for
 * transactions and addresses. Everything else a page asks to open is refused.
 */
export const EXTERNAL_ORIGINS: readonly string[] = [
  DEFAULT_ENDPOINTS.production.explorer,
  DEFAULT_ENDPOINTS.staging.explorer,
  ...CHAINS.map((chain) => chain.blockExplorer),
];

export function isAllowedExternalUrl(candidate: string): boolean {
  try {
    const url = new URL(candidate);
    return EXTERNAL_ORIGINS.includes(url.origin) && url.username === '' && url.password === '';
  } catch {
    return false;
  }
}
