/**
 * Which IPC senders main answers. Only the top frame of our own window, loaded
 * from our own app:// origin, may call commands: an iframe, a page that managed
 * to navigate elsewhere, or any other scheme gets nothing.
 */
export const APP_SCHEME = 'app';
export const APP_HOST = 'cow-desk';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;

export interface SenderFrame {
  url: string;
  isMainFrame: boolean;
}

export function isTrustedSender(frame: SenderFrame | null | undefined): boolean {
  if (!frame || !frame.isMainFrame) return false;
  let url: URL;
  try {
    url = new URL(frame.url);
  } catch {
    return false;
  }
  return url.protocol === `${APP_SCHEME}:` && url.host === APP_HOST;
}
