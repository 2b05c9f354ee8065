import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { VIEWS } from '../../main/common/settings/views';
import { makeTempDir } from '../helpers/temp-dir';
import { startApp, type RunningApp } from './harness';

describe('App shell in Chromium', () => {
  let app: RunningApp;
  beforeEach(async () => (app = await startApp()));
  afterEach(async () => app.stop());

  const heading = () => app.page.locator('header h1');
  const skipWelcome = async () => {
    await app.page.getByRole('button', { name: 'Skip for now' }).click();
    await expect.poll(() => heading().textContent()).toBe('Trade');
  };

  it('greets a first start with what to do first, and every view says what would fill it', async () => {
    const { page } = app;
    await page.getByTestId('welcome').waitFor();
    expect(await page.getByTestId('welcome').textContent()).toContain('Add an account');
    expect(await page.getByTestId('welcome').textContent()).toContain('Pick your chains');
    await app.screenshot('first-run-light');
    await skipWelcome();
    // The default view (Trade) is the order composer now; it asks for a quote before anything else.
    expect(await page.getByRole('region', { name: 'Trade' }).textContent()).toContain('Fill in the order and get a quote.');
  });

  it('navigates every view by mouse, by shortcut and through the Ctrl+K palette', async () => {
    const { page } = app;
    await skipWelcome();
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const view of VIEWS) {
      await nav.getByRole('button', { name: view.label }).click();
      await expect.poll(() => heading().textContent()).toBe(view.label);
      expect(await nav.getByRole('button', { name: view.label }).getAttribute('aria-current')).toBe('page');
    }
    for (const view of [...VIEWS].reverse()) {
      await page.keyboard.press(`Control+${view.key}`);
      await expect.poll(() => heading().textContent()).toBe(view.label);
    }
    await page.keyboard.press('Control+k');
    await page.getByRole('dialog', { name: 'Command palette' }).waitFor();
    await page.keyboard.type('hold');
    await page.keyboard.press('Enter');
    await expect.poll(() => heading().textContent()).toBe('Holders');
    expect(await page.getByRole('dialog', { name: 'Command palette' }).count()).toBe(0);
  });

  it('follows the environment: health indicator, explorer link and staging warning', async () => {
    const { page, sandboxes } = app;
    await skipWelcome();
    const orderbook = page.getByTestId('health-orderbook');
    await expect.poll(() => orderbook.getAttribute('data-state')).toBe('ok');
    expect(await page.getByTestId('explorer-link').getAttribute('href')).toBe('https://explorer.cow.fi');

    await page.keyboard.press('Control+,');
    await page.getByLabel('Staging (barn)').check();
    await page.getByText('Staging signs orders for the staging settlement contract').waitFor();
    await expect.poll(() => page.getByTestId('status-environment').textContent()).toBe('staging');
    await page.getByTestId('active-chain').selectOption({ label: 'Gnosis Chain' });
    await expect.poll(() => page.getByTestId('explorer-link').getAttribute('href')).toBe('https://staging.explorer.cow.fi/gc');

    // The indicator now speaks for the staging hosts: stopping production changes nothing.
    await sandboxes.production.stop();
    await orderbook.click();
    const details = page.getByTestId('health-orderbook-details');
    await expect.poll(() => details.textContent()).toContain(sandboxes.staging.orderbookUrl);
    await expect.poll(() => orderbook.getAttribute('data-state')).toBe('ok');
    await app.screenshot('settings-staging-light');
  });

  it('rejects a bad base URL with its message and keeps the working one', async () => {
    const { page, sandboxes } = app;
    await skipWelcome();
    await page.keyboard.press('Control+,');
    const input = page.getByTestId('endpoint-production-orderbook');
    await input.fill('http://example.com');
    await page.getByTestId('settings-endpoints').getByRole('button', { name: 'Save' }).first().click();
    const error = page.getByTestId('endpoint-production-orderbook-error');
    await expect.poll(() => error.textContent()).toBe('http://example.com is not allowed: use https, or http only on 127.0.0.1 (this machine).');
    await input.fill('api cow fi');
    await page.getByTestId('settings-endpoints').getByRole('button', { name: 'Save' }).first().click();
    await expect.poll(() => error.textContent()).toContain('is not a URL');
    const answer = await app.services.router.handle('settings.get', undefined);
    expect(answer).toMatchObject({ ok: true, value: { effectiveEndpoints: { production: { orderbook: sandboxes.production.orderbookUrl } } } });

    await input.fill(sandboxes.production.orderbookUrl);
    await page.getByTestId('settings-endpoints').getByRole('button', { name: 'Test connection' }).first().click();
    await expect.poll(() => page.getByTestId('endpoint-production-orderbook-test').textContent()).toContain('answered as a CoW orderbook');
  });

  it('switches between light and dark themes and follows the OS by default', async () => {
    const { page } = app;
    await skipWelcome();
    // A string expression: this file is type-checked without the DOM library.
    const background = () => page.evaluate<string>('getComputedStyle(document.body).backgroundColor');
    expect(await background()).toBe('rgb(246, 247, 249)');
    await page.keyboard.press('Control+,');
    await page.getByTestId('settings-environment').waitFor();
    await app.screenshot('settings-light');
    await page.getByLabel('Dark').check();
    await expect.poll(background).toBe('rgb(15, 17, 21)');
    expect(await page.locator('html').getAttribute('data-theme')).toBe('dark');
    await app.screenshot('settings-dark');
    await page.getByTestId('health-orderbook').click();
    await app.screenshot('health-details-dark');
    await page.getByTestId('health-orderbook-details').getByRole('button', { name: 'Close' }).click();
    await page.getByLabel('Follow the system').check();
    await expect.poll(background).toBe('rgb(246, 247, 249)');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(background).toBe('rgb(15, 17, 21)');
    await page.keyboard.press('Control+3');
    await app.screenshot('trade-dark');
  });
});

