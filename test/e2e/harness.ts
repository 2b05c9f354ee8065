import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import type { MonitorTiming } from '../../main/core/health/connection-monitor';
import { startLoopbackServer, type LoopbackServer } from '../../main/core/ipc/loopback-server';
import { composeApp } from '../helpers/compose-app';
import { createPageNotifier } from '../../main/core/watcher/page-notifier';
import { loadKeytar } from '../../main/core/signer/keychain-vault';
import pkg from '../../package.json' with { type: 'json' };
import { recordingLogger } from '../helpers/recording-logger';
import { makeTempDir } from '../helpers/temp-dir';
import type { RateLimits } from '../sandbox';
import { startSandboxBehindFront, type SandboxBehindFront } from './sandbox-front';
import { sandboxTokenListUrls } from '../sandbox/bff/token-lists';
import { testKeychainService } from '../helpers/keychain-service';

const RENDERER_DIR = join(process.cwd(), 'out/renderer');
export const SCREENSHOT_DIR = join(process.cwd(), 'test-results/e2e');
/** Keys added through the UI go to the real test keychain under this service, cleared on stop. */
/** Each test process its own: two e2e files run side by side. */
export const E2E_KEYCHAIN_SERVICE = testKeychainService('CoW Desk e2e');

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

/** Wraps the page's real Notification so each one shown is also recorded with the time it was shown. */
const RECORD_NOTIFICATIONS = `
  window.__shownNotifications = [];
  const Real = window.Notification;
  window.Notification = class extends Real {
    constructor(title, init) {
      super(title, init);
      window.__shownNotifications.push({ title, body: init?.body ?? '', tag: init?.tag ?? '', at: Date.now() });
    }
  };
`;

export interface RunningApp {
  /** The app's services, with what composeApp records (notifications shown to the sink, relaunches asked for). */
  readonly services: ReturnType<typeof composeApp>;
  readonly server: LoopbackServer;
  readonly userDataDir: string;
  readonly page: Page;
  /** The sandbox production points at, and the one staging points at (a staging-flavoured sandbox). */
  readonly sandboxes: { production: SandboxBehindFront; staging: SandboxBehindFront };
  screenshot(name: string): Promise<string>;
  stop(): Promise<void>;
}

/**
 * The real main-process services behind the loopback bridge, serving the built
 * renderer to a real Chromium page: the renderer cannot tell this from Electron.
 */
export interface AppOptions {
  /** Connection-health probe timing; short by default so outages show within a second or two. */
  healthTiming?: Partial<MonitorTiming>;
  /** Reuse a user-data folder (a restart); it is then the caller's to remove. */
  userDataDir?: string;
  /** Chromium's prefers-color-scheme. */
  colorScheme?: 'light' | 'dark';
  /** Unix seconds both sandboxes' clocks start at (default their fixed start); trading tests pass real time, as the signer checks validTo against it. */
  sandboxNow?: number;
  /** The production sandbox's own rate limits (default the live ones). */
  sandboxRateLimits?: RateLimits;
  /**
   * The page grants the browser's Notification permission, as a user who allowed alerts,
   * and records each notification shown in `window.__shownNotifications`. The app is
   * composed the same either way: this only stands for the user's answer to the prompt.
   */
  notificationsAllowed?: boolean;
  /**
   * The production sandbox runs its real chains (Hardhat EDR with GPv2Settlement) and the app
   * uses their JSON-RPC URLs, as a user would after setting them in Settings: balances,
   * approvals, wrapping and on-chain settlement. Without it the app has no RPC for any chain.
   */
  chain?: boolean;
  /** The app also reads the sandbox's community list of USDC lookalikes (bff/token-lists.ts), as a user who added it. */
  lookalikeTokenList?: boolean;
}

async function clearKeychain(): Promise<void> {
  try {
    const keytar = await loadKeytar();
    for (const { account } of await keytar.findCredentials(E2E_KEYCHAIN_SERVICE)) await keytar.deletePassword(E2E_KEYCHAIN_SERVICE, account);
  } catch {
    // No keychain in this run: nothing was stored in one.
  }
}

