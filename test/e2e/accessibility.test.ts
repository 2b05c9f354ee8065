import { afterEach, describe, expect, it } from 'vitest';
import { VIEWS } from '../../main/common/settings/views';
import { TEST_ACCOUNTS } from '../sandbox';
import { violations, type Finding } from './axe';
import { startApp, type RunningApp } from './harness';

describe.each(['light', 'dark'] as const)('axe-core over every screen, %s theme', (colorScheme) => {
  let app: RunningApp;
  afterEach(async () => app?.stop());

  it('has no violation of any impact on any view, the welcome, the palette, the token picker, the signing dialog, an order\'s detail or the remove-account dialog', async () => {
    app = await startApp({ colorScheme, sandboxNow: Math.floor(Date.now() / 1000) });
    const { page } = app;
    // Orders for History and its detail.
    app.sandboxes.production.current()!.orders.seed(1, TEST_ACCOUNTS.trader.address, 5, { openShare: 0.4 });
    const found: Record<string, Finding[]> = {};
    const check = async (screen: string) => {
      found[screen] = await violations(page);
      await app.screenshot(`a11y-${colorScheme}-${screen}`);
    };

    await page.getByTestId('welcome').waitFor();
    await check('welcome');
    await page.getByRole('button', { name: 'Skip for now' }).click();
    await app.services.router.handle('accounts.importKey', { label: 'Trader', privateKey: TEST_ACCOUNTS.trader.privateKey, vault: 'keychain' });
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const view of VIEWS) {
      await nav.getByRole('button', { name: view.label }).click();
      await expect.poll(() => page.locator('header h1').textContent()).toBe(view.label);
      // Views load their data after they appear; axe looks at the settled screen.
      await page.waitForLoadState('networkidle');
      await check(view.id);
    }

    await nav.getByRole('button', { name: 'Trade' }).click();
    await page.getByTestId('active-account').locator('option', { hasText: 'Trader' }).waitFor({ state: 'attached' });
    await page.getByRole('combobox', { name: 'Buy token' }).fill('us');
    await page.getByTestId('token-option').first().waitFor();
    await check('token-picker');
    await page.getByRole('combobox', { name: 'Buy token' }).press('Escape');
    await page.getByRole('button', { name: 'Get quote (Enter)' }).click();
    await page.getByTestId('quote').waitFor();
    await check('quote');
    await page.getByTestId('review-sign').click();
    await page.getByRole('dialog').getByTestId('sign-digest').waitFor();
    await check('signing-dialog');
    await page.keyboard.press('Escape');
    await page.keyboard.press('Control+k');
    await page.getByRole('dialog', { name: 'Command palette' }).waitFor();
    await check('palette');
    await page.keyboard.press('Escape');

    await nav.getByRole('button', { name: 'History' }).click();
    await page.getByTestId('history-row').first().click();
    await page.getByTestId('detail-uid').waitFor();
    await page.waitForLoadState('networkidle');
    await check('order-detail');

    await nav.getByRole('button', { name: 'Accounts' }).click();
    await page.getByTestId('account-row').getByRole('button', { name: 'Remove' }).click();
    await page.getByRole('alertdialog', { name: 'Remove Trader?' }).waitFor();
    await check('remove-account');

    expect(found).toEqual(Object.fromEntries(Object.keys(found).map((screen) => [screen, []])));
  });
});
