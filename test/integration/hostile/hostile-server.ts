import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { gzipSync } from 'node:zlib';

/**
 * How the endpoint misbehaves. Everything but `pass` and `slow` is what an
 * attacker or a broken proxy would do; `pass` forwards to the real (sandbox)
 * service untouched.
 */
export type HostileMode =
  | { kind: 'pass' }
  /** 200 with a gzip body that inflates to `inflatedMiB` of JSON whitespace. */
  | { kind: 'gzipBomb'; inflatedMiB: number }
  /** 200, chunked, and the body never ends. */
  | { kind: 'endless' }
  /** 200, then one byte every `everyMs`: never idle long enough to trip an idle timeout. */
  | { kind: 'drip'; everyMs: number }
  /** The connection is accepted and the request read; nothing is ever sent back. */
  | { kind: 'silent' }
  /** The connection is closed as soon as a request arrives, without an answer: a service out of reach. */
  | { kind: 'reset' }
  /** A status line and one header, then nothing: the headers never end. */
  | { kind: 'noHeaders' }
  /** The request reaches the real service, which acts on it; its answer is lost on the way back. */
  | { kind: 'swallow' }
  /** Every answer, the real one, after `delayMs`. */
  | { kind: 'slow'; delayMs: number }
  /** 429 with a Retry-After that is neither seconds nor an HTTP date. */
  | { kind: 'badRetryAfter'; value: string }
  /** 429 asking to wait `seconds` (a billion: "never come back"). */
  | { kind: 'retryAfter'; seconds: number }
  /** 200 with `kib` KiB of valid JSON nested as deep as that allows: [[[[...]]]]. */
  | { kind: 'deepJson'; kib: number }
  /** 307 (method and body kept) to the same path on `to`, another host. */
  | { kind: 'redirect'; to: string };

/** One MiB of JSON whitespace, gzipped once (about 1 KiB); gzip members may be concatenated. */
const BOMB_MEMBER = gzipSync(Buffer.alloc(1024 * 1024, 0x20), { level: 9 });

export interface HostileServer {
  /** Use in place of the upstream's base URL. */
  readonly url: string;
  /** Misbehave as `mode`, for every request or only those `only` picks (the rest pass through). */
  mode(mode: HostileMode, only?: (method: string, path: string) => boolean): void;
  /** Every request, oldest first. */
  readonly seen: { method: string; path: string }[];
  /** Bytes written to clients in hostile modes (the compressed size for the bomb). */
  readonly sent: { bytes: number };
  close(): Promise<void>;
}

/** A small HTTP server on 127.0.0.1 in front of `upstream`, misbehaving on demand. */
export async function startHostileServer(upstream: string): Promise<HostileServer> {
  let mode: HostileMode = { kind: 'pass' };
  let only: ((method: string, path: string) => boolean) | undefined;
  const seen: { method: string; path: string }[] = [];
  const sent = { bytes: 0 };
  const sockets = new Set<Socket>();
  const timers = new Set<ReturnType<typeof setTimeout>>();
  const target = new URL(upstream);

  const later = (ms: number, run: () => void) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      run();
    }, ms);
    timers.add(timer);
  };

  const forward = (req: IncomingMessage, res: ServerResponse, swallow = false) => {
    const proxied = httpRequest(
      { host: target.hostname, port: target.port, method: req.method, path: `${target.pathname.replace(/\/$/, '')}${req.url}`, headers: { ...req.headers, host: target.host } },
      (answer) => {
        if (swallow) return void answer.resume();
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    proxied.on('error', () => res.destroy());
    req.pipe(proxied);
  };

  /** Writes `chunk` while the client keeps reading, `times` times (or forever). */
  const pump = (res: ServerResponse, chunk: Buffer, times = Number.POSITIVE_INFINITY) => {
    let left = times;
    const write = () => {
      while (left > 0 && !res.destroyed) {
        left -= 1;
        sent.bytes += chunk.length;
        if (!res.write(chunk)) return void res.once('drain', write);
      }
      if (left <= 0 && !res.destroyed) res.end();
    };
    write();
  };

  const misbehave = (current: HostileMode, req: IncomingMessage, res: ServerResponse) => {
    switch (current.kind) {
      case 'gzipBomb':
        res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
        return pump(res, BOMB_MEMBER, current.inflatedMiB);
      case 'endless':
        res.writeHead(200, { 'content-type': 'application/json' });
        return pump(res, Buffer.alloc(64 * 1024, 0x20));
      case 'drip': {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.flushHeaders();
        const drip = () => {
          if (res.destroyed) return;
          sent.bytes += 1;
          res.write(' ');
          later(current.everyMs, drip);
        };
        return drip();
      }
      case 'noHeaders':
        sent.bytes += 30;
        return void req.socket.write('HTTP/1.1 200 OK\r\nX-Stall: 1\r\n');
      case 'badRetryAfter':
        res.writeHead(429, { 'content-type': 'application/json', 'retry-after': current.value });
        return res.end(JSON.stringify({ errorType: 'TooManyRequests', description: 'slow down' }));
      case 'deepJson': {
        const half = (current.kib * 1024) / 2;
        res.writeHead(200, { 'content-type': 'application/json' });
        return pump(res, Buffer.concat([Buffer.alloc(half, '['), Buffer.alloc(half, ']')]), 1);
      }
      case 'redirect':
        res.writeHead(307, { location: `${current.to}${req.url ?? '/'}` });
        return res.end();
      case 'retryAfter':
        res.writeHead(429, { 'content-type': 'application/json', 'retry-after': String(current.seconds) });
        return res.end(JSON.stringify({ errorType: 'TooManyRequests', description: 'slow down' }));
      default:
        return; // silent: never a byte back
    }
  };

  const server = createServer((req, res) => {
    seen.push({ method: req.method ?? '', path: req.url ?? '' });
    const current: HostileMode = !only || only(req.method ?? '', req.url ?? '') ? mode : { kind: 'pass' };
    if (current.kind === 'pass') return forward(req, res);
    if (current.kind === 'reset') return void req.socket.destroy();
    if (current.kind === 'swallow') return forward(req, res, true);
    if (current.kind === 'slow') return later(current.delayMs, () => (req.socket.destroyed ? undefined : forward(req, res)));
    // Read the request in full first, as a real server would, then misbehave.
    req.resume();
    req.once('end', () => misbehave(current, req, res));
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    sent,
    seen,
    mode: (next, filter) => {
      mode = next;
      only = filter;
      // Connections held open by the previous mode would otherwise keep misbehaving.
      for (const socket of sockets) socket.destroy();
    },
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