describe('Connection health against a stopped sandbox', () => {
  let app: RunningApp;
  beforeEach(async () => (app = await startApp()));
  afterEach(async () => app.stop());

  it('shows offline by its own probes with the reason, and recovers when the sandbox starts again', async () => {
    const { page, sandboxes } = app;
    for (const service of ['orderbook', 'tokenService']) {
      await expect.poll(() => page.getByTestId(`health-${service}`).getAttribute('data-state')).toBe('ok');
    }
    await sandboxes.production.stop();
    for (const service of ['orderbook', 'tokenService']) {
      await expect.poll(() => page.getByTestId(`health-${service}`).getAttribute('data-state')).toBe('offline');
    }
    await page.getByTestId('health-orderbook').click();
    await expect.poll(() => page.getByTestId('health-orderbook-error').textContent()).toMatch(/^Could not reach 127\.0\.0\.1:\d+\. Check your connection/);
    await app.screenshot('health-offline-light');

    await sandboxes.production.start();
    for (const service of ['orderbook', 'tokenService']) {
      await expect.poll(() => page.getByTestId(`health-${service}`).getAttribute('data-state')).toBe('ok');
    }
    expect(await page.getByTestId('health-orderbook-details').textContent()).toMatch(/Last success\d+ s ago/);
  });
});

describe('Restart', () => {
  it('reopens on the last view with the settings the user chose', async () => {
    const dir = makeTempDir('cow-desk-restart-');
    const userDataDir = join(dir.path, 'user-data');
    try {
      const first = await startApp({ userDataDir });
      await first.page.getByRole('button', { name: 'Skip for now' }).click();
      await first.page.keyboard.press('Control+4');
      await expect.poll(() => first.page.locator('header h1').textContent()).toBe('History');
      await first.services.router.handle('settings.update', { theme: 'dark' });
      // stop() closes Chromium at once, like a crash, so the click's write must have reached main first
      // (Electron delivers what the page sent before the quit). Its order against the first-run screen's
      // own write is last-view.test.ts's case.
      await expect.poll(() => first.services.settings.current().lastView).toBe('history');
      await first.stop();

      const second = await startApp({ userDataDir });
      await expect.poll(() => second.page.locator('header h1').textContent()).toBe('History');
      expect(await second.page.locator('html').getAttribute('data-theme')).toBe('dark');
      await second.stop();
    } finally {
      dir.remove();
    }
  });
});
