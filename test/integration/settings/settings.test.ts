import { existsSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Services } from '../../../main/core/services';
import { composeApp } from '../../helpers/compose-app';
import { recordingLogger } from '../../helpers/recording-logger';
import { makeTempDir } from '../../helpers/temp-dir';

/** A JSON-RPC node at the edge: answers eth_chainId with the id the test gives it. */
async function startRpcStub(chainId: number): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const call = JSON.parse(body) as { id: number; method: string };
      const result = call.method === 'eth_chainId' ? `0x${chainId.toString(16)}` : null;
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', id: call.id, result }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/rpc`, server };
}

describe('settings through IPC, on a real database', () => {
  let dir: ReturnType<typeof makeTempDir>;
  let services: Services | undefined;
  beforeEach(() => (dir = makeTempDir()));
  afterEach(async () => {
    await services?.close();
    dir.remove();
  });

  const start = () => (services = composeApp({ userDataDir: dir.path, appVersion: 'test', log: recordingLogger() }));
  const call = (command: string, input?: unknown) => services!.router.handle(command, input);

  it('keeps every setting across a restart', async () => {
    start();
    await call('settings.update', { environment: 'staging', enabledChains: [100, 8453], theme: 'dark', lastView: 'history', onboarded: true });
    await call('settings.setEndpoint', { environment: 'staging', service: 'tokenService', url: 'https://bff.example.org/' });
    await services!.close();

    start();
    const answer = await call('settings.get');
    expect(answer).toMatchObject({
      ok: true,
      value: {
        persisted: true,
        settings: { environment: 'staging', enabledChains: [100, 8453], activeChainId: 100, theme: 'dark', lastView: 'history', onboarded: true },
        effectiveEndpoints: { staging: { tokenService: 'https://bff.example.org', orderbook: 'https://barn.api.cow.fi' } },
      },
    });
    expect(services!.settings.endpoints().tokenService).toBe('https://bff.example.org');
    expect(await call('app.health')).toMatchObject({ value: { environment: 'staging' } });
  });

  it('answers a key sent without a value (undefined, as structured clone carries it) with words, and changes nothing', async () => {
    start();
    for (const key of ['theme', 'enabledChains', 'environment', 'activeAccount']) {
      const answer = await call('settings.update', { [key]: undefined });
      expect(answer, key).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT', message: expect.stringMatching(new RegExp(`${key}: .*leave it out`)) } });
    }
    expect(await call('settings.get')).toMatchObject({ ok: true, value: { settings: { theme: 'system', environment: 'production' } } });
  });

  it('answers a bad value with its message and changes nothing', async () => {
    start();
    const answer = await call('settings.setEndpoint', { environment: 'production', service: 'orderbook', url: 'http://10.0.0.5:8080' });
    expect(answer).toMatchObject({
      ok: false,
      error: { code: 'INVALID_INPUT', details: { issues: [{ path: 'url', message: 'http://10.0.0.5:8080 is not allowed: use https, or http only on 127.0.0.1 (this machine).' }] } },
    });
    expect(await call('settings.update', { activeChainId: 5 })).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
    expect(services!.settings.endpoints().orderbook).toBe('https://api.cow.fi');
  });

  it('announces changes to the renderer: settings, health report and connection health', async () => {
    start();
    const seen: string[] = [];
    services!.events.subscribe((event) => seen.push(event));
    await call('settings.update', { environment: 'staging' });
    expect(seen).toEqual(expect.arrayContaining(['settings.changed', 'app.healthChanged', 'health.changed']));
    expect(await call('health.status')).toMatchObject({ value: { environment: 'staging', services: [{ baseUrl: 'https://barn.api.cow.fi' }, { baseUrl: 'https://bff.barn.cow.fi' }] } });
  });

  describe('JSON-RPC URLs are checked by asking the chain id', () => {
    let gnosis: Awaited<ReturnType<typeof startRpcStub>>;
    beforeAll(async () => (gnosis = await startRpcStub(100)));
    afterAll(() => new Promise<void>((resolve) => gnosis.server.close(() => resolve())));

    it('saves a node of the right chain and refuses one of another chain or none at all', async () => {
      start();
      expect(await call('settings.setRpcUrl', { chainId: 100, url: gnosis.url })).toMatchObject({ ok: true, value: { settings: { rpcUrls: { '100': gnosis.url } } } });
      const wrong = await call('settings.setRpcUrl', { chainId: 1, url: gnosis.url });
      expect(wrong).toMatchObject({ ok: false, error: { code: 'RPC_WRONG_CHAIN' } });
      expect((wrong as { error: { message: string } }).error.message).toMatch(/^127\.0\.0\.1:\d+ serves chain 100 \(Gnosis Chain\), not 1 \(Ethereum\)\./);
      const dead = await call('settings.setRpcUrl', { chainId: 1, url: 'http://127.0.0.1:9/rpc' });
      expect(dead).toMatchObject({ ok: false, error: { code: 'RPC_UNREACHABLE', retryable: true } });
      expect(services!.settings.current().rpcUrls).toEqual({ '100': gnosis.url });
    });
  });

  it('reports the database, exports every table as JSON and deletes everything on confirmation', async () => {
    start();
    await call('settings.update', { theme: 'dark', onboarded: true });
    await call('accounts.addWatchOnly', { label: 'Safe', address: '0x90F79bf6EB2c4f870365E785982E1f101E93b906' });
    const info = await call('data.info');
    expect(info).toMatchObject({ ok: true, value: { available: true, path: expect.stringContaining(dir.path) } });
    expect((info as { value: { sizeBytes: number } }).value.sizeBytes).toBeGreaterThan(0);

    const exported = (await call('data.export')) as { ok: true; value: { path: string; rows: number } };
    expect(exported.ok).toBe(true);
    const file = JSON.parse(readFileSync(exported.value.path, 'utf8')) as { tables: Record<string, { key?: string }[]> };
    expect(file.tables.settings?.map((row) => row.key)).toEqual(expect.arrayContaining(['theme', 'onboarded']));

    expect(await call('data.deleteAll', { confirm: 'yes' })).toMatchObject({ ok: false, error: { message: expect.stringContaining('Type "delete" to confirm.') } });
    expect(services!.settings.current().theme).toBe('dark');
    expect(await call('data.deleteAll', { confirm: 'delete' })).toMatchObject({ ok: true });
    expect(services!.settings.current()).toMatchObject({ theme: 'system', onboarded: false });
    // Accounts stay, so no key is left where no screen can reach it.
    expect(await call('accounts.list')).toMatchObject({ ok: true, value: [{ label: 'Safe' }] });
    // Closed before the next start, as a relaunch is: the first app's background work must not outlive it.
    await services!.close();
    start();
    expect(services!.settings.current().theme).toBe('system');
    expect(existsSync(exported.value.path)).toBe(true);
  });
});
