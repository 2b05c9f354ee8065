import { EventEmitter } from 'node:events';
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

  /** A window with real events, and its visibility kept as state so tests read what the app did to it. */
  class BrowserWindow extends EventEmitter {
    readonly webContents = Object.assign(new EventEmitter(), { send: vi.fn(), reload: vi.fn(), isLoading: () => false });
    readonly record: { options: Record<string, unknown>; loaded: string[] };
    visible = true;
    minimized = false;
    focused = false;
    destroyed = false;
    constructor(options: Record<string, unknown>) {
      super();
      this.record = { options, loaded: [] };
      windows.push(this.record);
    }
    loadURL(url: string) {
      this.record.loaded.push(url);
      return Promise.resolve();
    }
    isDestroyed() {
      return this.destroyed;
    }
    isMinimized() {
      return this.minimized;
    }
    restore() {
      this.minimized = false;
    }
    show() {
      this.visible = true;
    }
    hide() {
      this.visible = false;
      this.focused = false;
    }
    focus() {
      this.focused = true;
    }
    static getAllWindows() {
      return [];
    }
  }
  const menus: { template: unknown[] }[] = [];

  const module = {
    app: {
      on: (event: string, listener: (...args: unknown[]) => void) => appListeners.set(event, listener),
      name: 'CoW Desk',
      isPackaged: false,
      getVersion: () => '0.1.0',
      getPath: (name: string) => `/fake/${name}`,
      setAsDefaultProtocolClient: vi.fn(() => true),
    },
    dialog: { showMessageBox: vi.fn(() => Promise.resolve({ response: 0, checkboxChecked: false })) },
    crashReporter: { start: vi.fn(), setUploadToServer: vi.fn() },
    Menu: {
      buildFromTemplate: (template: unknown[]) => ({ template }),
      setApplicationMenu: (menu: { template: unknown[] }) => menus.push(menu),
    },
    session: {
      defaultSession: {
        setPermissionRequestHandler: (handler: typeof session.permissionRequest) => (session.permissionRequest = handler),
        setPermissionCheckHandler: (handler: typeof session.permissionCheck) => (session.permissionCheck = handler),
      },
    },
    shell: { openExternal: vi.fn(() => Promise.resolve()), openPath: vi.fn(() => Promise.resolve('')) },
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
  /** Plays an app event (second-instance, activate, open-url...) to the listener the code registered. */
  const emitApp = (event: string, ...args: unknown[]) => {
    const listener = appListeners.get(event);
    if (!listener) throw new Error(`nothing listens to app "${event}"`);
    listener(...args);
  };
  return { module, appListeners, emitApp, ipcHandlers, protocolHandlers, windows, menus, session };
}
