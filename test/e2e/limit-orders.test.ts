import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { settleAndCheckChain } from '../helpers/chain-truth';
import type { Sandbox } from '../sandbox';
import { TEST_ACCOUNTS } from '../sandbox';
import { openTradeWithKey, startApp, type RunningApp } from './harness';

const WETH = '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2';
const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const realNow = () => Math.floor(Date.now() / 1000);
type Shown = { title: string; body: string; tag: string };

/**
 * Limit orders as traders use them: valid for a week and a month, listed open
 * with time left and distance to the market, one filled when the market
 * crosses its price (its surplus the same figure in Trade, History, the alert
 * and the CSV), and a replace that is one new order and the old one cancelled.
 */
describe('limit orders in Chromium', () => {
  let app: RunningApp;
  let sandbox: Sandbox;
  afterEach(async () => app?.stop());

  it('places 1-week and 1-month limit orders, fills one when the market crosses, replaces the other', async () => {
    app = await startApp({ sandboxNow: realNow(), notificationsAllowed: true, chain: true });
    sandbox = app.sandboxes.production.current()!;
    const page = await openTradeWithKey(app, TEST_ACCOUNTS.trader.privateKey);
    await app.services.router.handle('settings.update', {
      notifications: {
        events: { filled: true, partiallyFilled: true, expired: true, cancelled: true, priceImprovement: true, insufficientBalance: true },
        quietMode: false, priceImprovementBps: 100, backgroundWatching: true,
      },
    });
    const market = sandbox.prices.get(1, WETH)! / sandbox.prices.get(1, USDC)!;

    async function placeLimit(factor: number, preset: string, previous: string | null = null) {
      await page.getByLabel('Limit', { exact: true }).check();
      await page.getByLabel('Limit price (buy token per 1 sell token)').fill(String(Math.round(market * factor * 100) / 100));
      await page.getByRole('button', { name: preset, exact: true }).click();
      sandbox.clock.advance(Math.max(0, realNow() - sandbox.clock.now()));
      await page.getByRole('button', { name: 'Get quote (Enter)' }).click();
      await page.getByTestId('quote').waitFor();
      await page.getByTestId('review-sign').click();
      await page.getByRole('dialog').getByTestId('sign-digest').waitFor();
      await page.keyboard.press('Enter');
      const placed = async () => ((await page.getByTestId('submitted').locator('a').getAttribute('href').catch(() => null)) ?? '').split('/orders/')[1] ?? null;
      await expect.poll(placed, { timeout: 20_000 }).not.toBe(previous);
      await expect.poll(placed).not.toBeNull();
      return (await placed())!;
    }
    const week = await placeLimit(1.1, '1 week');
    const month = await placeLimit(1.2, '1 month', week);
    expect(month).not.toBe(week);
    for (const [uid, seconds] of [[week, 7 * 86_400], [month, 30 * 86_400]] as const) {
      expect((sandbox.orders.get(uid) as { validTo: number }).validTo - realNow()).toBeGreaterThan(seconds - 120);
    }

    // Shown open, with time left and the distance to the market.
    const row = (uid: string) => page.locator(`[data-testid="open-order"][data-uid="${uid}"]`);
    await row(month).waitFor();
    expect(await row(week).getByTestId('open-time-left').textContent()).toMatch(/^(6 days 23 hours|7 days)/);
    expect(await row(month).getByTestId('open-time-left').textContent()).toMatch(/^(29 days 23 hours|30 days)/);
    expect(await row(week).getByTestId('open-vs-market').textContent()).toMatch(/^\+(9\.\d+|10(\.\d+)?)%$/);
    expect(await row(month).getByTestId('open-vs-market').textContent()).toMatch(/^\+(19\.\d+|20(\.\d+)?)%$/);
    expect(await row(week).getByTestId('open-filled').textContent()).toBe('0%');
    await app.screenshot('limit-open-orders');

    // The market crosses the 1-week order's price (not the 1-month one's): the solver fills it.
    sandbox.prices.set(1, WETH, sandbox.prices.get(1, WETH)! * 1.15);
    await settleAndCheckChain(sandbox);
    const tracked = page.locator('[data-testid="tracked-order"]', { has: page.locator(`a[href$="${week}"]`) });
    await expect.poll(() => tracked.getAttribute('data-status'), { timeout: 20_000 }).toBe('fulfilled');
    const tradeText = (await tracked.getByTestId('tracked-surplus').textContent())!;
    const figure = /\((\d+\.\d\d)%\) against your limit$/.exec(tradeText)![1]!;
    await app.screenshot('limit-filled-surplus');

    // The alert says the same figure.
    await expect
      .poll(async () => ((await page.evaluate('window.__shownNotifications')) as Shown[]).find((entry) => entry.tag.includes(week.toLowerCase()) && /better than your limit/.test(entry.body))?.body, { timeout: 20_000 })
      .toContain(`${figure}% better than your limit`);

    // History's detail and the CSV export say it too.
    await app.services.router.handle('history.syncNow', undefined);
    const detail = (await app.services.router.handle('history.detail', { uid: week })) as { ok: true; value: { surplus: { key: string; bps: number }[] } };
    expect(detail.value.surplus.find((item) => item.key === 'limit')!.bps / 100).toBe(Number(figure));
    await page.keyboard.press('Control+4');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const path = /to (.+\.csv)$/.exec((await page.getByTestId('history-notice').textContent()) ?? '')![1]!;
    const [header, ...lines] = readFileSync(path, 'utf8').trim().split('\n');
    const cells = lines.find((line) => line.startsWith(week))!.split(',');
    expect(Number(cells[header!.split(',').indexOf('surplusPct')])).toBe(Number(figure));
    // And on History's screen: the order's detail shows the same figure against its limit.
    await page.getByTestId('history-row').filter({ hasText: week.slice(0, 10) }).click();
    await expect.poll(() => page.locator('[data-testid="surplus"][data-key="limit"]').textContent()).toContain(`(${figure}%)`);
    await app.screenshot('limit-history-surplus');

    // Replace the 1-month order: one new order, the old one cancelled.
    await page.keyboard.press('Control+3');
    await row(month).getByTestId('replace-order').click();
    await page.getByTestId('replace-price').fill(String(Math.round(market * 125) / 100));
    await page.getByTestId('replace-review').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('sign-digest').waitFor();
    expect(await dialog.textContent()).toContain('Replaces order');
    await app.screenshot('limit-replace-dialog');
    await page.keyboard.press('Enter');
    await expect.poll(() => (sandbox.orders.get(month) as { status: string }).status).toBe('cancelled');
    // The list shows the new order alone once the old one's cancellation and the new placement have reached it
    // (counting rows alone would pass at once: the old order was the one open order before).
    const openUids = () => page.getByTestId('open-order').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-uid')));
    await expect.poll(async () => (await openUids()).filter((uid) => uid !== month)).toHaveLength(1);
    await expect.poll(openUids).not.toContain(month);
    const [fresh] = (await openUids()) as [string];
    expect(JSON.parse((sandbox.orders.get(fresh) as { fullAppData: string }).fullAppData).metadata.replacedOrder).toEqual({ uid: month.toLowerCase() });
    const owned = (await app.services.api.orderbook.accountOrders(1, TEST_ACCOUNTS.trader.address, { offset: 0, limit: 100 })).map((order) => order.uid);
    expect(owned.filter((uid) => ![week, month].includes(uid))).toEqual([fresh]);
    await app.screenshot('limit-replaced');
  }, 180_000);

  it('the signing dialog of a market order: "Minimum received", the expected (quoted) amount and the network cost with its share', async () => {
    app = await startApp({ sandboxNow: realNow() });
    sandbox = app.sandboxes.production.current()!;
    const page = await openTradeWithKey(app, TEST_ACCOUNTS.trader.privateKey);
    // 0.01 WETH: the network cost is a large share of so small an order.
    await page.getByLabel('Amount').fill('0.01');
    await page.getByRole('button', { name: 'Get quote (Enter)' }).click();
    await page.getByTestId('quote').waitFor();
    const quotedBuy = (await page.getByTestId('quote-buy').textContent())!.split(' ≈')[0]!;
    await page.getByTestId('review-sign').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('sign-digest').waitFor();
    expect(await dialog.textContent()).toContain('Minimum received');
    expect(await dialog.textContent()).toContain('Worst price (with slippage)');
    expect(await dialog.textContent()).not.toContain('Limit price');
    expect(await dialog.getByTestId('sign-expected').textContent()).toMatch(new RegExp(`^${quotedBuy.replace(/[.,]/g, '\\$&')}`));
    const cost = (await dialog.getByTestId('sign-network-cost').textContent())!;
    const share = Number(/\(([\d.]+)% of the order\)/.exec(cost)![1]);
    expect(share).toBeGreaterThan(5);
    expect(await dialog.textContent()).toContain(`is ${share}% of what you sell`);
    await app.screenshot('market-signing-dialog');
  });
});
