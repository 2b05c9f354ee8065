import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { STORE_FILE } from '../../main/core/services';
import { openStore } from '../../main/core/store/open-store';
import { makeTempDir } from '../helpers/temp-dir';
import { startApp, type RunningApp } from './harness';

/**
 * Issue 28: a store that cannot be used still opens the app; History and Trade
 * say what happened and offer the way out, and the rest of the app works.
 */
describe('a damaged store in Chromium', () => {
  const dir = makeTempDir('cow-desk-e2e-store-');
  let app: RunningApp | undefined;
  afterEach(async () => {
    await app?.stop();
    dir.remove();
  });

  it('History and Trade name the problem and rebuild the cache; Pools still answer', async () => {
    const userDataDir = join(dir.path, 'data');
    mkdirSync(userDataDir, { recursive: true });
    openStore(join(userDataDir, STORE_FILE)).close();
    const db = new BetterSqlite3(join(userDataDir, STORE_FILE));
    db.exec('DROP TABLE orders_fts');
    db.close();

    app = await startApp({ userDataDir });
    const { page } = app;
    await page.getByRole('button', { name: 'Skip for now' }).click();
    const nav = page.getByRole('navigation', { name: 'Main' });

    // The view that was open stays until the next one has loaded (views load when first opened): its own problem
    // panel may be the one on the page for a moment, so the text is read until it is History's.
    await nav.getByRole('button', { name: 'History' }).click();
    const problem = page.getByTestId('store-problem');
    await expect.poll(() => problem.textContent()).toMatch(/Your order history needs the local database[\s\S]*is damaged \(missing .*orders_fts/);
    await app.screenshot('store-problem-history');

    await nav.getByRole('button', { name: 'Trade' }).click();
    await expect.poll(() => problem.textContent()).toMatch(/Signing orders and transactions needs the local database/);
    // The rest works: pools come from the service.
    await nav.getByRole('button', { name: 'Pools' }).click();
    await expect.poll(() => page.getByRole('row').count()).toBeGreaterThan(2);

    await nav.getByRole('button', { name: 'History' }).click();
    await page.getByRole('button', { name: 'Rebuild the cache from the service' }).click();
    await expect.poll(() => page.getByTestId('store-outcome').textContent()).toMatch(/Rebuilt: 0 accounts kept.*restarts/);
    await expect.poll(() => app!.services.relaunches).toBe(1);
    await app.screenshot('store-problem-rebuilt');
  });
});
