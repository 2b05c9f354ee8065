import { EventEmitter } from 'node:events';
import { request } from 'node:http';
import { createRequire, Module } from 'node:module';

/**
 * The Electron stand-in for CommonJS packages (electron-updater), which `require("electron")`
 * outside vitest's module mocks: a Module object put into Node's require cache under the path
 * of the `electron` package. It offers what electron-updater uses: `app` (version, name,
 * packaged, paths, quit events), `net.request` (here Node's http.request: the same request
 * and response events), `session.fromPartition` and `autoUpdater`.
 */
export interface ElectronForCommonJs {
  app: EventEmitter & { isPackaged: boolean };
  quitCalls: number;
  remove(): void;
}

export function installElectronForCommonJs({ version, userData }: { version: string; userData: string }): ElectronForCommonJs {
  const require = createRequire(import.meta.url);
  const path = require.resolve('electron');
  const previous = require.cache[path];
  const app = Object.assign(new EventEmitter(), {
    isPackaged: true,
    getVersion: () => version,
    getName: () => 'CoW Desk',
    getAppPath: () => userData,
    getPath: () => userData,
    whenReady: () => Promise.resolve(),
    relaunch: () => undefined,
    quit: () => {
      stand.quitCalls += 1;
    },
  });
  const fake = {
    app,
    net: { request: (options: Record<string, unknown>) => request(options) },
    session: { fromPartition: () => ({}) },
    autoUpdater: new EventEmitter(),
  };
  const module = new Module(path);
  module.filename = path;
  module.loaded = true;
  module.exports = fake;
  require.cache[path] = module;
  const stand: ElectronForCommonJs = {
    app,
    quitCalls: 0,
    remove: () => {
      if (previous) require.cache[path] = previous;
      else delete require.cache[path];
    },
  };
  return stand;
}
