import { z } from 'zod';

/**
 * Where the app's self-update stands, as main tells the renderer (event
 * app.updateStatus) and the renderer shows it. The words are composed here, once,
 * so the banner, the menu and the tests read the same sentences.
 */
export const updateStateSchema = z.enum(['checking', 'none', 'available', 'downloading', 'ready', 'offline', 'refused', 'error', 'unsupported']);
export type UpdateState = z.infer<typeof updateStateSchema>;

export const updateStatusSchema = z.strictObject({
  state: updateStateSchema,
  /** The version on offer (available, downloading, ready), else null. */
  version: z.string().max(64).nullable(),
  /** Download progress 0–100 while downloading, else null. */
  percent: z.number().min(0).max(100).nullable(),
  /** Whether the user asked (Help > Check for Updates), so "up to date" is worth saying. */
  manual: z.boolean(),
  message: z.string(),
});
export type UpdateStatus = z.infer<typeof updateStatusSchema>;

export interface UpdateFacts {
  state: UpdateState;
  currentVersion: string;
  version?: string | null;
  percent?: number | null;
  manual?: boolean;
}

export function updateStatus({ state, currentVersion, version = null, percent = null, manual = false }: UpdateFacts): UpdateStatus {
  const shown = percent === null ? null : Math.min(100, Math.max(0, percent));
  return { state, version, percent: state === 'downloading' ? shown ?? 0 : null, manual, message: updateMessage(state, currentVersion, version, shown) };
}

function updateMessage(state: UpdateState, current: string, version: string | null, percent: number | null): string {
  switch (state) {
    case 'checking':
      return 'Checking for updates…';
    case 'none':
      return `CoW Desk ${current} is up to date.`;
    case 'available':
      return `CoW Desk ${version} is available; downloading it now.`;
    case 'downloading':
      return `Downloading CoW Desk ${version}: ${Math.floor(percent ?? 0)}%.`;
    case 'ready':
      return `CoW Desk ${version} is downloaded and will be installed when you quit.`;
    case 'offline':
      return 'Could not check for updates: this computer seems to be offline. CoW Desk checks again at the next start, or use Help > Check for Updates.';
    case 'refused':
      return 'The downloaded update did not match its published checksum or signature and was discarded; the details are in the log.';
    case 'error':
      return 'Checking for or downloading the update failed; the details are in the log.';
    case 'unsupported':
      return 'Updates are installed by the packaged app only (this is a development build).';
  }
}

const OFFLINE = /net::ERR_(INTERNET_DISCONNECTED|NAME_NOT_RESOLVED|NAME_RESOLUTION_FAILED|CONNECTION_REFUSED|CONNECTION_TIMED_OUT|CONNECTION_RESET|NETWORK_CHANGED|ADDRESS_UNREACHABLE|PROXY_CONNECTION_FAILED|TIMED_OUT)|\b(ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENETUNREACH|EHOSTUNREACH)\b/;
const INTEGRITY = /checksum mismatch|sha512|sha2 checksum|not signed by the application owner|code signature/i;

/** What an updater error means for the user: no network, an update that failed verification, or anything else. */
export function updateFailure(errorText: string): 'offline' | 'refused' | 'error' {
  if (OFFLINE.test(errorText)) return 'offline';
  if (INTEGRITY.test(errorText)) return 'refused';
  return 'error';
}
