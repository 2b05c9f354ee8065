import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Faults } from './faults';
import { listenLocal } from './listen';
import type { LostAnswers } from './lost-answer';
import { text, type Reply, type SandboxRequest } from './reply';

export interface RequestLogEntry {
  method: string;
  path: string;
  /** 0 when the connection was dropped without an answer. */
  status: number;
  /** Wall-clock milliseconds (Date.now()) when the request arrived. */
  at: number;
}

/** How one service words the answers that faults produce. */
export interface ServiceFlavor {
  rateLimited(retryAfterSeconds: number): Reply;
  serverError(status: 500 | 502 | 503 | 504): Reply;
}

export interface RunningService {
  url: string;
  close(): Promise<void>;
}

const MAX_BODY_BYTES = 4 * 1024 * 1024;

/**
 * One HTTP service on 127.0.0.1 (any free port unless one is given): reads the body, applies
 * the shared faults, runs the handler, logs what was answered.
 */
export async function startService(options: {
  handle(request: SandboxRequest): Promise<Reply>;
  flavor: ServiceFlavor;
  faults: Faults;
  log: RequestLogEntry[];
  /** Answers to lose after the work is done (the orderbook's POST /orders). */
  lostAnswers?: LostAnswers;
  /** Default 0: any free port. */
  port?: number;
}): Promise<RunningService> {
  const server = createServer((req, res) => void serve(req, res, options));
  const port = await listenLocal(server, options.port);
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

async function serve(
  req: IncomingMessage,
  res: ServerResponse,
  options: { handle(request: SandboxRequest): Promise<Reply>; flavor: ServiceFlavor; faults: Faults; log: RequestLogEntry[]; lostAnswers?: LostAnswers },
): Promise<void> {
  // Built by concatenation so a path starting with // stays a path instead of becoming a host.
  const url = new URL(`http://127.0.0.1${req.url ?? '/'}`);
  const entry: RequestLogEntry = { method: req.method ?? 'GET', path: url.pathname, status: 0, at: Date.now() };
  options.log.push(entry);
  const rawBody = await readBody(req);
  if (rawBody === null) return; // the client went away mid-body
  const decision = options.faults.decide();
  if (decision.kind === 'drop') {
    req.socket.destroy();
    return;
  }
  const latency = options.faults.latencyMs();
  if (latency > 0) await new Promise((resolve) => setTimeout(resolve, latency));
  let reply: Reply;
  if (rawBody === undefined) reply = text(413, 'Payload Too Large');
  else if (decision.kind === 'rate-limited') reply = options.flavor.rateLimited(decision.retryAfterSeconds);
  else if (decision.kind === 'server-error') reply = options.flavor.serverError(decision.status);
  else {
    const request: SandboxRequest = {
      method: entry.method,
      path: url.pathname,
      parts: url.pathname.split('/').filter((part) => part !== ''),
      query: url.searchParams,
      rawBody,
    };
    try {
      reply = await options.handle(request);
    } catch (error) {
      // A sandbox bug must surface in the test output, not as a hung request.
      console.error('sandbox handler failed', error);
      reply = options.flavor.serverError(500);
    }
    const bad = options.flavor.serverError(502);
    if (options.lostAnswers?.swallow(request, reply, req.socket, () => res.writeHead(502, bad.headers).end(bad.body))) {
      entry.status = 0;
      return;
    }
  }
  entry.status = reply.status;
  res.writeHead(reply.status, reply.headers);
  res.end(reply.body);
}

/** The body, undefined when over the size limit, null when the connection failed. */
function readBody(req: IncomingMessage): Promise<string | undefined | null> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) tooLarge = true;
      else chunks.push(chunk);
    });
    req.on('end', () => resolve(tooLarge ? undefined : Buffer.concat(chunks).toString('utf8')));
    req.on('error', () => resolve(null));
  });
}
