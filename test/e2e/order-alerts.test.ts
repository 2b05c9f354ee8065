import type { Address, Hex } from 'viem';
import { chainTruth, settleAndCheckChain } from '../helpers/chain-truth';
import { signConfirmed } from '../helpers/confirm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CommandInput, CommandName, CommandOutput } from '../../main/common/ipc/contract';
import type { NotificationEvent } from '../../main/common/notifications/notification-schema';
import { appDataFor } from '../../main/common/trade/app-data-doc';
import { marketOrderAmounts } from '../../main/common/trade/order-math';
import { TEST_ACCOUNTS, type Sandbox } from '../sandbox';
import { startApp, type RunningApp } from './harness';

const { trader } = TEST_ACCOUNTS;
const WETH: Address = '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2';
const USDC: Address = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
/**
 * The harness re-reads placed orders every 200 ms and the watcher's rounds come every 60 s: an alert that
 * shows while the test waits came from the tracker. How long the test waits, not a goal (a wall-clock bound
 * here failed on a busy machine; none is asserted).
 */
const WITHIN_MS = 20_000;

type Shown = { title: string; body: string; tag: string; at: number };

/**
 * The trader's walk-through, in the preview running what Electron runs: five
 * orders placed in the app fill, partly fill, get cancelled and expire; the
 * page shows each through the browser's Notification API once, as the tracker
 * reads the change, and the notification center dates each by the service.
 */
