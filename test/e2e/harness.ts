import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { startLoopbackServer, type LoopbackServer } from '../../main/core/ipc/loopback-server';
import { createServices, type Services } from '../../main/core/services';
import pkg from '../../package.json' with { type: 'json' };
import { recordingLogger } from '../helpers/recording-logger';
import { makeTempDir } from '../helpers/temp-dir';

const RENDERER_DIR = join(process.cwd(), 'out/renderer');
export const SCREENSHOT_DIR = join(process.cwd(), 'test-results/e2e');

// Debian's Chromium, never a downloaded browser; the flags keep it from
// reaching for hosts this machine cannot reach.
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface RunningApp {
  readonly services: Services;
  readonly server: LoopbackServer;
  readonly userDataDir: string;
  readonly page: Page;
  screenshot(name: string): Promise<string>;
  stop(): Promise<void>;
}

/**
 * The real main-process services behind the loopback bridge, serving the built
 * renderer to a real Chromium page: the renderer cannot tell this from Electron.
 */
export async function startApp(): Promise<RunningApp> {
  if (!existsSync(join(RENDERER_DIR, 'preview.html'))) {
    throw new Error('out/renderer is missing: run `npm run build` before the e2e tests (npm run test:e2e does).');
  }
  const dir = makeTempDir('cow-desk-e2e-');
  const userDataDir = join(dir.path, 'user-data');
  const log = recordingLogger();
  const services = createServices({ userDataDir, appVersion: pkg.version, log });
  const server = await startLoopbackServer({ router: services.router, events: services.events, log, staticDir: RENDERER_DIR });
  const browser: Browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const page = await browser.newPage({ viewport: { width: 1100, height: 760 } });
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await page.goto(server.url);
  mkdirSync(SCREENSHOT_DIR, { recursive: true });

  return {
    services,
    server,
    userDataDir,
    page,
    async screenshot(name) {
      const path = join(SCREENSHOT_DIR, `${name}.png`);
      await page.screenshot({ path, fullPage: true });
      return path;
    },
    async stop() {
      await browser.close();
      await server.close();
      services.close();
      dir.remove();
      if (pageErrors.length > 0) throw new Error(`The page threw: ${pageErrors.join('; ')}`);
    },
  };
}
