import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { IPC_CHANNELS } from '../../../main/common/ipc/channels';
import { APP_ORIGIN } from '../../../main/common/ipc/sender-policy';
import type { Services } from '../../../main/core/services';
import type { SettingsService } from '../../../main/core/settings/settings-service';
import { makeTempDir } from '../../helpers/temp-dir';
import { fakeElectron } from './fake-electron';

const electron = vi.hoisted(() => ({ current: undefined as unknown as ReturnType<typeof import('./fake-electron').fakeElectron> }));
vi.mock('electron', async () => {
  const { fakeElectron: make } = await import('./fake-electron');
  electron.current = make();
  return electron.current.module;
});

const { createMainWindow } = await import('../../../main/electron/main-window');
const { hardenApp } = await import('../../../main/electron/hardening');
const { attachIpcTransport } = await import('../../../main/electron/ipc-transport');
const { serveRenderer } = await import('../../../main/electron/app-protocol');
const fake = (): ReturnType<typeof fakeElectron> => electron.current;

const settings = { readInternal: (_key: string, _schema: unknown, fallback: unknown) => fallback, writeInternal: () => {} } as unknown as SettingsService;

describe("Electron's security checklist, item by item", () => {
  const dir = makeTempDir();
  afterAll(() => dir.remove());

  it('opens the window with isolation, sandbox and no Node, from app:// with the preload only', () => {
    createMainWindow('/app/preload', settings);
    const [window] = fake().windows;
    expect(window!.options.webPreferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webviewTag: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      disableBlinkFeatures: 'Auxclick',
      preload: '/app/preload/index.cjs',
    });
    expect(window!.loaded).toEqual([`${APP_ORIGIN}/index.html`]);
  });

  it('denies navigation, redirects, webviews, new windows and every permission; opens only allowlisted explorer links', () => {
    hardenApp();
    const listeners = new Map<string, (event: { preventDefault(): void }) => void>();
    let openHandler: ((details: { url: string }) => { action: string }) | undefined;
    const contents = {
      on: (event: string, listener: (event: { preventDefault(): void }) => void) => listeners.set(event, listener),
      setWindowOpenHandler: (handler: typeof openHandler) => (openHandler = handler),
    };
    fake().appListeners.get('web-contents-created')!({}, contents);
    for (const event of ['will-navigate', 'will-redirect', 'will-attach-webview']) {
      const preventDefault = vi.fn();
      listeners.get(event)!({ preventDefault });
      expect(preventDefault, event).toHaveBeenCalled();
    }
    expect(openHandler!({ url: 'https://explorer.cow.fi/orders/0x1' })).toEqual({ action: 'deny' });
    expect(openHandler!({ url: 'https://evil.example/' })).toEqual({ action: 'deny' });
    expect(fake().module.shell.openExternal.mock.calls).toEqual([['https://explorer.cow.fi/orders/0x1']]);

    const granted: boolean[] = [];
    for (const permission of ['notifications', 'media', 'geolocation', 'clipboard-read']) {
      fake().session.permissionRequest!({}, permission, (answer) => granted.push(answer));
    }
    expect(granted).toEqual([false, false, false, false]);
    expect(fake().session.permissionCheck!()).toBe(false);
  });

  it('answers IPC only from the main frame of our own window on app://', async () => {
    const router = { handle: vi.fn(async () => ({ ok: true, value: 'pong' })) };
    const services = { router, events: { subscribe: () => () => {} } } as unknown as Services;
    const { BrowserWindow } = fake().module;
    const window = new BrowserWindow({}) as unknown as import('electron').BrowserWindow;
    attachIpcTransport(services, window);
    const handler = fake().ipcHandlers.get(IPC_CHANNELS.invoke)!;
    const call = (sender: unknown, url: string, parent: unknown = null) =>
      handler({ sender, senderFrame: { url, parent } }, 'app.health', undefined);

    expect(await call(window.webContents, `${APP_ORIGIN}/index.html`)).toEqual({ ok: true, value: 'pong' });
    const refusals = [
      call(window.webContents, 'https://evil.example/'),
      call(window.webContents, `${APP_ORIGIN}/index.html`, { url: 'frame parent' }),
      call({ other: 'webContents' }, `${APP_ORIGIN}/index.html`),
      call(window.webContents, 'file:///etc/passwd'),
    ];
    for (const answer of await Promise.all(refusals)) expect(answer).toMatchObject({ ok: false, error: { code: 'FORBIDDEN_SENDER' } });
    expect(router.handle).toHaveBeenCalledTimes(1);
  });

  it('serves the renderer from app:// with the strict CSP header, and nothing outside its folder', async () => {
    const renderer = join(dir.path, 'renderer');
    mkdirSync(renderer);
    writeFileSync(join(renderer, 'index.html'), '<!doctype html><title>CoW Desk</title>');
    writeFileSync(join(dir.path, 'secret.txt'), 'not for the page');
    serveRenderer(renderer);
    const handle = fake().protocolHandlers.get('app')!;
    const page = await handle(new Request(`${APP_ORIGIN}/`));
    expect(await page.text()).toContain('CoW Desk');
    expect(page.headers.get('content-security-policy')).toContain("connect-src 'none'");
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect((await handle(new Request(`${APP_ORIGIN}/..%2Fsecret.txt`))).status).toBe(404);
    expect((await handle(new Request('app://other-host/index.html'))).status).toBe(404);
  });
});
