import { mkdirSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startLoopbackServer, type LoopbackServer } from '../../../main/core/ipc/loopback-server';
import { createServices, type Services } from '../../../main/core/services';
import { recordingLogger } from '../../helpers/recording-logger';
import { makeTempDir } from '../../helpers/temp-dir';

describe('loopback bridge over real HTTP', () => {
  let dir: ReturnType<typeof makeTempDir>;
  let services: Services;
  let server: LoopbackServer;

  beforeEach(async () => {
    dir = makeTempDir();
    const staticDir = join(dir.path, 'renderer');
    mkdirSync(staticDir);
    writeFileSync(join(staticDir, 'preview.html'), '<!doctype html><title>preview</title>');
    const log = recordingLogger();
    services = createServices({ userDataDir: join(dir.path, 'data'), appVersion: '0.1.0', log, tokenListUrls: [] });
    server = await startLoopbackServer({ router: services.router, events: services.events, log, staticDir });
  });
  afterEach(async () => {
    await server.close();
    await services.close();
    dir.remove();
  });

  const invoke = (body: unknown, token = server.token) =>
    fetch(`${server.origin}/ipc/invoke`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });

  it('listens on 127.0.0.1 only and answers commands with envelopes', async () => {
    expect(new URL(server.origin).hostname).toBe('127.0.0.1');
    const response = await invoke({ command: 'app.health' });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ ok: true, value: { appVersion: '0.1.0', environment: 'production' } });
    expect(await (await invoke({ command: 'app.nope' })).json()).toMatchObject({ ok: false, error: { code: 'UNKNOWN_COMMAND' } });
  });

  it('refuses calls without the per-run token, and non-JSON bodies', async () => {
    expect((await invoke({ command: 'app.health' }, 'f'.repeat(64))).status).toBe(401);
    expect((await invoke({ command: 'app.health' }, '')).status).toBe(401);
    expect((await invoke('{not json')).status).toBe(400);
  });

  it('refuses requests addressed to another host name (DNS rebinding)', async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(`${server.origin}/ipc/invoke`, {
        method: 'POST',
        headers: { Host: `evil.example:${new URL(server.origin).port}`, Authorization: `Bearer ${server.token}` },
      });
      req.on('response', (res) => resolve(res.statusCode ?? 0)).on('error', reject);
      req.end('{"command":"app.health"}');
    });
    expect(status).toBe(421);
  });

  it('survives a malformed request line and a client that hangs up mid-body', async () => {
    const { connect } = await import('node:net');
    const port = Number(new URL(server.origin).port);
    const rawAnswer = await new Promise<string>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => socket.write(`GET http://[ HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`));
      let text = '';
      socket.on('data', (chunk) => (text += chunk.toString()));
      socket.on('close', () => resolve(text));
      socket.on('end', () => resolve(text));
    });
    expect(rawAnswer).toMatch(/^HTTP\/1.1 400/);
    await new Promise<void>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.write(`POST /ipc/invoke HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAuthorization: Bearer ${server.token}\r\nContent-Length: 1000\r\n\r\n{"command":`);
        socket.destroy();
        resolve();
      });
    });
    expect((await invoke({ command: 'app.health' })).status).toBe(200);
  });

  it('streams events to a subscriber that holds the token', async () => {
    const refused = await fetch(`${server.origin}/ipc/events?token=wrong`);
    expect(refused.status).toBe(401);

    const controller = new AbortController();
    const stream = await fetch(`${server.origin}/ipc/events?token=${server.token}`, { signal: controller.signal });
    const reader = stream.body!.getReader();
    await reader.read(); // the ": connected" comment
    await invoke({ command: 'settings.update', input: { environment: 'staging' } });
    // A change of environment is announced by settings and connection health too; read up to this one.
    let text = '';
    const frameOf = () => text.split('\n\n').find((frame) => frame.includes('"event":"app.healthChanged"'));
    while (!frameOf()) text += new TextDecoder().decode((await reader.read()).value);
    const data = JSON.parse(frameOf()!.split('data: ')[1]!.trim()) as { event: string; payload: { environment: string } };
    expect(data.event).toBe('app.healthChanged');
    expect(data.payload.environment).toBe('staging');
    controller.abort();
  });

  it('serves the renderer page with a CSP that allows only its own origin', async () => {
    const page = await fetch(`${server.origin}/?token=${server.token}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<title>preview</title>');
    expect(page.headers.get('content-security-policy')).toContain("connect-src 'self'");
    expect((await fetch(`${server.origin}/../../etc/passwd`)).status).toBe(404);
  });
});
