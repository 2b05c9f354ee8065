import { net, protocol } from 'electron';
import { join, normalize, relative, isAbsolute } from 'node:path';
import { pathToFileURL } from 'node:url';
import { APP_HOST, APP_SCHEME } from '../common/ipc/sender-policy';
import { contentSecurityPolicy } from '../common/security/csp';

/** Must run before `app.ready`: app:// behaves like https (secure, standard origin). */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: false, corsEnabled: false } },
  ]);
}

/**
 * Serves the built renderer from app://cow-desk/, never from file://, and sets
 * the strict CSP as a header on every response. Paths that escape the renderer
 * folder are refused.
 */
export function serveRenderer(rendererDir: string): void {
  protocol.handle(APP_SCHEME, async (request) => {
    const url = new URL(request.url);
    if (url.host !== APP_HOST) return new Response('Not found', { status: 404 });
    const pathname = decodeURIComponent(url.pathname === '/' ? '/index.html' : url.pathname);
    const file = normalize(join(rendererDir, pathname));
    const rel = relative(rendererDir, file);
    if (rel.startsWith('..') || isAbsolute(rel)) return new Response('Not found', { status: 404 });
    const response = await net.fetch(pathToFileURL(file).toString());
    const headers = new Headers(response.headers);
    headers.set('Content-Security-Policy', contentSecurityPolicy("'none'"));
    headers.set('X-Content-Type-Options', 'nosniff');
    return new Response(response.body, { status: response.status, headers });
  });
}
