import { connect, createServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { startSandbox, type Sandbox, type SandboxOptions } from '../sandbox';

/**
 * The sandbox listens on a new port each time it starts, but an app keeps its
 * base URLs. A front is a plain TCP forwarder on a port that stays: while the
 * sandbox is stopped every connection is cut at once (what a stopped service
 * looks like to a client), and after a restart it forwards to the new one.
 */
interface Front {
  url: string;
  retarget(url: string | null): void;
  close(): Promise<void>;
}

async function startFront(): Promise<Front> {
  let target: URL | null = null;
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    if (!target) return void client.destroy();
    const upstream = connect(Number(target.port), target.hostname);
    sockets.add(upstream);
    upstream.on('close', () => sockets.delete(upstream));
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    retarget(url) {
      target = url ? new URL(url) : null;
      for (const socket of sockets) socket.destroy();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

export interface SandboxBehindFront {
  readonly orderbookUrl: string;
  readonly bffUrl: string;
  /** The running sandbox, or null while stopped. */
  current(): Sandbox | null;
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

export async function startSandboxBehindFront(options: SandboxOptions = {}): Promise<SandboxBehindFront> {
  const orderbook = await startFront();
  const bff = await startFront();
  let sandbox: Sandbox | null = null;
  const start = async () => {
    if (sandbox) return;
    sandbox = await startSandbox(options);
    orderbook.retarget(sandbox.orderbookUrl);
    bff.retarget(sandbox.bffUrl);
  };
  const stop = async () => {
    orderbook.retarget(null);
    bff.retarget(null);
    await sandbox?.close();
    sandbox = null;
  };
  await start();
  return {
    orderbookUrl: orderbook.url,
    bffUrl: bff.url,
    current: () => sandbox,
    start,
    stop,
    close: async () => {
      await stop();
      await Promise.all([orderbook.close(), bff.close()]);
    },
  };
}
