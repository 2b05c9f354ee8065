import type { Hex } from 'viem';
import { afterEach, describe, expect, it } from 'vitest';
import type { Sandbox } from '../sandbox';
import { TEST_ACCOUNTS } from '../sandbox';
import { chainTruth, settleAndCheckChain } from '../helpers/chain-truth';
import { openTradeWithKey, startApp, type RunningApp } from './harness';

const realNow = () => Math.floor(Date.now() / 1000);

describe('Trade screen in Chromium', () => {
  let app: RunningApp;
  let sandbox: Sandbox;
  afterEach(async () => app?.stop());

  /**
   * The app on the Trade screen with a key of `privateKey`; the sandbox clock runs at real time, and its
   * chain (the real GPv2Settlement) settles the orders, unless a test turns the chain off.
   */
  async function open(privateKey: Hex = TEST_ACCOUNTS.trader.privateKey, options: Parameters<typeof startApp>[0] = {}) {
    app = await startApp({ sandboxNow: realNow(), chain: true, ...options });
    sandbox = app.sandboxes.production.current()!;
    return openTradeWithKey(app, privateKey);
  }

  /** Quotes expire 60 s after the sandbox's "now", which only moves when told: keep it at real time. */
  const syncSandboxClock = () => sandbox.clock.advance(Math.max(0, realNow() - sandbox.clock.now()));

  async function quoteAndSign(options: { partial?: boolean } = {}) {
    const { page } = app;
    if (options.partial) await page.getByLabel('Allow partial fills').check();
    syncSandboxClock();
    await page.getByRole('button', { name: 'Get quote (Enter)' }).click();
    await page.getByTestId('quote').waitFor();
    await page.getByTestId('review-sign').click();
    await page.getByRole('dialog').getByRole('button', { name: 'Sign' }).click();
  }

  async function quoteSignSubmit(options: { partial?: boolean } = {}) {
    await quoteAndSign(options);
    await app.page.getByTestId('submitted').waitFor();
    return app.page.getByTestId('tracked-order').first();
  }

  it('quotes, signs, submits, watches the order fill and finds it in the history', async () => {
    const page = await open();
    syncSandboxClock();
    await page.getByLabel('Amount').press('Enter');
    await page.getByTestId('quote').waitFor();
    expect(await page.getByTestId('quote-buy').textContent()).toMatch(/^2,9\d\d\.\d+ USDC ≈ \$2,9\d\d/);
    expect(await page.getByTestId('quote-fee').textContent()).toMatch(/WETH/);
    await expect.poll(() => page.getByTestId('quote-countdown').textContent()).toMatch(/Quote valid for \d+ s/);
    await app.screenshot('trade-quote');

    await page.getByLabel('Amount').press('Enter');
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('sign-digest').waitFor();
    expect(await dialog.textContent()).toContain(await page.getByTestId('appdata-hash').textContent());
    await app.screenshot('trade-sign');
    await dialog.getByRole('button', { name: 'Sign' }).click();

    const order = page.getByTestId('tracked-order').first();
    await expect.poll(() => order.getAttribute('data-status')).toBe('open');
    const uid = (await page.getByTestId('submitted').getByRole('link').getAttribute('href'))!.split('/').pop()!;
    expect(sandbox.requests.some((entry) => entry.method === 'PUT' && entry.path.includes('/app_data/'))).toBe(true);
    await app.screenshot('trade-submitted');

    sandbox.clock.advance(30);
    await settleAndCheckChain(sandbox);
    expect((await chainTruth(sandbox).trades(uid)).map((trade) => trade.args.owner)).toEqual([TEST_ACCOUNTS.trader.address]);
    await expect.poll(() => order.getAttribute('data-status')).toBe('fulfilled');
    await app.screenshot('trade-filled');
    await expect
      .poll(async () => {
        const answer = await app.services.router.handle('history.query', {});
        return answer.ok ? (answer.value as { rows: { uid: string; status: string }[] }).rows.find((row) => row.uid === uid)?.status : undefined;
      })
      .toBe('fulfilled');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'History' }).click();
    // Its row (the UID column itself is left out at 1100 px; the row holds it for the detail).
    await page.getByTestId('history-row').filter({ hasText: uid.slice(0, 10) }).waitFor();
    await app.screenshot('trade-in-history');
  });

  it('an order whose answer and lookups were lost: shown unconfirmed, "Send again" keeps its UID, and a new signature for the same trade asks first (issue 30)', async () => {
    const { trader } = TEST_ACCOUNTS;
    const page = await open(trader.privateKey, { chain: false });
    syncSandboxClock();
    await page.getByRole('button', { name: 'Get quote (Enter)' }).click();
    await page.getByTestId('quote').waitFor();
    await page.getByTestId('review-sign').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('sign-digest').waitFor();
    // The orderbook stores the order and its answer is lost; so is the answer to every read of the orderbook
    // meanwhile, the app's lookups of its own UID among them: the app cannot know whether the order is live.
    sandbox.lostAnswers.set({ method: 'POST', pathEndsWith: '/api/v1/orders', mode: 'reset' }, { method: 'GET', pathEndsWith: '', mode: 'reset', count: 10_000 });
    await dialog.getByRole('button', { name: 'Sign' }).click();
    const unclear = page.getByTestId('unclear-order');
    await unclear.waitFor({ timeout: 60_000 });
    sandbox.lostAnswers.clear();
    const held = async () => (await app.services.api.orderbook.accountOrders(1, trader.address, { offset: 0, limit: 100 })).map((order) => order.uid);
    const [stored, ...more] = await held();
    expect(more).toEqual([]);
    expect(await unclear.textContent()).toContain(stored!.slice(0, 18));
    // One course, never "do not sign" beside "send it again".
    expect(await page.getByTestId('trade-error').textContent()).not.toMatch(/do not sign/i);
    await app.screenshot('trade-unclear-order');

    // Signing again for the same trade would make a second order: the screen asks first, naming the risk.
    syncSandboxClock();
    await page.getByRole('button', { name: 'Get quote (Enter)' }).click();
    await page.getByTestId('quote').waitFor();
    await page.getByTestId('review-sign').click();
    const ask = page.getByTestId('confirm-second');
    await expect.poll(() => ask.textContent()).toMatch(/both could fill, and you would trade twice/);
    expect(await page.getByRole('dialog').getByTestId('sign-digest').count()).toBe(0);
    await ask.getByRole('button', { name: 'Keep one order' }).click();

    // "Send again": the same signed order, the same UID; still one order at the orderbook.
    await page.getByTestId('send-again').click();
    await expect.poll(async () => (await page.getByTestId('submitted').getByRole('link').getAttribute('href'))?.split('/').pop()).toBe(stored);
    expect(await page.getByTestId('unclear-order').count()).toBe(0);
    expect(await held()).toEqual([stored]);
    // The Open orders table beside the quote never pushes the right column past the window (1100 px).
    await page.locator('[data-testid="open-order"]').first().waitFor();
    for (const id of ['submitted', 'open-order', 'quote']) {
      const box = (await page.getByTestId(id).first().boundingBox())!;
      expect(box.x + box.width, id).toBeLessThanOrEqual(page.viewportSize()!.width);
    }
    await app.screenshot('trade-sent-again');
  });

  it('shows a partially fillable order filling in two batches', async () => {
    await open();
    const order = await quoteSignSubmit({ partial: true });
    await settleAndCheckChain(sandbox, { partialFraction: 0.5 });
    await expect.poll(() => order.textContent()).toContain('50% filled');
    expect(await order.getAttribute('data-status')).toBe('open');
    await app.screenshot('trade-partial-fill');
    await settleAndCheckChain(sandbox, { partialFraction: 1 });
    await expect.poll(() => order.getAttribute('data-status')).toBe('fulfilled');
    expect(await order.textContent()).toContain('100% filled');
  });

  it('cancels an open order', async () => {
    const page = await open();
    const order = await quoteSignSubmit();
    await order.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Cancel selected (1)' }).click();
    await expect.poll(() => order.getAttribute('data-status')).toBe('cancelled');
    await page.getByText('Cancellation of 1 order(s) accepted').waitFor();
    await app.screenshot('trade-cancelled');
  });

  it('shows InsufficientAllowance with the vault relayer to approve', async () => {
    // Without a chain the app cannot see the allowance (no RPC): the orderbook's refusal is what the user reads.
    const page = await open(TEST_ACCOUNTS.noAllowance.privateKey, { chain: false });
    await quoteAndSign();
    const error = page.getByTestId('trade-error');
    await expect.poll(() => error.getAttribute('data-code')).toBe('InsufficientAllowance');
    expect(await error.textContent()).toContain('Approve the vault relayer 0xC92E8bdf79f0507f65a392b0ab4667716BFE0110');
    await app.screenshot('trade-error-allowance');
  });

  it('shows the wait while the orderbook rate-limits, then the quote', async () => {
    const page = await open(TEST_ACCOUNTS.trader.privateKey, { sandboxRateLimits: { quotesPerSecond: 1 } });
    syncSandboxClock();
    await page.getByRole('button', { name: 'Get quote (Enter)' }).click();
    await page.getByTestId('quote').waitFor();
    // A second quote within the same second: the service answers 429 with Retry-After, and the app waits.
    await page.getByRole('button', { name: 'Get quote (Enter)' }).click();
    await expect.poll(() => page.getByTestId('rate-limited').textContent()).toMatch(/rate-limiting requests: waiting \d s before trying again/);
    await app.screenshot('trade-rate-limited');
    await page.getByTestId('quote').waitFor();
  });

  it('quote guard: submission is disabled under 5 s of validity and the quote is renewed on expiry', async () => {
    const page = await open();
    // The page's timers and Date become a clock the test moves; the Trade view is re-opened to run on it.
    await page.clock.install({ time: Date.now() });
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Accounts' }).click();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Trade' }).click();
    syncSandboxClock();
    await page.getByRole('button', { name: 'Get quote (Enter)' }).click();
    await page.getByTestId('quote').waitFor();
    const expiresAt = (sandbox.clock.now() + 60) * 1000;
    await page.clock.pauseAt(expiresAt - 4_000);
    await page.clock.runFor(500);
    await expect.poll(() => page.getByTestId('quote-countdown').textContent()).toMatch(/Quote valid for [1-4] s/);
    expect(await page.getByTestId('review-sign').isDisabled()).toBe(true);
    await page.getByTestId('quote-guard').waitFor();
    await app.screenshot('trade-quote-guard');

    const quotesBefore = sandbox.requests.filter((entry) => entry.path.endsWith('/quote')).length;
    sandbox.clock.advance(60); // the service's next quote is valid for a fresh minute
    await page.clock.runFor(5_000);
    await expect.poll(() => sandbox.requests.filter((entry) => entry.path.endsWith('/quote')).length).toBe(quotesBefore + 1);
    await expect.poll(() => page.getByTestId('quote-countdown').textContent()).toMatch(/Quote valid for (5\d|6\d) s/);
    expect(await page.getByTestId('review-sign').isEnabled()).toBe(true);
  });
});
