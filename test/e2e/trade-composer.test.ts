import { encodeFunctionData, erc20Abi, type Hex } from 'viem';
import { settleAndCheckChain } from '../helpers/chain-truth';
import { afterEach, describe, expect, it } from 'vitest';
import type { Sandbox } from '../sandbox';
import { TEST_ACCOUNTS } from '../sandbox';
import { GAS_PER_TRADE, GAS_PRICE_WEI } from '../sandbox/token-fixtures';
import { openTradeWithKey, startApp, type RunningApp } from './harness';

const realNow = () => Math.floor(Date.now() / 1000);
const WETH = '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2';
const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';

/** The number in an en-US text such as "1 WETH = 3,000 USDC" or "≈ $2,993.25", after `after`. */
function numberIn(text: string | null, after: RegExp = /^/): number {
  const rest = (text ?? '').slice((text ?? '').search(after) + ((text ?? '').match(after)?.[0].length ?? 0));
  const match = /[-+]?[\d,]*\.?\d+/.exec(rest);
  if (!match) throw new Error(`no number in "${text}" after ${after}`);
  return Number(match[0].replace(/,/g, ''));
}

describe('Trade composer in Chromium: tokens, prices, limits, the signing dialog', () => {
  let app: RunningApp;
  let sandbox: Sandbox;
  afterEach(async () => app?.stop());

  async function open(privateKey: Hex = TEST_ACCOUNTS.trader.privateKey, options: { chain?: boolean } = {}) {
    app = await startApp({ sandboxNow: realNow(), ...options });
    sandbox = app.sandboxes.production.current()!;
    return openTradeWithKey(app, privateKey);
  }
  const syncSandboxClock = () => sandbox.clock.advance(Math.max(0, realNow() - sandbox.clock.now()));
  async function quote() {
    syncSandboxClock();
    await app.page.getByRole('button', { name: 'Get quote (Enter)' }).click();
    await app.page.getByTestId('quote').waitFor();
  }

  it('picks a token by typing part of its name, from the shipped list and from the list refreshed from its URL', async () => {
    const page = await open();
    const buy = page.getByRole('combobox', { name: 'Buy token' });
    await buy.fill('stablecoin');
    const option = page.getByRole('option', { name: /DAI\s*Dai Stablecoin/ });
    await option.waitFor();
    await app.screenshot('trade-token-picker');
    await option.click();
    await expect.poll(() => page.getByTestId('buy-token-current').textContent()).toMatch(/^DAI 0x6B1754/);

    // "Sandbox Gold" is on the sandbox's list only: it shows once the app has refreshed that list.
    const sell = page.getByRole('combobox', { name: 'Sell token' });
    await expect
      .poll(async () => {
        await sell.fill('');
        await sell.fill('sandbox go');
        return page.getByRole('option', { name: /GOLD\s*Sandbox Gold/ }).count();
      })
      .toBe(1);
    await sell.press('Escape');

    // The chosen token quotes like any other.
    await quote();
    expect(await page.getByTestId('quote-buy').textContent()).toMatch(/ DAI ≈ \$/);
  });

  it("shows the quote's rate both ways, USD values, network cost and price impact as the sandbox prices them", async () => {
    const page = await open();
    // A price no code of the app knows in advance.
    sandbox.prices.set(1, WETH, 2718.28);
    const weth = sandbox.prices.get(1, WETH)!;
    const usdc = sandbox.prices.get(1, USDC)!;
    await quote();
    await app.screenshot('trade-quote-numbers');

    // The network cost is gas in native ETH, converted to the sell token at the sandbox's prices.
    const fee = ((Number(GAS_PER_TRADE * GAS_PRICE_WEI[1]!) / 1e18) * sandbox.prices.get(1, '-')!) / weth;
    const traded = 1 - fee;
    const bought = (traded * weth) / usdc;
    const text = (id: string) => page.getByTestId(id).textContent();
    expect(numberIn(await text('quote-rate'), /=/)).toBeCloseTo(weth / usdc, 3);
    await page.getByTestId('invert-rate').click();
    expect(await text('quote-rate')).toMatch(/^1 USDC = /);
    expect(numberIn(await text('quote-rate'), /=/) / (usdc / weth)).toBeCloseTo(1, 5);
    expect(numberIn(await text('quote-sell'), /\$/)).toBeCloseTo(weth, 2);
    expect(numberIn(await text('quote-fee'))).toBeCloseTo(fee, 4);
    expect(numberIn(await text('quote-fee'), /\$/)).toBeCloseTo(fee * weth, 2);
    expect(numberIn(await text('quote-buy'))).toBeCloseTo(bought, 3);
    expect(numberIn(await text('quote-buy'), /\$/)).toBeCloseTo(bought * usdc, 2);
    // The sandbox quotes at its own USD prices: the impact against them is nil.
    expect(Math.abs(numberIn(await text('quote-impact')))).toBeLessThan(0.01);
  });

  it('a limit at one third of the market shows the % and the warning on the form and in the dialog', async () => {
    const page = await open();
    await page.getByLabel('Limit', { exact: true }).check();
    const market = sandbox.prices.get(1, WETH)! / sandbox.prices.get(1, USDC)!;
    await page.getByLabel('Limit price (buy token per 1 sell token)').fill(String(market / 3));
    await quote();
    await expect.poll(() => page.getByTestId('limit-vs-market').textContent()).toMatch(/^-66\.67% against the market price/);
    expect(await page.getByTestId('limit-warning').textContent()).toContain('66.67% below the market price');
    expect(numberIn(await page.getByTestId('quote-buy').textContent())).toBeCloseTo(market / 3, 3);
    await app.screenshot('trade-limit-warning');

    await page.getByTestId('review-sign').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('sign-digest').waitFor();
    expect(await dialog.getByTestId('sign-market').textContent()).toMatch(/^-66\.67% \(market: 1 WETH = 3,000 USDC\)/);
    expect(await dialog.textContent()).toContain('66.67% below the market price');
    expect(await dialog.getByTestId('sign-price').textContent()).toMatch(/1 WETH = 1,000 USDC\s*1 USDC = 0\.001 WETH/);
    expect(await dialog.getByTestId('sign-sell').textContent()).toBe('1 WETH ≈ $3,000.00');
    expect(await dialog.getByTestId('sign-validity').textContent()).toMatch(/\(for 30 minutes\)$/);
    await app.screenshot('trade-limit-dialog');
  });

  it('the dialog names a pre-hook and a partner fee in words; focus is trapped, Esc cancels and Enter signs', async () => {
    const page = await open();
    const spender = '0x3333333333333333333333333333333333333333';
    const callData = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [spender, 5_000_000n] });
    const appData = {
      appCode: 'CoW Desk',
      environment: 'production',
      metadata: {
        hooks: { pre: [{ target: USDC, callData, gasLimit: '50000' }] },
        partnerFee: { volumeBps: 50, recipient: spender },
        orderClass: { orderClass: 'market' },
        quote: { slippageBips: 50 },
      },
      version: '1.4.0',
    };
    await page.locator('summary', { hasText: 'appData' }).click();
    await page.getByRole('button', { name: 'Edit JSON' }).click();
    await page.getByLabel(/^Document/).fill(JSON.stringify(appData, null, 2));
    await quote();
    await page.getByTestId('review-sign').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('sign-digest').waitFor();
    expect(await dialog.getByTestId('sign-hook').textContent()).toMatch(
      new RegExp(`^\\s*Before the trade, the settlement calls 0xA0b869…06eB48\\s*: approve\\(spender: ${spender}, amount: 5000000\\)\\s*\\(gas limit 50000\\)\\.`),
    );
    expect(await dialog.getByTestId('sign-partner-fee').textContent()).toBe(`Partner fee: 0.5% of the traded volume, paid to ${spender}.`);
    expect(await dialog.textContent()).toContain('The settlement will run 1 hook call(s)');
    await app.screenshot('trade-hooks-dialog');

    // Focus moved into the dialog and stays there.
    const inDialog = () => page.evaluate<boolean>("document.activeElement?.closest('[role=dialog]') !== null");
    expect(await inDialog()).toBe(true);
    for (let step = 0; step < 4; step += 1) {
      await page.keyboard.press('Tab');
      expect(await inDialog()).toBe(true);
    }
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    await page.getByTestId('review-sign').click();
    await dialog.getByTestId('sign-digest').waitFor();
    await page.keyboard.press('Enter');
    await page.getByTestId('submitted').waitFor();
  });

  it('shows the surplus of a fill against the limit, and a failed submission clears the previous "submitted"', async () => {
    // Settled on chain by GPv2Settlement.
    const page = await open(TEST_ACCOUNTS.trader.privateKey, { chain: true });
    await quote();
    await page.getByTestId('review-sign').click();
    await page.getByRole('dialog').getByTestId('sign-digest').waitFor();
    await page.keyboard.press('Enter');
    await page.getByTestId('submitted').waitFor();
    const order = page.getByTestId('tracked-order').first();
    await expect.poll(() => order.getAttribute('data-status')).toBe('open');
    await settleAndCheckChain(sandbox);
    await expect.poll(() => order.getAttribute('data-status')).toBe('fulfilled');
    // Filled at the sandbox's price while the limit kept 0.5% slippage below the quote: the surplus is that 0.5%.
    const surplus = await page.getByTestId('tracked-surplus').textContent();
    expect(surplus).toMatch(/^Surplus: \+[\d,.]+ USDC ≈ \$[\d,.]+ \(0\.5\d%\) against your limit$/);
    expect(numberIn(surplus, /\$/) / numberIn(surplus, /\+/)).toBeCloseTo(1, 2); // cents against 4 decimals
    await app.screenshot('trade-surplus');

    await quote();
    // Between quote and submission the orderbook starts refusing this owner (deny-listed, 403): nothing the app could have seen coming.
    sandbox.ledger.ban(TEST_ACCOUNTS.trader.address);
    await page.getByTestId('review-sign').click();
    await page.getByRole('dialog').getByTestId('sign-digest').waitFor();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('trade-error').getAttribute('data-code')).toBe('Forbidden');
    expect(await page.getByTestId('submitted').count()).toBe(0);
  });

  it('a quote stays on screen while accounts and settings change in the background', async () => {
    const page = await open();
    await quote();
    const shown = await page.getByTestId('quote-rate').textContent();
    // Another account added (the list changes, the active one does not), then a setting that is not part of the quote.
    await app.services.router.handle('accounts.addWatchOnly', { label: 'Watched', address: '0x4444444444444444444444444444444444444444' });
    await page.getByTestId('active-account').locator('option', { hasText: 'Watched' }).waitFor({ state: 'attached' });
    await app.services.router.handle('settings.update', { theme: 'dark' });
    await expect.poll(() => page.evaluate<string>('document.documentElement.dataset.theme')).toBe('dark');
    expect(await page.getByTestId('quote').count()).toBe(1);
    expect(await page.getByTestId('quote-rate').textContent()).toBe(shown);
  });

  it('a watch-only account is marked and cannot reach the sign step', async () => {
    const page = await open();
    await app.services.router.handle('accounts.addWatchOnly', { label: 'Watched', address: '0x4444444444444444444444444444444444444444' });
    const account = page.getByTestId('active-account');
    await account.locator('option', { hasText: 'Watched' }).waitFor({ state: 'attached' });
    await account.selectOption({ label: 'Watched · 0x4444…4444 (watch-only)' });
    await page.getByTestId('watch-only').waitFor();
    await quote();
    expect(await page.getByTestId('review-sign').isDisabled()).toBe(true);
    expect(await page.getByTestId('sign-blocked').textContent()).toContain('watch-only');
  });

  it('an order that changed while its signing dialog was open is shown anew for one more review, then signed as shown', async () => {
    const page = await open();
    await quote();
    await page.getByTestId('review-sign').click();
    const dialog = page.getByRole('dialog');
    const digest = dialog.getByTestId('sign-digest');
    await digest.waitFor();
    const reviewed = await digest.textContent();
    // Meanwhile the app moves to staging (another window, the command palette): main would sign under staging's domain.
    expect((await app.services.router.handle('settings.update', { environment: 'staging' })).ok).toBe(true);
    await page.keyboard.press('Enter');
    // Not a dead end (issue 29): the dialog shows what main would sign now, and says so.
    await dialog.getByTestId('sign-changed').waitFor();
    await expect.poll(() => digest.textContent()).not.toBe(reviewed);
    expect(await dialog.textContent()).toContain('staging');
    await app.screenshot('sign-preview-changed');
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
  });
});
