import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadKeytar } from '../../main/core/signer/keychain-vault';
import { TEST_ADDRESS, TEST_KEY } from '../helpers/order-drafts';
import { E2E_KEYCHAIN_SERVICE, startApp, type RunningApp } from './harness';

const WATCHED = '0x90F79bf6EB2c4f870365E785982E1f101E93b906';

describe('Accounts screen in Chromium', () => {
  let app: RunningApp;
  beforeEach(async () => {
    app = await startApp();
    await app.page.getByRole('button', { name: 'Skip for now' }).click();
    await app.page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Accounts' }).click();
  });
  afterEach(async () => app.stop());

  it('imports a key into the OS keychain and lists the account by address only', async () => {
    const { page } = app;
    await expect.poll(() => page.getByTestId('keychain-status').textContent()).toContain('OS keychain available');
    await page.getByText('No accounts yet').waitFor();

    await page.getByLabel('Name').fill('Trading');
    await page.getByLabel('Private key').fill(TEST_KEY);
    await page.getByRole('button', { name: 'Import', exact: true }).click();

    await page.getByTestId('account-row').waitFor();
    expect(await page.getByTestId('account-address').allTextContents()).toEqual([TEST_ADDRESS]);
    expect(await page.getByLabel('Private key').inputValue()).toBe('');
    expect((await page.content()).toLowerCase()).not.toContain(TEST_KEY.slice(2));
    expect(await (await loadKeytar()).getPassword(E2E_KEYCHAIN_SERVICE, TEST_ADDRESS)).toBe(TEST_KEY);

    await page.getByRole('tab', { name: 'Watch-only address' }).click();
    await page.getByLabel('Name').fill('Treasury Safe');
    await page.getByLabel('Address').fill(WATCHED.toLowerCase());
    await page.getByRole('button', { name: 'Add address' }).click();
    await expect.poll(() => page.getByTestId('account-address').allTextContents()).toEqual([TEST_ADDRESS, WATCHED]);
    await app.screenshot('accounts');
  });

  it('shows a bad key as its message and adds nothing', async () => {
    const { page } = app;
    await page.getByLabel('Name').fill('Oops');
    await page.getByLabel('Private key').fill('0x1234');
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await expect.poll(() => page.getByRole('alert').first().textContent()).toContain('64 hex digits');
    expect(await page.getByTestId('account-row').count()).toBe(0);
  });

  it('removes an account after confirmation and deletes its keychain entry', async () => {
    const { page } = app;
    await app.services.router.handle('accounts.importKey', { label: 'Old', privateKey: TEST_KEY, vault: 'keychain' });
    await page.getByTestId('account-row').waitFor();
    await page.getByRole('button', { name: 'Remove', exact: true }).click();
    const dialog = page.getByRole('alertdialog');
    expect(await dialog.textContent()).toContain('deleted from the OS keychain');
    await app.screenshot('accounts-remove-confirm');
    await dialog.getByRole('button', { name: 'Remove account' }).click();
    await page.getByText('No accounts yet').waitFor();
    expect(await (await loadKeytar()).getPassword(E2E_KEYCHAIN_SERVICE, TEST_ADDRESS)).toBeNull();
  });
});
