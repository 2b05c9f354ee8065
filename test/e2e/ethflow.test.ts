import { getAddress, hexToBigInt, parseEther, slice, type Address, type Hex } from 'viem';
import { afterEach, describe, expect, it } from 'vitest';
import { chainTruth } from '../helpers/chain-truth';
import { TEST_ACCOUNTS, type Sandbox } from '../sandbox';
import { ETHFLOW_ABI } from '../sandbox/chain/ethflow-deployment';
import { openTradeWithKey, startApp, type RunningApp } from './harness';

const USDC: Address = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const ETHFLOW = getAddress('0xbA3cB449bD2B4ADddBc894D8697F5170800EAdeC');
const realNow = () => Math.floor(Date.now() / 1000);
/** An account holding only ETH: no WETH to sell, no allowance to give. */
const { unfunded } = TEST_ACCOUNTS;
type Shown = { title: string; tag: string };

/**
 * Selling ETH in one transaction, in Chromium against the sandbox's chain with
 * CoW's real EthFlow contract: the trader clicks once, signs one createOrder,
 * and the fill is proven from the chain, not from the app.
 */
describe('Sell ETH in one transaction (EthFlow), in Chromium', () => {
  let app: RunningApp;
  let sandbox: Sandbox;
  afterEach(async () => app?.stop());

  /** Trade screen, ETH-only account: sells `amount` ETH for USDC with the one-transaction button; returns the UID. */
  async function sellEth(amount: string, dialogShot?: string): Promise<string> {
    const page = app.page;
    const picker = page.getByRole('combobox', { name: 'Sell token' });
    await picker.fill('eth');
    await page.getByTestId('token-option').filter({ hasText: 'native, sold via wrapping' }).click();
    await page.getByLabel('Amount', { exact: true }).fill(amount);
    const box = page.getByTestId('ethflow-sell');
    await expect.poll(() => box.textContent()).toMatch(new RegExp(`Sell ${amount.replace('.', '\\.')} ETH for USDC in one transaction`));
    await box.getByRole('button', { name: 'Sell in one transaction' }).click();
    // The dialog decodes the exact createOrder about to be signed.
    const dialog = page.getByTestId('tx-dialog');
    await expect.poll(() => dialog.getByTestId('tx-summary').textContent()).toMatch(new RegExp(`^Sell ${amount.replace('.', '\\.')} ETH for at least [\\d.,]+ USDC in one transaction \\(EthFlow createOrder\\)$`));
    const text = (await dialog.textContent())!;
    expect(text).toContain(`ETH sent${amount} ETH`);
    expect(text).toMatch(/Minimum received[\d.,]+ USDC/);
    expect(text).toContain('Your deadline');
    if (dialogShot) await app.screenshot(dialogShot);
    sandbox.clock.advance(Math.max(0, realNow() - sandbox.clock.now()));
    await dialog.getByRole('button', { name: 'Sign and send' }).click();
    const status = page.getByTestId('ethflow-status');
    await expect.poll(() => status.textContent()).toMatch(/placed on chain/);
    return (await status.getAttribute('data-uid'))!;
  }

  async function start() {
    app = await startApp({ sandboxNow: realNow(), chain: true, notificationsAllowed: true });
    sandbox = app.sandboxes.production.current()!;
    await sandbox.chain!.client(1).setBalance({ address: unfunded.address, value: parseEther('2') });
    await openTradeWithKey(app, unfunded.privateKey);
    await app.services.router.handle('settings.update', { enabledChains: [1] });
    return sandbox.chain!.client(1);
  }

  it('an account holding only ETH sells 0.5 ETH for USDC with one createOrder; Trade event, USDC ≥ minimum, ETH down by value plus gas; History row and alert', async () => {
    const client = await start();
    const page = app.page;
    const ethBefore = await client.getBalance({ address: unfunded.address });
    const uid = await sellEth('0.5', 'ethflow-dialog');
    // One transaction from the account: its createOrder, with the OrderPlacement of this order.
    const placements = await client.getContractEvents({ address: ETHFLOW, abi: ETHFLOW_ABI, eventName: 'OrderPlacement', args: { sender: unfunded.address }, fromBlock: 0n });
    expect(placements).toHaveLength(1);
    expect(await client.getTransactionCount({ address: unfunded.address })).toBe(1);
    const receipt = await client.getTransactionReceipt({ hash: placements[0]!.transactionHash as Hex });
    expect(await client.getBalance({ address: unfunded.address })).toBe(ethBefore - parseEther('0.5') - receipt.gasUsed * receipt.effectiveGasPrice);
    const minimum = (placements[0]!.args as unknown as { order: { buyAmount: bigint } }).order.buyAmount;

    // Tracked by its UID on the Trade screen, like an order submitted there.
    const tracked = page.getByTestId('tracked-order').filter({ hasText: uid.slice(0, 10) });
    await expect.poll(() => tracked.getAttribute('data-status')).toBe('open');
    // The tracked order and the open orders list show the user's ETH sold, not the WETH the contract's order names.
    expect(await tracked.textContent()).toMatch(/· 0\.5 ETH → [\d.,]+ USDC/);
    const open = page.getByTestId('open-order');
    await expect.poll(() => open.first().textContent()).toMatch(/^Sell 0\.5 ETH → [\d.,]+ USDC/);
    expect(await open.first().getAttribute('data-uid')).toBe(uid.toLowerCase());
    await app.screenshot('ethflow-tracked');

    const report = await sandbox.onChain!.settle();
    expect(report.fills.map((fill) => fill.uid)).toContain(uid);
    const [trade] = await chainTruth(sandbox).trades(uid);
    expect(getAddress(trade!.args.owner)).toBe(ETHFLOW);
    expect(trade!.args.buyAmount).toBeGreaterThanOrEqual(minimum);
    expect(await chainTruth(sandbox).balance(unfunded.address, USDC)).toBe(trade!.args.buyAmount);
    await expect.poll(() => tracked.getAttribute('data-status')).toBe('fulfilled');

    // History lists it as the user's order; the alert tells the fill.
    await app.services.history.syncNow();
    await app.services.watcher.watcher!.tick();
    await page.keyboard.press('Control+4');
    const row = page.getByTestId('history-row').filter({ hasText: uid.slice(0, 10) });
    await expect.poll(() => row.count()).toBe(1);
    // The user's ETH sold, not the WETH the contract's order names.
    expect(await row.textContent()).toMatch(/[\d.]+ ETH\b/);
    expect(await row.textContent()).not.toContain('WETH');
    await expect.poll(async () => ((await page.evaluate('window.__shownNotifications')) as Shown[]).filter((entry) => entry.tag.includes(uid.toLowerCase())).map((entry) => entry.title)).toEqual(['Order filled: ETH → USDC']);
    await app.screenshot('ethflow-history');
  }, 120_000);

  it("an open EthFlow order is cancelled from the open orders list: no Replace, and Cancel sends the EthFlow contract's invalidateOrder from the wallet's dialog; the ETH comes back, the order shows cancelled", async () => {
    const client = await start();
    const page = app.page;
    const uid = await sellEth('0.4');
    const open = page.getByTestId('open-order').and(page.locator(`[data-uid="${uid.toLowerCase()}"]`));
    await expect.poll(() => open.count()).toBe(1);
    // The contract owns the order: no signature of the user's can replace it.
    expect(await open.getByTestId('replace-order').count()).toBe(0);
    await open.getByRole('button', { name: 'Cancel' }).click();
    const onChain = page.getByTestId('open-orders').getByTestId('onchain-cancel');
    await expect.poll(() => onChain.textContent()).toContain('EthFlow contract');
    expect(await onChain.textContent()).toContain(`${ETHFLOW} (EthFlow contract)`);
    const ethBefore = await client.getBalance({ address: unfunded.address });
    await onChain.getByRole('button', { name: 'Cancel on chain…' }).click();
    const dialog = page.getByTestId('tx-dialog');
    await expect.poll(() => dialog.getByTestId('tx-summary').textContent()).toMatch(/^Refund the unfilled ETH of EthFlow order 0x[0-9a-f]{8}…[0-9a-f]{8} \(invalidateOrder\)$/);
    await dialog.getByRole('button', { name: 'Sign and send' }).click();
    await expect.poll(() => onChain.textContent()).toMatch(/invalidateOrder sent: 0x[0-9a-f]{64}/);
    const hash = (await onChain.locator('code').first().textContent()) as Hex;

    // The chain says so: the contract invalidated this order and sent the ETH back.
    const receipt = await client.waitForTransactionReceipt({ hash });
    const invalidations = await client.getContractEvents({ address: ETHFLOW, abi: ETHFLOW_ABI, eventName: 'OrderInvalidation', fromBlock: receipt.blockNumber, toBlock: receipt.blockNumber });
    expect(invalidations.map((event) => (event.args as { orderUid: Hex }).orderUid)).toEqual([uid]);
    expect(await client.getBalance({ address: unfunded.address })).toBe(ethBefore + parseEther('0.4') - receipt.gasUsed * receipt.effectiveGasPrice);
    const tracked = page.getByTestId('tracked-order').filter({ hasText: uid.slice(0, 10) });
    await expect.poll(() => tracked.getAttribute('data-status')).toBe('cancelled');
    await expect.poll(() => open.count()).toBe(0);
    await app.screenshot('ethflow-cancelled');
  }, 120_000);

  it('an EthFlow order left to expire is refunded from History: Refund ETH, OrderRefund on chain, the ETH back, the refund shown with its transaction', async () => {
    const client = await start();
    const page = app.page;
    const uid = await sellEth('0.3');
    // The user's deadline as the chain has it: the placement's data is abi.encodePacked(int64 quoteId, uint32 userValidTo).
    // (Read from the chain, not the orderbook's route, which the app's own polling may have rate-limited.)
    const [placement] = await client.getContractEvents({ address: ETHFLOW, abi: ETHFLOW_ABI, eventName: 'OrderPlacement', args: { sender: unfunded.address }, fromBlock: 0n });
    const userValidTo = Number(hexToBigInt(slice((placement!.args as { data: Hex }).data, 8, 12)));
    // Past the user's deadline on the sandbox's clock and the chain's; nothing filled it.
    sandbox.clock.advance(userValidTo - sandbox.clock.now() + 60);
    await client.setNextBlockTimestamp({ timestamp: BigInt(sandbox.clock.now()) });
    await client.mine({ blocks: 1 });
    await app.services.history.syncNow();
    await page.keyboard.press('Control+4');
    await page.getByTestId('history-row').filter({ hasText: uid.slice(0, 10) }).click();
    await expect.poll(() => page.getByTestId('status-badge').first().textContent()).toBe('Expired');
    const ethBefore = await client.getBalance({ address: unfunded.address });
    await page.getByRole('button', { name: 'Refund ETH' }).click();
    const dialog = page.getByTestId('tx-dialog');
    await expect.poll(() => dialog.getByTestId('tx-summary').textContent()).toMatch(/^Refund the unfilled ETH of EthFlow order 0x[0-9a-f]{8}…[0-9a-f]{8} \(invalidateOrder\)$/);
    await dialog.getByRole('button', { name: 'Sign and send' }).click();
    await expect.poll(() => page.getByTestId('ethflow-refund-sent').textContent()).toMatch(/Refund sent: 0x[0-9a-f]{64}/);
    const hash = (await page.getByTestId('ethflow-refund-sent').locator('code').textContent()) as Hex;

    const receipt = await client.waitForTransactionReceipt({ hash });
    const refunds = await client.getContractEvents({ address: ETHFLOW, abi: ETHFLOW_ABI, eventName: 'OrderRefund', fromBlock: receipt.blockNumber, toBlock: receipt.blockNumber });
    expect(refunds.map((event) => (event.args as { orderUid: Hex }).orderUid)).toEqual([uid]);
    expect(await client.getBalance({ address: unfunded.address })).toBe(ethBefore + parseEther('0.3') - receipt.gasUsed * receipt.effectiveGasPrice);
    await app.services.history.syncNow();
    await expect.poll(() => page.getByTestId('ethflow-refunded').textContent()).toBe(`ETH refunded in ${hash} ↗`);
    await app.screenshot('ethflow-refunded');
  }, 120_000);
});
