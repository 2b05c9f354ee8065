import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CHAINS } from '../../main/common/protocol/chains';
import { STORE_FILE } from '../../main/core/services';
import { MIGRATIONS } from '../../main/core/store/migrations';
import pkg from '../../package.json' with { type: 'json' };
import { startApp, type RunningApp } from './harness';

describe('About / health screen in Chromium', () => {
  let app: RunningApp;
  beforeEach(async () => {
    app = await startApp();
    // About lives at the foot of Settings.
    await app.page.getByRole('button', { name: 'Skip for now' }).click();
    await app.page.keyboard.press('Control+,');
  });
  afterEach(async () => app.stop());

  it('shows the real values of the core services', async () => {
    const { page } = app;
    await page.getByTestId('app-version').waitFor();
    expect(await page.getByTestId('app-version').textContent()).toBe(pkg.version);
    expect(await page.getByTestId('environment').textContent()).toBe('production');

    const storePath = join(app.userDataDir, STORE_FILE);
    expect(existsSync(storePath)).toBe(true);
    expect(await page.getByTestId('store-path').textContent()).toBe(storePath);
    expect(await page.getByTestId('schema-version').textContent()).toBe(String(MIGRATIONS.length));
    expect(await page.getByTestId('store').textContent()).toContain('wal');

    const rows = await page.getByTestId('chain-row').allTextContents();
    expect(rows).toEqual(CHAINS.map((chain) => `${chain.id}${chain.alias}${chain.name}`));

    await app.screenshot('health');
  });

  it('switches to staging through IPC, warns about its contracts, and main keeps the choice', async () => {
    const { page } = app;
    await page.getByLabel('Staging (barn)').check();
    await page.getByText('Staging signs orders for the staging settlement contract').waitFor();
    expect(await page.getByTestId('environment').textContent()).toBe('staging');
    const answer = await app.services.router.handle('app.health', undefined);
    expect(answer).toMatchObject({ ok: true, value: { environment: 'staging' } });
    await app.screenshot('health-staging');
  });

  it('follows a change made in main through the event stream', async () => {
    const { page } = app;
    await page.getByTestId('app-version').waitFor();
    await app.services.router.handle('settings.update', { environment: 'staging' });
    await page.getByText('Staging signs orders').waitFor();
    // The warning and the health line come from two events; the line may paint a moment later.
    await expect.poll(() => page.getByTestId('environment').textContent()).toBe('staging');
  });
});
