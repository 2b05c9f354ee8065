import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Listens on 127.0.0.1: `port` 0 takes any free port (the tests, which run
 * many sandboxes at once), a number that port (`npm run sandbox`, whose URLs
 * a user enters once). A taken port is said in words, with the way out.
 */
export async function listenLocal(server: Server, port = 0): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    const failed = (error: NodeJS.ErrnoException) =>
      reject(error.code === 'EADDRINUSE' ? new Error(`Port ${port} on 127.0.0.1 is in use (another sandbox?). Stop it, or choose other ports with --port <first port>.`) : error);
    server.once('error', failed);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', failed);
      resolve();
    });
  });
  return (server.address() as AddressInfo).port;
}
