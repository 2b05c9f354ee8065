/**
 * The only places CoW Desk opens in the user's browser: the protocol explorer
 * (production and staging). Everything else a page asks to open is refused.
 */
export const EXTERNAL_ORIGINS = ['https://explorer.cow.fi', 'https://staging.explorer.cow.fi'] as const;

export function isAllowedExternalUrl(candidate: string): boolean {
  try {
    const url = new URL(candidate);
    return (EXTERNAL_ORIGINS as readonly string[]).includes(url.origin) && url.username === '' && url.password === '';
  } catch {
    return false;
  }
}
