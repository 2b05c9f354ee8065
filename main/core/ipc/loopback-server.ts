import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import sirv from 'sirv';
import { contentSecurityPolicy } from '../../common/security/csp';
import type { Logger } from '../log';
import type { EventBus } from './event-bus';
import type { Router } from './router';

export interface LoopbackServer {
  /** Page URL including the per-run token; open it to get the app. */
  readonly url: string;
  readonly origin: string;
  readonly token: string;
  close(): Promise<void>;
}

export interface LoopbackOptions {
  router: Router;
  events: EventBus;
  log: Logger;
  /** Built renderer (out/renderer); when given, `/` serves its loopback page. */
  staticDir?: string;
  port?: number;
}

const MAX_BODY_BYTES = 1024 * 1024;
/** The renderer page that installs the loopback transport before the app starts. */
export const LOOPBACK_PAGE = 'preview.html';

/**
 * Serves the same router as the Electron transport over HTTP on 127.0.0.1, for
 * the e2e tests and the browser preview. A random token per run guards every
 * call, the Host check stops DNS rebinding, and the Origin check refuses any
 * request a page of another origin makes: a web page elsewhere can neither
 * guess the token, nor pose as 127.0.0.1, nor use a token it was given.
 */
export async function startLoopbackServer(options: LoopbackOptions): Promise<LoopbackServer> {
  const token = randomBytes(32).toString('hex');
  const serveStatic = options.staticDir
    ? sirv(options.staticDir, { dev: false, etag: true, dotfiles: false })
    : undefined;
  const streams = new Set<ServerResponse>();
  let origin = '';

  const server = createServer((req, res) => {
    res.setHeader('Content-Security-Policy', contentSecurityPolicy("'self'"));
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Cache-Control', 'no-store');
    if (req.headers.host !== new URL(origin).host) return reply(res, 421, { error: 'wrong host' });
    // A browser names the page behind every cross-origin call and event stream: only the bridge's own page may use it.
    // No Origin at all is not a browser page (the tests' Node client, curl), and it still needs the token.
    if (req.headers.origin !== undefined && req.headers.origin !== origin) return reply(res, 403, { error: 'foreign origin' });
    let url: URL;
    try {
      url = new URL(req.url ?? '/', origin);
    } catch {
      return reply(res, 400, { error: 'bad request line' });
    }
    if (url.pathname === '/ipc/invoke' && req.method === 'POST') {
      if (!authorised(req.headers.authorization?.replace(/^Bearer /, ''), token)) return reply(res, 401, { error: 'bad token' });
      // A client that hangs up mid-body must cost its own request, never the process.
      return void handleInvoke(req, res, options).catch(() => res.destroy());
    }
    if (url.pathname === '/ipc/events' && req.method === 'GET') {
      if (!authorised(url.searchParams.get('token') ?? undefined, token)) return reply(res, 401, { error: 'bad token' });
      return openStream(res, streams);
    }
    if (!serveStatic || req.method !== 'GET') return reply(res, 404, { error: 'not found' });
    if (url.pathname === '/') req.url = `/${LOOPBACK_PAGE}${url.search}`;
    serveStatic(req, res, () => reply(res, 404, { error: 'not found' }));
  });

  const unsubscribe = options.events.subscribe((event, payload) => {
    const frame = `event: message\ndata: ${JSON.stringify({ event, payload })}\n\n`;
    for (const stream of streams) stream.write(frame);
  });

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  options.log.info('loopback bridge listening', { origin });

  return {
    url: `${origin}/?token=${token}`,
    origin,
    token,
    close: () =>
      new Promise<void>((resolve) => {
        unsubscribe();
        for (const stream of streams) stream.end();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function authorised(given: string | undefined, token: string): boolean {
  if (!given || given.length !== token.length) return false;
  return timingSafeEqual(Buffer.from(given), Buffer.from(token));
}

function reply(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
}

async function handleInvoke(req: IncomingMessage, res: ServerResponse, options: LoopbackOptions) {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) return reply(res, 413, { error: 'request too large' });
    chunks.push(chunk);
  }
  let body: { command?: unknown; input?: unknown };
  try {
    body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as typeof body;
  } catch {
    return reply(res, 400, { error: 'body is not JSON' });
  }
  reply(res, 200, await options.router.handle(body?.command, body?.input));
}

function openStream(res: ServerResponse, streams: Set<ServerResponse>): void {
  res.writeHead(200, { 'Content-Type': 'text/event-stream', Connection: 'keep-alive' });
  res.write(': connected\n\n');
  streams.add(res);
  res.on('close', () => streams.delete(res));
}
