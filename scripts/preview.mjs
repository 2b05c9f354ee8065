// `npm run preview`: the real main-process services behind the loopback bridge,
// serving the built renderer, for a browser where Electron is not available.
import { mkdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { tsImport } from 'tsx/esm/api';

const { createServices, DESKTOP_BACKGROUND } = await tsImport('../main/core/services.ts', import.meta.url);
const { createPageNotifier } = await tsImport('../main/core/watcher/page-notifier.ts', import.meta.url);
const { startLoopbackServer } = await tsImport('../main/core/ipc/loopback-server.ts', import.meta.url);
const { createConsoleLogger } = await tsImport('../main/core/log.ts', import.meta.url);
const pkg = (await import('../package.json', { with: { type: 'json' } })).default;

const userDataDir = process.env.COW_DESK_DATA ?? join(homedir(), '.cow-desk-preview');
mkdirSync(userDataDir, { recursive: true });
const log = createConsoleLogger();
// The same background services as the Electron entry point; notifications are shown by the page (browser Notification API).
const page = createPageNotifier();
const services = createServices({ userDataDir, appVersion: pkg.version, log, ...DESKTOP_BACKGROUND, notifier: page.notifier });
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
