import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { formatDate, formatTokenAmount } from '../../main/common/format/format';
import { findKnownToken } from '../../main/common/protocol/tokens';
import { TEST_ACCOUNTS } from '../sandbox';
import { seriousViolations } from './axe';
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
    expect(await seriousViolations(page)).toEqual([]);
    const options = await page.getByLabel('Status').locator('option').allTextContents();
    expect(options).toEqual(['Any status', 'Awaiting pre-signature', 'Open', 'Filled', 'Expired', 'Cancelled', 'Submitting', 'Not sent', 'Failed to send']);
  });

  it("shows a filled order's detail in the locale: grouped amounts, dates, the average price, surplus % and why fill times are missing", async () => {
    const { page } = app;
    await expect.poll(count).toBe(`1–50 of ${distinct()} orders`);
    const sandbox = app.sandboxes.production.current()!;
    type Seeded = { uid: string; status: string; kind: string; buyToken: string; buyAmount: string; validTo: number };
    // A filled sell order asking for 1,000 or more of a known token: its figures need the locale's grouping.
    const order = uids
      .map((uid) => sandbox.orders.get(uid) as Seeded)
      .find((one) => one.status === 'fulfilled' && one.kind === 'sell' && BigInt(one.buyAmount) >= 1000n * 10n ** BigInt(findKnownToken(1, one.buyToken)!.decimals))!;
    const buy = findKnownToken(1, order.buyToken)!;
    await page.getByLabel('Search orders').fill(order.uid.slice(0, 30));
    await expect.poll(count).toBe('1–1 of 1 orders');
    await page.getByTestId('history-row').click();
    await page.getByTestId('detail-summary').waitFor();

    const en = { locale: 'en-US' };
    const field = (label: string) => page.locator('dl.fields dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]').textContent();
    expect(await field('Buy amount')).toBe(formatTokenAmount(BigInt(order.buyAmount), buy.decimals, buy.symbol, { ...en, exact: true }));
    expect(await field('Buy amount')).toContain(',');
    expect(await page.getByTestId('detail-valid-to').textContent()).toBe(formatDate(order.validTo * 1000, { ...en, seconds: true }));
    expect(await field('Valid to')).toBe(formatDate(order.validTo * 1000, { ...en, seconds: true }));
    expect(await page.getByTestId('detail-average-price').textContent()).toMatch(new RegExp(`^≈?[\\d,.]+ ${buy.symbol}/\\S+$`));
    // Seeded fills got 1% more than the limit asked.
    expect(await page.locator('[data-testid="surplus"][data-key="limit"]').textContent()).toMatch(new RegExp(`^≈?\\+[\\d,.]+ ${buy.symbol} \\(1\\.01%\\)$`));
    // This app has no node for Ethereum: the fill is listed with its transaction, and the detail says where its time would come from.
    expect(await page.getByTestId('fill-time').textContent()).toBe('Time not known');
    expect(await page.getByTestId('fill-times-note').textContent()).toBe('Fill times are read from the Ethereum node: add its JSON-RPC URL in Settings → Networks to see them.');
    expect(await seriousViolations(page)).toEqual([]);
    await app.screenshot('history-detail-filled');
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
