import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { vi } from 'vitest';

/**
 * A recording stand-in for the parts of the `electron` module the Electron layer
 * uses. The Electron binary cannot run here, so the layer's own code runs under
 * Node against this, and the tests read what it asked Electron to do.
 */
export function fakeElectron() {
  const appListeners = new Map<string, (...args: unknown[]) => void>();
  const ipcHandlers = new Map<string, (...args: unknown[]) => unknown>();
  const protocolHandlers = new Map<string, (request: Request) => Promise<Response>>();
  const windows: { options: Record<string, unknown>; loaded: string[] }[] = [];
  const session = {
    permissionRequest: undefined as undefined | ((contents: unknown, permission: string, callback: (granted: boolean) => void) => void),
    permissionCheck: undefined as undefined | (() => boolean),
  };

  class BrowserWindow {
    readonly webContents = { send: vi.fn() };
    readonly record: { options: Record<string, unknown>; loaded: string[] };
    constructor(options: Record<string, unknown>) {
      this.record = { options, loaded: [] };
      windows.push(this.record);
    }
    once() {}
    on() {}
    loadURL(url: string) {
      this.record.loaded.push(url);
      return Promise.resolve();
    }
    isDestroyed() {
      return false;
    }
    static getAllWindows() {
      return [];
    }
  }

  const module = {
    app: { on: (event: string, listener: (...args: unknown[]) => void) => appListeners.set(event, listener) },
    session: {
      defaultSession: {
        setPermissionRequestHandler: (handler: typeof session.permissionRequest) => (session.permissionRequest = handler),
        setPermissionCheckHandler: (handler: typeof session.permissionCheck) => (session.permissionCheck = handler),
      },
    },
    shell: { openExternal: vi.fn(() => Promise.resolve()) },
    ipcMain: {
      handle: (channel: string, handler: (...args: unknown[]) => unknown) => ipcHandlers.set(channel, handler),
      removeHandler: (channel: string) => ipcHandlers.delete(channel),
    },
    protocol: {
      registerSchemesAsPrivileged: vi.fn(),
      handle: (scheme: string, handler: (request: Request) => Promise<Response>) => protocolHandlers.set(scheme, handler),
    },
    net: {
      fetch: async (url: string) => {
        try {
          return new Response(await readFile(fileURLToPath(url)));
        } catch {
          return new Response('not found', { status: 404 });
        }
      },
    },
    BrowserWindow,
  };
  return { module, appListeners, ipcHandlers, protocolHandlers, windows, session };
}
