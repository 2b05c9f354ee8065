import { app, session, shell, type WebContents } from 'electron';
import { isAllowedExternalUrl } from '../common/security/external-links';

/**
 * Electron's security checklist for everything that is not the window options:
 * no navigation away from the app, no new windows (allowlisted explorer links go
 * to the user's browser instead), no webviews, and every permission denied.
 */
export function hardenApp(): void {
  app.on('web-contents-created', (_event, contents) => hardenContents(contents));
  session.defaultSession.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.defaultSession.setPermissionCheckHandler(() => false);
}

function hardenContents(contents: WebContents): void {
  contents.on('will-navigate', (event) => event.preventDefault());
  contents.on('will-redirect', (event) => event.preventDefault());
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    // Only explorer origins on the allowlist ever reach the OS browser.
    if (isAllowedExternalUrl(url)) void shell.openExternal(url); /* eng-disable OPEN_EXTERNAL_JS_CHECK */
    return { action: 'deny' };
  });
}
