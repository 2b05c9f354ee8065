import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TEST_ACCOUNTS } from '../sandbox';
import { startApp, type RunningApp } from './harness';

const SEEDED = 120;

describe('History screen in Chromium', () => {
  let app: RunningApp;
  let uids: string[];
  beforeEach(async () => {
    app = await startApp();
    const sandbox = app.sandboxes.production.current()!;
    uids = sandbox.orders.seed(1, TEST_ACCOUNTS.trader.address, SEEDED, { openShare: 0.3 });
    await app.services.router.handle('accounts.addWatchOnly', { label: 'Desk trader', address: TEST_ACCOUNTS.trader.address });
    // The same start as the Electron app: reconcile the journal, sync now and on the timer.
    await app.services.history.start();
    await expect.poll(() => app.services.history.sync!.status().lastSyncedAt, { timeout: 30_000 }).not.toBeNull();
    await app.page.getByRole('button', { name: 'Skip for now' }).click();
    await app.page.keyboard.press('Control+4');
  });
  afterEach(async () => app.stop());

  const count = () => app.page.getByTestId('history-count').textContent();
  const distinct = () => new Set(uids).size;

  it('lists, searches, filters, sorts and exports the synced orders', async () => {
    const { page } = app;
    await expect.poll(count).toBe(`1–50 of ${distinct()} orders`);
    expect(await page.getByTestId('history-row').count()).toBe(50);
    await app.screenshot('history');

    await page.getByLabel('Search orders').fill(uids[3]!.slice(0, 24));
    await expect.poll(count).toBe('1–1 of 1 orders');
    await page.getByLabel('Search orders').fill('');
    await page.getByLabel('Status').selectOption('open');
    const open = uids.filter((uid) => (app.sandboxes.production.current()!.orders.get(uid) as { status: string }).status === 'open');
    await expect.poll(count).toBe(`1–${Math.min(50, new Set(open).size)} of ${new Set(open).size} orders`);
    expect(new Set(await page.getByTestId('status-badge').allTextContents())).toEqual(new Set(['Open']));

    await page.getByRole('button', { name: 'Sell', exact: true }).click();
    await page.locator('th[aria-sort="descending"]', { hasText: 'Sell' }).waitFor();

    await page.getByRole('button', { name: 'Export CSV' }).click();
    const notice = await page.getByTestId('history-notice').textContent();
    const path = /to (.+\.csv)$/.exec(notice ?? '')?.[1];
    expect(path).toBeDefined();
    const lines = readFileSync(path!, 'utf8').trim().split('\n');
    expect(lines).toHaveLength(new Set(open).size + 1);
    expect(lines[0]).toMatch(/^uid,account,chainId,status/);
    await app.screenshot('history-filtered-export');

    await page.getByTestId('history-row').first().click();
    await page.getByTestId('detail-uid').waitFor();
    expect(await page.getByTestId('detail-explorer').getAttribute('href')).toMatch(/^https:\/\/explorer\.cow\.fi\/orders\/0x/);
    expect(await page.getByTestId('cancel-reason').textContent()).toContain('watch-only');
    await app.screenshot('history-detail');
  });

  it('fits 1100 and 1440 px wide: the Status of every row in view without scrolling, and statuses in words in the filter', async () => {
    const { page } = app;
    await expect.poll(count).toBe(`1–50 of ${distinct()} orders`);
    for (const width of [1100, 1440]) {
      await page.setViewportSize({ width, height: 760 });
      const rows = page.getByTestId('history-row');
      const boxes = await rows.evaluateAll((all) =>
        all.map((row) => {
          const status = row.querySelector('[data-testid="status-badge"]')!.getBoundingClientRect();
          // The table scrolls inside its own box: what lies beyond that box's right edge is cut off.
          const clip = row.closest('.scroll')!.getBoundingClientRect();
          return { right: status.right, width: status.width, clipRight: Math.min(clip.right, row.ownerDocument.documentElement.clientWidth) };
        }),
      );
      expect(boxes).toHaveLength(50);
      for (const box of boxes) {
        expect(box.width).toBeGreaterThan(0);
        expect(box.right, `Status cut at ${width} px`).toBeLessThanOrEqual(box.clipRight);
      }
      // Nothing to scroll sideways for: the table fits its box.
      expect(await page.locator('.scroll').evaluate((scroll) => scroll.scrollWidth - scroll.clientWidth), `history scrolls sideways at ${width} px`).toBeLessThanOrEqual(0);
      await app.screenshot(`history-${width}`);
    }
    const options = await page.getByLabel('Status').locator('option').allTextContents();
    expect(options).toEqual(['Any status', 'Awaiting pre-signature', 'Open', 'Filled', 'Expired', 'Cancelled', 'Submitting', 'Not sent', 'Failed to send']);
  });

  it('shows the offline banner with the last sync time, works from SQLite, and syncs again when the services return', async () => {
    const { page } = app;
    await expect.poll(count).toBe(`1–50 of ${distinct()} orders`);
    await app.sandboxes.production.stop();
    await page.getByTestId('offline-banner').waitFor();
    expect(await page.getByTestId('offline-banner').textContent()).toMatch(/^offline - last synced \S/);
    await page.getByLabel('Search orders').fill(uids[0]!.slice(0, 30));
    await expect.poll(count).toBe('1–1 of 1 orders');
    await app.screenshot('history-offline');

    await app.sandboxes.production.start();
    // A fresh sandbox: new orders there show up without anyone asking for a sync.
    const fresh = app.sandboxes.production.current()!.orders.seed(1, TEST_ACCOUNTS.trader.address, 5, { openShare: 0 });
    await page.getByLabel('Search orders').fill(fresh[0]!.slice(0, 30));
    await expect.poll(count, { timeout: 20_000 }).toBe('1–1 of 1 orders');
    await page.getByTestId('offline-banner').waitFor({ state: 'detached' });
  });
});
