import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startRpcStub } from '../integration/market/rpc-stub';
import { startApp, type RunningApp } from './harness';

const WETH = '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2';
/** More than the sandbox's listed holders hold together (about 15 million), as a real supply would be. */
const SUPPLY = 40_000_000n * 10n ** 18n;

describe('Holders view in Chromium', () => {
  let app: RunningApp;
  let rpc: Awaited<ReturnType<typeof startRpcStub>>;
  beforeEach(async () => {
    rpc = await startRpcStub(1, { [WETH]: { symbol: 'WETH', decimals: 18, totalSupply: SUPPLY } });
    app = await startApp();
  });
  afterEach(async () => {
    await app.stop();
    await rpc.close();
  });

  const openHolders = async () => {
    await app.page.getByRole('button', { name: 'Skip for now' }).click();
    await app.page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Holders' }).click();
  };

  it('shows price, holders with shares of the listed total and of supply, the concentration chart, and exports them', async () => {
    const { page } = app;
    expect(await app.services.router.handle('settings.setRpcUrl', { chainId: 1, url: rpc.url })).toMatchObject({ ok: true });
    await openHolders();
    await page.getByTestId('holders-token').fill(WETH.toLowerCase());
    await page.getByTestId('holders-submit').click();
    await page.getByTestId('holders-table').waitFor();
    expect(await page.getByTestId('holders-price').textContent()).toMatch(/\$3,000\.00\s*fetched \d+ s ago/);
    expect(await page.getByTestId('holders-supply').textContent()).toContain('40,000,000 WETH');
    expect(await page.getByTestId('holder-row').count()).toBe(10);
    const largest = (await app.services.api.tokenService.topHolders(1, WETH))[0]!;
    const first = await page.getByTestId('holder-row').first().locator('td').allTextContents();
    // The sandbox's balances are whole tokens, so the amount column shows no fraction.
    expect(first[2]).toBe((BigInt(largest.balance) / 10n ** 18n).toLocaleString('en-US'));
    expect(first[5]).toBe(`${((Number((BigInt(largest.balance) * 10n ** 12n) / SUPPLY) / 1e12) * 100).toFixed(2)}%`);
    const bars = page.getByTestId('concentration-bar');
    expect(await bars.count()).toBe(3);
    expect(await bars.nth(2).locator('text.value').first().textContent()).toBe('100.0%');
    await app.screenshot('holders-weth');

    await page.getByRole('button', { name: 'Export CSV' }).click();
    const written = await page.getByTestId('holders-export-result').textContent();
    const path = /written to (.+\.csv)$/.exec(written ?? '')![1]!;
    expect(path.startsWith(`${app.userDataDir}/exports/holders-mainnet-WETH-`)).toBe(true);
    expect(readFileSync(path, 'utf8').split('\r\n')[0]).toBe('rank,address,balance_base_units,amount_WETH,usd_value,share_of_listed,share_of_supply');
  });

  it('shows the service 404s as their messages and rejects a malformed address before asking', async () => {
    const { page } = app;
    await openHolders();
    await page.getByTestId('holders-token').fill('0x12345');
    await expect.poll(() => page.getByTestId('holders-input-error').textContent()).toBe('"0x12345" is not an address: 0x followed by 40 hex digits.');
    expect(await page.getByTestId('holders-submit').isDisabled()).toBe(true);

    await page.getByTestId('holders-token').fill('0x2222222222222222222222222222222222222222');
    await page.getByTestId('holders-submit').click();
    await expect.poll(() => page.getByTestId('holders-price').textContent()).toContain('Price not found');
    expect(await page.getByTestId('holders-missing').textContent()).toBe('Token holders not found');
    expect(await page.getByTestId('holders-meta-notice').textContent()).toContain('its decimals are unknown, so balances are whole counts');
    await app.screenshot('holders-not-found');
  });
});
