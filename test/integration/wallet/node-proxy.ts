import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * How the JSON-RPC node (really: a proxy in front of the sandbox's EDR node)
 * misbehaves for the requests `only` picks by JSON-RPC method:
 * - pass: forwards untouched;
 * - forwardThen: forwards (the node acts on it), then answers `status` instead
 *   of the node's answer, or resets the connection (`status: 'reset'`);
 * - busy: answers 429 with `Retry-After: retryAfter` without forwarding;
 * - silent: reads the request and never answers;
 * - drip: answers 200 and then one byte every `everyMs`, never finishing;
 * - redirect: answers 307 to `to` (another host) without forwarding.
 */
export type NodeMode =
  | { kind: 'pass' }
  | { kind: 'forwardThen'; status: 502 | 500 | 429 | 'reset' }
  | { kind: 'busy'; retryAfter: string }
  | { kind: 'silent' }
  | { kind: 'drip'; everyMs: number }
  /** `result: null` for the next call only (a receipt asked for a moment before its block), then as 'pass'. */
  | { kind: 'nullOnce' }
  /** A 200 whose JSON is nested `depth` arrays deep (2 bytes a level), under the 4 MiB size bound. */
  | { kind: 'deepJson'; depth: number }
  | { kind: 'redirect'; to: string };

export interface NodeProxy {
  readonly url: string;
  mode(mode: NodeMode, only?: (rpcMethod: string) => boolean): void;
  /** JSON-RPC methods seen, oldest first. */
  readonly seen: string[];
  close(): Promise<void>;
}

export async function startNodeProxy(upstream: string): Promise<NodeProxy> {
  let mode: NodeMode = { kind: 'pass' };
  let only: ((rpcMethod: string) => boolean) | undefined;
  const seen: string[] = [];
  const sockets = new Set<Socket>();
  const timers = new Set<ReturnType<typeof setInterval>>();
  const target = new URL(upstream);

  const forward = (req: IncomingMessage, body: Buffer) =>
    new Promise<{ status: number; headers: Record<string, string>; body: Buffer }>((resolve, reject) => {
      const out = httpRequest(
        { host: target.hostname, port: target.port, path: target.pathname, method: req.method, headers: { 'content-type': 'application/json', 'content-length': String(body.length) } },
        (answer) => {
          const chunks: Buffer[] = [];
          answer.on('data', (chunk: Buffer) => chunks.push(chunk));
          answer.on('end', () => resolve({ status: answer.statusCode ?? 502, headers: { 'content-type': 'application/json' }, body: Buffer.concat(chunks) }));
          answer.on('error', reject);
        },
      );
      out.on('error', reject);
      out.end(body);
    });

  const handle = async (req: IncomingMessage, res: ServerResponse, body: Buffer) => {
    let methods: string[];
    try {
      const parsed = JSON.parse(body.toString('utf8')) as { method?: string } | { method?: string }[];
      methods = (Array.isArray(parsed) ? parsed : [parsed]).map((call) => String(call.method));
    } catch {
      methods = ['(unparsable)'];
    }
    seen.push(...methods);
    const hostile = mode.kind !== 'pass' && (!only || methods.some((method) => only!(method)));
    if (!hostile) {
      const answer = await forward(req, body);
      res.writeHead(answer.status, answer.headers).end(answer.body);
      return;
    }
    switch (mode.kind) {
      case 'forwardThen': {
        await forward(req, body);
        if (mode.status === 'reset') return void req.socket.destroy();
        res.writeHead(mode.status, { 'content-type': 'text/plain' }).end(mode.status === 429 ? 'Too Many Requests' : 'Bad Gateway');
        return;
      }
      case 'busy':
        res.writeHead(429, { 'content-type': 'text/plain', 'retry-after': mode.retryAfter }).end('Too Many Requests');
        return;
      case 'silent':
        return;
      case 'nullOnce': {
        mode = { kind: 'pass' };
        const call = JSON.parse(body.toString('utf8')) as { id?: unknown };
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', id: call.id ?? null, result: null }));
        return;
      }
      case 'deepJson':
        res.writeHead(200, { 'content-type': 'application/json' }).end('['.repeat(mode.depth) + ']'.repeat(mode.depth));
        return;
      case 'redirect':
        res.writeHead(307, { location: mode.to }).end();
        return;
      case 'drip': {
        res.writeHead(200, { 'content-type': 'application/json' });
        const timer = setInterval(() => res.write(' '), mode.everyMs);
        timers.add(timer);
        res.on('close', () => (clearInterval(timer), timers.delete(timer)));
        return;
      }
    }
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => void handle(req, res, Buffer.concat(chunks)).catch(() => req.socket.destroy()));
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    seen,
    mode(next, pick) {
      mode = next;
      only = pick;
    },
    async close() {
      for (const timer of timers) clearInterval(timer);
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