describe('order alerts in the preview, as the desktop app runs them', () => {
  let app: RunningApp;
  let sandbox: Sandbox;
  const call = async <C extends CommandName>(command: C, input: CommandInput<C>): Promise<CommandOutput<C>> => {
    const envelope = await app.services.router.handle(command, input);
    if (!envelope.ok) throw new Error(`${envelope.error.code}: ${envelope.error.message}`);
    return envelope.value as CommandOutput<C>;
  };
  const place = async (options: { partiallyFillable?: boolean; limitFactor?: bigint; validFor?: number; amount?: bigint } = {}) => {
    const { fullAppData } = appDataFor({ environment: 'production', orderClass: 'market', slippageBips: 50 });
    const quote = await call('trade.quote', {
      account: trader.address, chainId: 1, sellToken: WETH, buyToken: USDC, kind: 'sell', amount: (options.amount ?? 10n ** 18n).toString(),
      receiver: null, validFor: 1800, partiallyFillable: options.partiallyFillable ?? false, fullAppData, signingScheme: 'eip712',
    });
    const amounts = marketOrderAmounts({ kind: quote.kind, sellAmount: BigInt(quote.sellAmount), buyAmount: BigInt(quote.buyAmount), feeAmount: BigInt(quote.feeAmount) }, 50);
    const draft = {
      account: trader.address, chainId: 1, sellToken: quote.sellToken, buyToken: quote.buyToken, receiver: null,
      sellAmount: amounts.sellAmount.toString(), buyAmount: (amounts.buyAmount * (options.limitFactor ?? 1n)).toString(),
      validTo: Math.floor(Date.now() / 1000) + (options.validFor ?? 1800), kind: quote.kind, partiallyFillable: options.partiallyFillable ?? false,
      fullAppData, signingScheme: 'eip712' as const,
    };
    const signed = await signConfirmed(call, draft);
    return (await call('trade.submit', { draft, signed, quoteId: null })).uid;
  };
  const shown = () => app.page.evaluate('window.__shownNotifications') as Promise<Shown[]>;
  const titlesFor = async (uid: string) => (await shown()).filter((entry) => entry.tag.endsWith(uid.toLowerCase()) || entry.tag.includes(`${uid.toLowerCase()}:`)).map((entry) => entry.title.split(':')[0]);

  beforeEach(async () => {
    // Orders fill on the sandbox chain, settled by GPv2Settlement.
    app = await startApp({ sandboxNow: Math.floor(Date.now() / 1000), notificationsAllowed: true, chain: true });
    sandbox = app.sandboxes.production.current()!;
    await call('accounts.importKey', { label: 'Trader', privateKey: trader.privateKey, vault: 'keychain' });
    await call('settings.update', {
      enabledChains: [1],
      notifications: {
        events: { filled: true, partiallyFilled: true, expired: true, cancelled: true, priceImprovement: false, insufficientBalance: true },
        quietMode: false, priceImprovementBps: 200, backgroundWatching: true,
      },
    });
    await app.page.getByRole('button', { name: 'Skip for now' }).click();
  });
  afterEach(async () => app.stop());

  it('shows every fill, partial fill, cancellation and expiry once, by the tracker before any watcher round, dated by the service', async () => {
    const filled = await place();
    const partial = await place({ partiallyFillable: true, amount: 2n * 10n ** 18n });
    const cancelled = await place({ limitFactor: 10n });
    const expiring = await place({ limitFactor: 10n, validFor: 60 });
    const twice = await place({ partiallyFillable: true, amount: 3n * 10n ** 18n });

    const first = await settleAndCheckChain(sandbox, { partialFraction: 0.5 });
    await expect.poll(async () => [await titlesFor(filled), await titlesFor(partial), await titlesFor(twice)], { timeout: WITHIN_MS }).toEqual([
      ['Order filled'], ['Order partially filled'], ['Order partially filled'],
    ]);

    await call('trade.cancel', { orderUids: [cancelled as Hex] });
    await expect.poll(() => titlesFor(cancelled), { timeout: WITHIN_MS }).toEqual(['Order cancelled']);

    const second = await settleAndCheckChain(sandbox, { partialFraction: 1 });
    sandbox.clock.advance(120);
    await expect.poll(async () => [await titlesFor(expiring), await titlesFor(twice)], { timeout: WITHIN_MS }).toEqual([
      ['Order expired'], ['Order partially filled', 'Order filled'],
    ]);

    // The background rounds read the service's list, which repeats every event: nothing is shown again.
    await app.services.watcher.watcher!.tick();
    await app.services.history.syncNow();
    await app.services.watcher.watcher!.tick();
    expect((await shown()).map((entry) => entry.tag).sort()).toEqual([...new Set((await shown()).map((entry) => entry.tag))].sort());
    expect(await shown()).toHaveLength(7);
    await app.page.keyboard.press('Control+5');
    await expect.poll(() => app.page.getByTestId('notification-row').count()).toBe(7);
    await app.screenshot('order-alerts-center');

    // Dated by the service: the expiry at the order's validTo, each fill by its trade's block on chain (read over the
    // wallet's node; the orderbook's answers carry no time). The orderbook gives no time for a cancellation either: it
    // is dated when the change was read, within moments of it, unless the service's list (cached 300 s) says earlier.
    const timeOf = async (uid: string, type: string) =>
      ((await call('notifications.list', {})).events as NotificationEvent[]).find((event) => event.orderUid === uid.toLowerCase() && event.type === type)!.occurredAt;
    const minedAt = (report: typeof first, uid: string) => chainTruth(sandbox).minedAt(report.fills.find((fill) => fill.uid === uid.toLowerCase())!.txHash);
    expect(await timeOf(expiring, 'order_expired')).toBe(Number(BigInt(`0x${expiring.slice(-8)}`)) * 1000);
    // A fill is dated by its block in the background, and a try that could not (the trade not listed yet) is tried
    // again at the next round, also in the background: the time is read until it is the block's.
    await expect.poll(() => timeOf(filled, 'order_filled'), { timeout: WITHIN_MS }).toBe(await minedAt(first, filled));
    await expect.poll(() => timeOf(partial, 'order_partially_filled'), { timeout: WITHIN_MS }).toBe(await minedAt(first, partial));
    await expect.poll(() => timeOf(twice, 'order_filled'), { timeout: WITHIN_MS }).toBe(await minedAt(second, twice));
    // Never dated later than the read that told it (a later round's read would be).
    const cancelShownAt = (await shown()).find((entry) => entry.title.startsWith('Order cancelled'))!.at;
    expect(await timeOf(cancelled, 'order_cancelled')).toBeLessThanOrEqual(cancelShownAt);
  }, 90_000);

  it('History shows executed amounts and the execution price beside the limit; cancelling from the detail asks first', async () => {
    const partial = await place({ partiallyFillable: true, amount: 2n * 10n ** 18n });
    const open = await place({ limitFactor: 10n });
    const { page } = app;
    await page.keyboard.press('Control+4');
    // The partial order's detail is open while it fills: it follows the order, like the table behind it.
    await page.getByTestId('history-row').filter({ hasText: partial.slice(0, 10) }).click();
    await expect.poll(() => page.getByTestId('status-badge').first().textContent()).toBe('Open');
    await settleAndCheckChain(sandbox, { partialFraction: 0.5 });
    await expect.poll(() => titlesFor(partial), { timeout: WITHIN_MS }).toEqual(['Order partially filled']);
    await expect.poll(() => page.getByTestId('detail-filled').textContent(), { timeout: WITHIN_MS }).toBe('50% filled');
    await page.getByRole('button', { name: '← Back to history' }).click();
    const row = page.getByTestId('history-row').filter({ hasText: partial.slice(0, 10) });
    await expect.poll(() => row.getByTestId('executed').textContent()).toMatch(/^1 WETH → [\d.,]+ USDC$/);
    const price = await row.getByTestId('price').textContent();
    expect(price).toMatch(/^[\d.,]+ USDC\/WETH \([\d.,]+ USDC\/WETH\)$/);
    await app.screenshot('history-executed-price');

    await page.getByTestId('history-row').filter({ hasText: open.slice(0, 10) }).click();
    await page.getByRole('button', { name: 'Cancel order' }).click();
    await page.getByTestId('cancel-confirm').waitFor();
    expect(sandbox.requests.filter((entry) => entry.method === 'DELETE')).toHaveLength(0);
    await app.screenshot('history-cancel-confirm');
    await page.getByRole('button', { name: 'Yes, cancel it' }).click();
    await expect.poll(() => page.getByTestId('status-badge').first().textContent()).toBe('Cancelled');
    expect(sandbox.requests.filter((entry) => entry.method === 'DELETE')).toHaveLength(1);
  }, 60_000);
});
