import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { retryAfterCapped } from '../../../../main/core/wallet/chain-clients';
import { nodeName } from '../../../../main/core/wallet/node-errors';

/** A real HTTP server on 127.0.0.1 answering 429 with the Retry-After given in the path. */
describe('JSON-RPC answers asking to wait', () => {
  let server: Server;
  let base: string;
  beforeAll(async () => {
    server = createServer((req, res) => {
      const wait = decodeURIComponent(req.url!.slice(1));
      res.writeHead(wait ? 429 : 200, wait ? { 'retry-after': wait } : {}).end('{}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const capped = retryAfterCapped(fetch, 30_000);

  it('a Retry-After within the cap is passed on, for the transport to obey', async () => {
    expect((await capped(`${base}30`)).status).toBe(429);
    expect((await capped(base)).status).toBe(200);
  });

  it('a Retry-After beyond the cap (120 s, 1e9 s, a date next year) is "unavailable now", at once', async () => {
    for (const wait of ['120', '1000000000', new Date(Date.now() + 365 * 86_400_000).toUTCString()]) {
      await expect(capped(`${base}${encodeURIComponent(wait)}`)).rejects.toMatchObject({ code: 'NODE_BUSY', message: expect.stringMatching(/asks to wait .* unavailable now/) });
    }
  });

  it('names a node by chain and host, never by its path (which may hold an API key)', () => {
    expect(nodeName(1, 'https://mainnet.example.org/v3/SECRET-KEY')).toBe('the Ethereum node at mainnet.example.org');
    expect(nodeName(100, 'http://127.0.0.1:8545')).toBe('the Gnosis Chain node at 127.0.0.1:8545');
  });
});