export async function startApp(options: AppOptions = {}): Promise<RunningApp> {
  if (!existsSync(join(RENDERER_DIR, 'preview.html'))) {
    throw new Error('out/renderer is missing: run `npm run build` before the e2e tests (npm run test:e2e does).');
  }
  const dir = makeTempDir('cow-desk-e2e-');
  const userDataDir = options.userDataDir ?? join(dir.path, 'user-data');
  const log = recordingLogger();
  // Both environments point at local sandboxes: the tests never reach the live services.
  const sandboxes = {
    production: await startSandboxBehindFront({
      environment: 'production',
      ...(options.chain ? { chain: true } : {}),
      ...(options.sandboxNow ? { now: options.sandboxNow } : {}),
      ...(options.sandboxRateLimits ? { rateLimits: options.sandboxRateLimits } : {}),
    }),
    staging: await startSandboxBehindFront({ environment: 'staging', ...(options.sandboxNow ? { now: options.sandboxNow } : {}) }),
  };
  // The chains keep their URLs for the app's lifetime (a test with chains does not restart its sandbox).
  const rpcUrls = options.chain ? sandboxes.production.current()?.chain?.rpcUrls : undefined;
  const pageNotifier = createPageNotifier();
  const services = composeApp({
    notifier: pageNotifier.notifier,
    userDataDir,
    appVersion: pkg.version,
    log,
    defaultEndpoints: {
      production: { orderbook: sandboxes.production.orderbookUrl, tokenService: sandboxes.production.bffUrl },
      staging: { orderbook: sandboxes.staging.orderbookUrl, tokenService: sandboxes.staging.bffUrl },
    },
    healthTiming: { okIntervalMs: 1_000, offlineIntervalMs: 300, timeoutMs: 2_000, ...options.healthTiming },
    keychainService: E2E_KEYCHAIN_SERVICE,
    // Submitted orders are re-read often, so a fill shows within a moment of the sandbox settling.
    tradeTiming: { pollMs: 200 },
    // The sandbox chain mines on demand: balances and transactions follow each new block within moments.
    walletTiming: { blockPollMs: 500 },
    // The token picker refreshes its lists from the sandbox's list URL.
    tokenListUrls: sandboxTokenListUrls(sandboxes.production.bffUrl, { lookalikes: options.lookalikeTokenList ?? false }),
    ...(rpcUrls ? { defaultRpcUrls: rpcUrls } : {}),
  });
  pageNotifier.attach(services.events);
  const server = await startLoopbackServer({ router: services.router, events: services.events, log, staticDir: RENDERER_DIR });
  const browser: Browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const page = await browser.newPage({ viewport: { width: 1100, height: 760 }, colorScheme: options.colorScheme ?? 'light' });
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  if (options.notificationsAllowed) {
    await page.context().grantPermissions(['notifications']);
    // Records what the page shows through the real Notification API (the OS daemon behind it is out of reach).
    await page.addInitScript({ content: RECORD_NOTIFICATIONS });
  }
  await page.goto(server.url);
  mkdirSync(SCREENSHOT_DIR, { recursive: true });

  return {
    services,
    server,
    userDataDir,
    page,
    sandboxes,
    async screenshot(name) {
      const path = join(SCREENSHOT_DIR, `${name}.png`);
      await page.screenshot({ path, fullPage: true });
      return path;
    },
    async stop() {
      await browser.close();
      await server.close();
      await services.close();
      await Promise.all([sandboxes.production.close(), sandboxes.staging.close()]);
      dir.remove();
      await clearKeychain();
      if (pageErrors.length > 0) throw new Error(`The page threw: ${pageErrors.join('; ')}`);
    },
  };
}

/**
 * A trader's start: past the welcome, on the Trade screen, with `privateKey` imported into the
 * test keychain as "Trader" and chosen in the order form.
 */
export async function openTradeWithKey(app: RunningApp, privateKey: `0x${string}`): Promise<Page> {
  await app.page.getByRole('button', { name: 'Skip for now' }).click();
  await app.page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Trade' }).click();
  await app.services.router.handle('accounts.importKey', { label: 'Trader', privateKey, vault: 'keychain' });
  await app.page.getByTestId('active-account').locator('option', { hasText: 'Trader' }).waitFor({ state: 'attached' });
  return app.page;
}
