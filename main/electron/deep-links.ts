import { app } from 'electron';
import { resolve } from 'node:path';
import { AppError } from '../common/errors';
import { DEEP_LINK_SCHEME, parseDeepLink } from '../common/deep-link';
import type { Logger } from '../core/log';

export interface DeepLinkOptions {
  /** Brings the window forward (from the tray, minimised or behind others). */
  showWindow(): void;
  /** Opens the order in History once the page can listen. */
  openOrder(uid: `0x${string}`): void;
  /** Tells the user why a link was refused. */
  refuse(message: string): void;
  log: Logger;
}

/**
 * Opens cow-desk:// links, from a browser, a notification, a second start of the
 * app or `npm start -- cow-desk://order/<uid>`: a valid order link shows the window
 * with the order in History; anything else is refused with the parser's reason.
 */
export function createDeepLinkHandler({ showWindow, openOrder, refuse, log }: DeepLinkOptions): (link: string) => void {
  return (link) => {
    let order;
    try {
      order = parseDeepLink(link);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      log.warn('link refused', { reason: error.message });
      showWindow();
      refuse(error.message);
      return;
    }
    log.info('link opened', { uid: order.uid, chainId: order.chainId });
    showWindow();
    openOrder(order.uid);
  };
}

/**
 * Makes this app the handler of cow-desk:// links. Installed builds declare the scheme
 * in their package (Info.plist, the .desktop file, the NSIS registry keys); this also
 * covers a development start, where the handler is Electron running this folder.
 */
export function registerLinkScheme(): void {
  // Reviewed: every link that arrives goes through parseDeepLink (order links only) before anything acts on it.
  if (process.defaultApp && process.argv[1]) app.setAsDefaultProtocolClient(DEEP_LINK_SCHEME, process.execPath, [resolve(process.argv[1])]); /* eng-disable PROTOCOL_HANDLER_JS_CHECK */
  else app.setAsDefaultProtocolClient(DEEP_LINK_SCHEME); /* eng-disable PROTOCOL_HANDLER_JS_CHECK */
}
