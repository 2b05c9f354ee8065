// `npm run preview`: the real main-process services behind the loopback bridge,
// serving the built renderer, for a browser where Electron is not available.
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { tsImport } from 'tsx/esm/api';

const { createServices } = await tsImport('../main/core/services.ts', import.meta.url);
const { createPageNotifier } = await tsImport('../main/core/watcher/page-notifier.ts', import.meta.url);
const { startLoopbackServer } = await tsImport('../main/core/ipc/loopback-server.ts', import.meta.url);
const { createConsoleLogger } = await tsImport('../main/core/log.ts', import.meta.url);
const pkg = (await import('../package.json', { with: { type: 'json' } })).default;

const { dataFolder } = await tsImport('../main/core/store/data-location.ts', import.meta.url);

// COW_DESK_DATA names the folder outright; else the folder chosen in the app (its choice kept outside every data folder).
const dataLocationFile = join(homedir(), '.cow-desk-preview-location.json');
const userDataDir = process.env.COW_DESK_DATA ?? dataFolder(dataLocationFile, join(homedir(), '.cow-desk-preview'));
// A folder that cannot be made is the store problem the app opens with (and offers a way out of), not a failed start.
try {
  mkdirSync(userDataDir, { recursive: true });
} catch (error) {
  console.error(`CoW Desk preview: ${userDataDir} cannot be made (${error.code ?? error.message}); the app opens and says so.`);
}
const log = createConsoleLogger();
// The same composition as the Electron entry point; notifications are shown by the page (browser Notification API).
const page = createPageNotifier();
// Relaunch: this script starts again in its place (on the rebuilt store or the new folder) and prints its new address.
const relaunch = () => {
  spawn(process.execPath, [...process.execArgv, ...process.argv.slice(1)], { stdio: 'inherit', detached: true, env: process.env }).unref();
  void stop();
};
const services = createServices({ userDataDir, appVersion: pkg.version, log, notifier: page.notifier, dataLocationFile, relaunch });
page.attach(services.events);
const server = await startLoopbackServer({ router: services.router, events: services.events, log, staticDir: 'out/renderer' });
console.log(`CoW Desk preview: open ${server.url}`);
const stop = async () => {
  await server.close();
  await services.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
