import { afterEach, describe, expect, it } from 'vitest';
import { TEST_ACCOUNTS } from '../sandbox';
import { openTradeWithKey, startApp, type RunningApp } from './harness';

const realNow = () => Math.floor(Date.now() / 1000);
/** The chunks of the appData check (zod with it) and of the signing dialog: the Trade screen loads them after it shows. */
const PARTS = {
  appDataCheck: /\/assets\/app-data-checks-[\w-]+\.js$/,
  signingDialog: /\/assets\/SigningDialog-[\w-]+\.js$/,
};

describe('Trade parts that load after the screen shows, in Chromium', () => {
  let app: RunningApp;
  afterEach(async () => app?.stop());

  it('says which part could not be loaded where the user acted, never nothing, and loads it on the next try', async () => {
    app = await startApp({ sandboxNow: realNow() });
    const { page } = app;
    // The fetch of each part fails (a damaged install, a file the disk cannot read) from the page's start:
    // neither the idle loading after the screen shows nor a click can load them.
    for (const part of Object.values(PARTS)) await page.route(part, (route) => route.abort('failed'));
    await page.reload();
    await openTradeWithKey(app, TEST_ACCOUNTS.trader.privateKey);
    const sandbox = app.sandboxes.production.current()!;
    sandbox.clock.advance(Math.max(0, realNow() - sandbox.clock.now()));
    await page.getByRole('button', { name: 'Get quote (Enter)' }).click();
    await page.getByTestId('quote').waitFor();

    // Review needs the appData check (the partner fee it reads): the screen says it could not be loaded.
    await page.getByTestId('review-sign').click();
    await expect.poll(() => page.getByTestId('trade-error').textContent()).toMatch(/^The appData check could not be loaded \(.+\)\. Try again/);
    expect(await page.getByRole('dialog').count()).toBe(0);
    // The advanced editor needs it too: it stays closed and says why.
    await page.locator('summary', { hasText: 'appData' }).click();
    await page.getByRole('button', { name: 'Edit JSON' }).click();
    await expect.poll(() => page.locator('.appdata [role=alert]').textContent()).toMatch(/^The appData check could not be loaded/);
    expect(await page.getByLabel(/^Document/).count()).toBe(0);
    await app.screenshot('lazy-part-appdata-failed');

    // The check loads on the next try; the signing dialog still cannot: its place says so, with another
    // try and the dialog's own Close, so the screen is never held by a dialog that is not there.
    await page.unroute(PARTS.appDataCheck);
    await page.getByTestId('review-sign').click();
    const failed = page.getByTestId('part-load-error');
    await expect.poll(() => failed.textContent()).toMatch(/^The signing dialog could not be loaded \(.+\)\. Try again/);
    await app.screenshot('lazy-part-dialog-failed');
    await failed.getByRole('button', { name: 'Close' }).click();
    await failed.waitFor({ state: 'detached' });

    // Once it can be fetched, Review opens the dialog on the same quote.
    await page.unroute(PARTS.signingDialog);
    await page.getByTestId('review-sign').click();
    await page.getByRole('dialog').getByTestId('sign-digest').waitFor();
    expect(await page.getByTestId('part-load-error').count()).toBe(0);
  });
});
