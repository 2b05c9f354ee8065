import { afterEach, describe, expect, it } from 'vitest';
import { TEST_ACCOUNTS } from '../sandbox';
import { openTradeWithKey, startApp, type RunningApp } from './harness';

/**
 * Issue 33's small defects, each as the trader met it in Chromium: a 404 for
 * the favicon on every load, two Account and Chain selects on Trade, Ctrl+3
 * not reaching the order form, a limit order without a price whose Review
 * was off without a word, and a Remove-account dialog that ignored Esc.
 */
describe('trader polish in Chromium', () => {
  let app: RunningApp;
  afterEach(async () => app?.stop());

  it('loads without a failed request: the icon ships with the app', async () => {
    app = await startApp();
    const failed: string[] = [];
    app.page.on('response', (response) => void (response.status() >= 400 && failed.push(`${response.status()} ${new URL(response.url()).pathname}`)));
    await app.page.reload({ waitUntil: 'networkidle' });
    await app.page.getByTestId('welcome').waitFor();
    expect(failed).toEqual([]);
    // The icon a browser asks for: the one the page names, else /favicon.ico (which answered 404).
    const named = app.page.locator('link[rel="icon"]');
    const icon = (await named.count()) > 0 ? await named.getAttribute('href') : '/favicon.ico';
    const answer = await app.page.request.get(new URL(icon!, app.page.url()).toString());
    expect(`${answer.status()} ${icon}`).toMatch(/^200 .*\.svg$/);
  });

  it('trades with the one Account and Chain of the top bar, and Ctrl+3 puts the keyboard in the order', async () => {
    app = await startApp();
    const page = await openTradeWithKey(app, TEST_ACCOUNTS.trader.privateKey);
    expect(await page.getByRole('combobox', { name: 'Account' }).count()).toBe(1);
    expect(await page.getByRole('combobox', { name: 'Chain' }).count()).toBe(1);
    expect(await page.getByRole('form', { name: 'Order' }).getByRole('combobox', { name: /^(Account|Chain)/ }).count()).toBe(0);

    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'History' }).click();
    await page.keyboard.press('Control+3');
    const amount = page.getByRole('form', { name: 'Order' }).getByLabel('Amount');
    await expect.poll(() => page.locator('*:focus').getAttribute('aria-describedby')).toBe('amount-hint');
    await page.keyboard.press('Control+a');
    await page.keyboard.type('2.5');
    expect(await amount.inputValue()).toBe('2.5');
    // Pressed again on Trade, the same.
    await page.getByRole('button', { name: 'Get quote (Enter)' }).focus();
    await page.keyboard.press('Control+3');
    await expect.poll(() => page.locator('*:focus').getAttribute('aria-describedby')).toBe('amount-hint');
    await app.screenshot('trade-one-context');
  });

  it('says why a limit order without a price cannot be reviewed', async () => {
    app = await startApp({ sandboxNow: Math.floor(Date.now() / 1000) });
    const page = await openTradeWithKey(app, TEST_ACCOUNTS.trader.privateKey);
    await page.getByLabel('Limit', { exact: true }).check();
    await page.getByRole('button', { name: 'Get quote (Enter)' }).click();
    await page.getByTestId('quote').waitFor();
    const review = page.getByTestId('review-sign');
    expect(await review.isDisabled()).toBe(true);
    expect(await page.getByTestId('sign-blocked').textContent()).toBe('Enter a limit price (buy token per 1 sell token) to review this limit order.');
    expect(await review.getAttribute('aria-describedby')).toBe('review-blocked');
    await app.screenshot('trade-limit-without-price');
  });

  it('closes the Remove-account dialog on Esc and keeps the account', async () => {
    app = await startApp();
    const { page } = app;
    await page.getByRole('button', { name: 'Skip for now' }).click();
    await app.services.router.handle('accounts.addWatchOnly', { label: 'Watched', address: '0x4444444444444444444444444444444444444444' });
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Accounts' }).click();
    await page.getByTestId('account-row').getByRole('button', { name: 'Remove' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Remove Watched?' });
    await dialog.waitFor();
    await app.screenshot('accounts-remove-dialog');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await page.getByTestId('account-row').count()).toBe(1);
  });
});
