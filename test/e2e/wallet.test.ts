import { erc20Abi, formatEther, parseEther, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterEach, describe, expect, it } from 'vitest';
import { chainTruth, settleAndCheckChain } from '../helpers/chain-truth';
import { TEST_ACCOUNTS, UNLISTED_TOKEN, type Sandbox } from '../sandbox';
import { seriousViolations } from './axe';
import { openTradeWithKey, startApp, type RunningApp } from './harness';
import { startNodeProxy } from '../integration/wallet/node-proxy';

const realNow = () => Math.floor(Date.now() / 1000);
const WETH = '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2';
const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const ONE_WETH = 10n ** 18n;
/** Whole WETH as the app's formatter writes it in the page's en-US locale ("1,000"). */
const wethText = (amount: bigint) => `WETH: ${new Intl.NumberFormat('en-US').format(Number(amount / ONE_WETH))}`;

/**
 * The wallet's on-chain half in Chromium, against the sandbox's real chain
 * (Hardhat EDR running the production GPv2Settlement): every figure the
 * screen shows is checked against what the chain itself answers.
 */
describe('Wallet on the sandbox chain, in Chromium', () => {
  let app: RunningApp;
  let sandbox: Sandbox;
  afterEach(async () => app?.stop());

  async function open(privateKey: Hex, colorScheme: 'light' | 'dark' = 'light') {
    app = await startApp({ sandboxNow: realNow(), chain: true, colorScheme });
    sandbox = app.sandboxes.production.current()!;
    return openTradeWithKey(app, privateKey);
  }
  const syncSandboxClock = () => sandbox.clock.advance(Math.max(0, realNow() - sandbox.clock.now()));
  const allowance = (owner: Hex, token: Hex) =>
    sandbox.chain!.client(1).readContract({ address: token, abi: erc20Abi, functionName: 'allowance', args: [owner, sandbox.chain!.contracts.vaultRelayer] });

  it('the walk on the shipped app: a key with no allowance approves, is filled on chain, balances follow, approves the same amount again, sells ETH by wrap-then-sell to the fill, and a speed up of a mined transaction is refused in words', async () => {
    const { noAllowance } = TEST_ACCOUNTS;
    const page = await open(noAllowance.privateKey);
    const chain = chainTruth(sandbox);
    const wethBefore = await chain.balance(noAllowance.address, WETH);

    // The composer shows the chain's balance and puts the approval before review.
    const balance = page.getByTestId('wallet-sell-balance');
    await expect.poll(() => balance.textContent()).toContain(wethText(wethBefore));
    await page.getByTestId('wallet-approve').waitFor();
    syncSandboxClock();
    await page.getByRole('button', { name: 'Get quote (Enter)' }).click();
    await page.getByTestId('quote').waitFor();
    expect(await page.getByTestId('review-sign').isDisabled()).toBe(true);
    expect(await page.getByTestId('sign-blocked').textContent()).toMatch(/Approve WETH for CoW Protocol's vault relayer first/);
    await app.screenshot('wallet-composer-balances');
    expect(await seriousViolations(page)).toEqual([]);

    // The approval dialog is decoded by main from the transaction it signs: exactly this order's amount.
    await page.getByRole('button', { name: 'Approve WETH' }).click();
    const dialog = page.getByTestId('tx-dialog');
    await expect.poll(() => dialog.getByTestId('tx-summary').textContent()).toBe('Approve 1 WETH to the CoW Protocol vault relayer');
    expect(await dialog.textContent()).toMatch(/approve/);
    expect(await dialog.getByTestId('tx-max-fee').textContent()).toMatch(/ETH/);
    await app.screenshot('wallet-approve-dialog');
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Sign and send' }).click();
    await expect.poll(() => page.getByTestId('wallet-last-tx').textContent()).toMatch(/Approve 1 WETH .*: confirmed/);
    expect(await allowance(noAllowance.address, WETH)).toBe(ONE_WETH);
    await page.getByTestId('wallet-allowance-ok').waitFor();

    // Now review opens, and the order goes to the orderbook.
    syncSandboxClock();
    await page.getByRole('button', { name: 'Get quote (Enter)' }).click();
    await expect.poll(() => page.getByTestId('review-sign').isDisabled()).toBe(false);
    await page.getByTestId('review-sign').click();
    await page.getByRole('dialog').getByTestId('sign-digest').waitFor();
    await page.keyboard.press('Enter');
    await page.getByTestId('submitted').waitFor();
    const uid = (await page.getByTestId('submitted').getByRole('link').getAttribute('href'))!.split('/').pop()!;
    const order = page.getByTestId('tracked-order').first();
    await expect.poll(() => order.getAttribute('data-status')).toBe('open');

    // GPv2Settlement settles it: the Trade event and the balances on chain are the proof.
    const usdcBefore = await chain.balance(noAllowance.address, USDC);
    await settleAndCheckChain(sandbox);
    const [trade, ...more] = await chain.trades(uid);
    expect(more).toEqual([]);
    expect(trade?.args).toMatchObject({ owner: noAllowance.address, sellToken: WETH, buyToken: USDC, sellAmount: ONE_WETH });
    expect(await chain.balance(noAllowance.address, WETH)).toBe(wethBefore - ONE_WETH);
    expect(await chain.balance(noAllowance.address, USDC)).toBe(usdcBefore + trade!.args.buyAmount);
    await expect.poll(() => order.getAttribute('data-status')).toBe('fulfilled');
    await expect.poll(() => balance.textContent()).toContain(wethText(wethBefore - ONE_WETH));
    await order.scrollIntoViewIfNeeded();
    await app.screenshot('wallet-fill');

    // The fill used the approval up: approving exactly the same amount again is a new click, sent, mined and confirmed.
    await page.getByTestId('wallet-approve').waitFor();
    await page.getByRole('button', { name: 'Approve WETH' }).click();
    await expect.poll(() => dialog.getByTestId('tx-summary').textContent()).toBe('Approve 1 WETH to the CoW Protocol vault relayer');
    expect(await dialog.getByTestId('tx-pending-other').count()).toBe(0);
    await dialog.getByRole('button', { name: 'Sign and send' }).click();
    await page.getByTestId('wallet-allowance-ok').waitFor();
    expect(await allowance(noAllowance.address, WETH)).toBe(ONE_WETH);
    await app.screenshot('wallet-approve-again');

    // Accounts lists the approval with its receipt and explorer link, and the balances with their USD values.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Accounts' }).click();
    const usdcHeld = Number(await chain.balance(noAllowance.address, USDC)) / 1e6;
    const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(usdcHeld * sandbox.prices.get(1, USDC)!);
    await expect.poll(() => page.getByTestId(`balance-${USDC.toLowerCase()}`).textContent()).toContain(usd);
    const approval = page.getByTestId('tx-row').filter({ hasText: 'Approve 1 WETH to the CoW Protocol vault relayer' });
    await expect.poll(() => approval.evaluateAll((rows) => rows.map((row) => row.getAttribute('data-status')))).toEqual(['confirmed', 'confirmed']);
    expect(await approval.first().getByRole('link', { name: 'explorer ↗' }).getAttribute('href')).toMatch(/^https:\/\/etherscan\.io\/tx\/0x[0-9a-f]{64}$/);
    expect(await seriousViolations(page)).toEqual([]);
    await app.screenshot('wallet-transactions');

    // Selling ETH: the same account wraps it first, then the same order sells WETH and is filled on chain.
    await page.keyboard.press('Control+3');
    const client = sandbox.chain!.client(1);
    const ethBeforeWrap = await client.getBalance({ address: noAllowance.address });
    const wethBeforeWrap = await chain.balance(noAllowance.address, WETH);
    const picker = page.getByRole('combobox', { name: 'Sell token' });
    await picker.fill('eth');
    await page.getByTestId('token-option').filter({ hasText: 'native, sold via wrapping' }).click();
    await page.getByLabel('Amount', { exact: true }).fill('1');
    const offer = page.getByTestId('wrap-then-sell');
    await expect.poll(() => offer.textContent()).toMatch(/ETH cannot be sold by a signed order\. Wrap 1 ETH into WETH/);
    expect(await page.getByRole('button', { name: 'Get quote (Enter)' }).count()).toBe(0);
    await app.screenshot('wallet-sell-eth');
    // The native token is never offered an approval; its balance is the account's ETH.
    expect(await page.getByTestId('wallet-approve').count()).toBe(0);
    expect(await page.getByTestId('wallet-shortfall').count()).toBe(0);
    await offer.getByRole('button', { name: 'Wrap, then sell' }).click();
    // One wrap per click: the offer is off from the click until the wrap settles.
    expect(await offer.getByTestId('wrap-then-sell-button').isDisabled()).toBe(true);
    await expect.poll(() => dialog.getByTestId('tx-summary').textContent()).toBe('Wrap 1 ETH into WETH');
    syncSandboxClock();
    await dialog.getByRole('button', { name: 'Sign and send' }).click();
    // Confirmed on chain, the form sells WETH, is quoted and opens the signing dialog without another click.
    await page.getByRole('dialog').getByTestId('sign-digest').waitFor();
    expect(await page.getByTestId('sell-token-current').textContent()).toContain('WETH');
    expect(await chain.balance(noAllowance.address, WETH)).toBe(wethBeforeWrap + ONE_WETH);
    await app.screenshot('wallet-wrap-then-sign');
    await page.keyboard.press('Enter');
    const submittedUid = async () => (await page.getByTestId('submitted').getByRole('link').getAttribute('href'))?.split('/').pop();
    await expect.poll(submittedUid).not.toBe(uid);
    const sold = (await submittedUid())!;
    await settleAndCheckChain(sandbox);
    const [soldTrade] = await chain.trades(sold);
    expect(soldTrade?.args).toMatchObject({ owner: noAllowance.address, sellToken: WETH, sellAmount: ONE_WETH });
    // One ETH (and the wrap's gas) left the account; the WETH it became was sold.
    expect(await chain.balance(noAllowance.address, WETH)).toBe(wethBeforeWrap);
    const spent = ethBeforeWrap - (await client.getBalance({ address: noAllowance.address }));
    expect(spent).toBeGreaterThan(ONE_WETH);
    expect(spent).toBeLessThan(ONE_WETH + parseEther('0.01'));
    await expect.poll(() => page.getByTestId('tracked-order').filter({ hasText: sold.slice(0, 10) }).getAttribute('data-status')).toBe('fulfilled');

    // Speed up of a transaction mined meanwhile is refused in words and sends nothing.
    await page.getByTestId('wallet-native').waitFor();
    await client.setAutomine(false);
    try {
      await page.getByTestId('wrap-amount').fill('0.3');
      await page.getByRole('button', { name: 'Wrap', exact: true }).click();
      await dialog.getByRole('button', { name: 'Sign and send' }).click();
      await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Accounts' }).click();
      const row = page.getByTestId('tx-row').filter({ hasText: 'Wrap 0.3 ETH into WETH' });
      await expect.poll(() => row.getAttribute('data-status')).toBe('broadcast');
      await row.getByRole('button', { name: 'Speed up…' }).click();
      // The question with what the speed up would cost (main's preview of it).
      await row.getByTestId('replace-preview').waitFor();
      // Mined while the user reads the question; the app's block watcher settles the row.
      await client.mine({ blocks: 1 });
      await expect.poll(() => row.getAttribute('data-status')).toBe('confirmed');
      const nonce = await client.getTransactionCount({ address: noAllowance.address });
      await row.getByRole('button', { name: 'Yes, send it' }).click();
      await expect.poll(() => page.getByTestId('tx-list-error').textContent()).toMatch(/already mined .*nothing to speed up or cancel, and nothing was sent/);
      await app.screenshot('wallet-speed-up-mined');
      expect(await page.getByTestId('tx-row').filter({ hasText: 'Wrap 0.3 ETH into WETH' }).count()).toBe(1);
      expect(await client.getTransactionCount({ address: noAllowance.address })).toBe(nonce);
      expect((await client.getBlock({ blockTag: 'pending', includeTransactions: true })).transactions).toEqual([]);
    } finally {
      await client.setAutomine(true);
    }
  }, 240_000);

  it('wrap and unwrap change the chain balances by the amounts shown (dark theme)', async () => {
    const { trader } = TEST_ACCOUNTS;
    const page = await open(trader.privateKey, 'dark');
    const chain = chainTruth(sandbox);
    const client = sandbox.chain!.client(1);
    const before = { eth: await client.getBalance({ address: trader.address }), weth: await chain.balance(trader.address, WETH) };
    // The token picker's options carry the account's balances, read from the chain.
    await page.getByRole('combobox', { name: 'Sell token' }).fill('usd');
    const usdc = page.getByTestId('token-option').filter({ hasText: 'USD Coin' });
    const usdcHeld = Number((await chain.balance(trader.address, USDC)) / 10n ** 6n);
    const usdcUsd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(usdcHeld * sandbox.prices.get(1, USDC)!);
    await expect.poll(() => usdc.getByTestId('option-balance').textContent()).toBe(`${new Intl.NumberFormat('en-US').format(usdcHeld)} ≈ ${usdcUsd}`);
    await app.screenshot('trade-picker-balances');
    await page.keyboard.press('Escape');
    await page.getByTestId('wallet-native').waitFor();

    await page.getByTestId('wrap-amount').fill('0.25');
    await page.getByRole('button', { name: 'Wrap', exact: true }).click();
    const dialog = page.getByTestId('tx-dialog');
    await expect.poll(() => dialog.getByTestId('tx-summary').textContent()).toBe('Wrap 0.25 ETH into WETH');
    await app.screenshot('wallet-wrap-dialog-dark');
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Sign and send' }).click();
    await expect.poll(() => page.getByTestId('wallet-last-tx').textContent()).toMatch(/Wrap 0\.25 ETH into WETH: confirmed/);
    expect(await chain.balance(trader.address, WETH)).toBe(before.weth + parseEther('0.25'));
    const afterWrap = await client.getBalance({ address: trader.address });
    // Less the 0.25 ETH and the gas paid, never more.
    expect(before.eth - afterWrap).toBeGreaterThan(parseEther('0.25'));
    expect(before.eth - afterWrap).toBeLessThan(parseEther('0.26'));

    await page.getByTestId('wrap-amount').fill('0.1');
    await page.getByRole('button', { name: 'Unwrap', exact: true }).click();
    await expect.poll(() => dialog.getByTestId('tx-summary').textContent()).toBe('Unwrap 0.1 WETH into ETH');
    await dialog.getByRole('button', { name: 'Sign and send' }).click();
    await expect.poll(() => page.getByTestId('wallet-last-tx').textContent()).toMatch(/Unwrap 0\.1 WETH into ETH: confirmed/);
    expect(await chain.balance(trader.address, WETH)).toBe(before.weth + parseEther('0.15'));
    await app.screenshot('wallet-unwrapped');
  });

  it('a presign order is pre-signed from the app, opens, and is filled on chain', async () => {
    const { trader } = TEST_ACCOUNTS;
    const page = await open(trader.privateKey);
    await page.getByLabel('Signing').selectOption('presign');
    syncSandboxClock();
    await page.getByRole('button', { name: 'Get quote (Enter)' }).click();
    await page.getByTestId('quote').waitFor();
    await page.getByTestId('review-sign').click();
    await page.getByRole('dialog').getByTestId('sign-digest').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Prepare' }).click();
    await page.getByTestId('send-presign').waitFor();
    const uid = (await page.getByTestId('submitted').getByRole('link').getAttribute('href'))!.split('/').pop()!;
    const order = page.getByTestId('tracked-order').first();
    await expect.poll(() => order.getAttribute('data-status')).toBe('presignaturePending');

    await page.getByTestId('send-presign').click();
    const dialog = page.getByTestId('tx-dialog');
    await expect.poll(() => dialog.getByTestId('tx-summary').textContent()).toBe(`Pre-sign order ${uid.slice(0, 10)}…${uid.slice(-8)} (setPreSignature)`);
    // A keychain account: no passphrase to ask for (issue 33: the field showed for every account).
    expect(await dialog.getByLabel(/passphrase/i).count()).toBe(0);
    await app.screenshot('wallet-presign-dialog');
    await dialog.getByRole('button', { name: 'Sign and send' }).click();
    await dialog.waitFor({ state: 'detached' });
    // The orderbook learns of the pre-signature from the chain, as the live service does.
    await expect.poll(async () => (await sandbox.onChain!.sync(), (sandbox.orders.get(uid) as { status: string }).status)).toBe('open');
    await expect.poll(() => order.getAttribute('data-status')).toBe('open');
    // Open, the order needs no setPreSignature any more (issue 33: the button stayed).
    await expect.poll(() => page.getByTestId('presign-status').textContent()).toBe('Presign: the on-chain signature is in; the order is live (its state is below).');
    expect(await page.getByTestId('send-presign').count()).toBe(0);

    await settleAndCheckChain(sandbox);
    expect((await chainTruth(sandbox).trades(uid)).map((trade) => trade.args.owner)).toEqual([trader.address]);
    await expect.poll(() => order.getAttribute('data-status')).toBe('fulfilled');
  });

  it('cancelling two signed orders and a presign one: two off-chain at once, the presign one on chain from the wallet\'s dialog', async () => {
    const page = await open(TEST_ACCOUNTS.trader.privateKey);
    const placed: string[] = [];
    const submittedUid = async () => (await page.getByTestId('submitted').getByRole('link').getAttribute('href'))?.split('/').pop();
    const place = async (scheme: 'eip712' | 'presign', amount: string) => {
      await page.getByLabel('Signing').selectOption(scheme);
      await page.getByLabel('Amount').fill(amount);
      syncSandboxClock();
      await page.getByRole('button', { name: 'Get quote (Enter)' }).click();
      await page.getByTestId('quote').waitFor();
      await page.getByTestId('review-sign').click();
      await page.getByRole('dialog').getByTestId('sign-digest').waitFor();
      await page.keyboard.press('Enter');
      // The previous order's "submitted" stays until this one's answer replaces it.
      await expect.poll(async () => { const uid = await submittedUid().catch(() => undefined); return uid !== undefined && !placed.includes(uid); }).toBe(true);
      placed.push((await submittedUid())!);
      return placed.at(-1)!;
    };
    const uids = [await place('eip712', '1'), await place('eip712', '2'), await place('presign', '3')];
    for (const uid of uids) await page.getByLabel(`Select ${uid.slice(0, 10)} for cancellation`).check();
    await page.getByRole('button', { name: 'Cancel selected (3)' }).click();
    await page.getByText('Cancellation of 2 order(s) accepted by the orderbook.').waitFor();
    await app.screenshot('wallet-batch-cancel');

    // The presign order needs a transaction: nothing was sent until the user signs it in the decoded dialog.
    await page.getByTestId('onchain-cancel').getByRole('button', { name: 'Cancel on chain…' }).click();
    const dialog = page.getByTestId('tx-dialog');
    await expect.poll(() => dialog.getByTestId('tx-summary').textContent()).toBe(`Cancel order ${uids[2]!.slice(0, 10)}…${uids[2]!.slice(-8)} on chain (invalidateOrder)`);
    await dialog.getByRole('button', { name: 'Sign and send' }).click();
    await page.getByTestId('onchain-cancel').getByText('invalidateOrder sent').waitFor();
    await expect.poll(async () => (await sandbox.onChain!.sync(), uids.map((uid) => (sandbox.orders.get(uid) as { status: string }).status))).toEqual(['cancelled', 'cancelled', 'cancelled']);
    await expect.poll(() => page.getByTestId('tracked-order').evaluateAll((items) => items.map((item) => item.getAttribute('data-status')))).toEqual(['cancelled', 'cancelled', 'cancelled']);
  });

  it('a pending transaction is sped up from Accounts: same nonce, higher fee, and the replacement is the one mined', async () => {
    const { trader } = TEST_ACCOUNTS;
    const page = await open(trader.privateKey);
    const client = sandbox.chain!.client(1);
    await page.getByTestId('wallet-native').waitFor();
    // Blocks only when the test says: the wrap stays pending.
    await client.setAutomine(false);
    try {
      await page.getByTestId('wrap-amount').fill('0.5');
      await page.getByRole('button', { name: 'Wrap', exact: true }).click();
      await page.getByTestId('tx-dialog').getByRole('button', { name: 'Sign and send' }).click();
      await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Accounts' }).click();
      const row = page.getByTestId('tx-row').filter({ hasText: 'Wrap 0.5 ETH into WETH' });
      await expect.poll(() => row.first().getAttribute('data-status')).toBe('broadcast');
      const [pending] = await client.getBlock({ blockTag: 'pending', includeTransactions: true }).then((block) => block.transactions);
      await row.getByRole('button', { name: 'Speed up…' }).click();
      await row.getByRole('alert').waitFor();
      // The question shows what will be signed: the same wrap at the node's fees now, and the most it can cost.
      const maxFee = row.getByTestId('replace-max-fee');
      await expect.poll(() => row.getByTestId('replace-preview').textContent()).toMatch(/Speed up: Wrap 0\.5 ETH into WETH, nonce \d+; it costs at most [\d.,≈]+ ETH/);
      await app.screenshot('wallet-speed-up-confirm');
      const shownMaxFee = (await maxFee.textContent())!.replace(/[≈ ,]|ETH/g, '');
      await row.getByRole('button', { name: 'Yes, send it' }).click();
      await expect.poll(() => page.getByTestId('tx-row').filter({ hasText: 'Wrap 0.5 ETH into WETH' }).evaluateAll((rows) => rows.map((one) => one.getAttribute('data-status')).sort())).toEqual(['broadcast', 'broadcast']);
      const waiting = (await client.getBlock({ blockTag: 'pending', includeTransactions: true })).transactions;
      // One transaction waits for the block: the replacement, with the same nonce and a higher fee.
      expect(waiting).toHaveLength(1);
      expect(waiting[0]!.nonce).toBe(pending!.nonce);
      expect(waiting[0]!.maxFeePerGas! > pending!.maxFeePerGas!).toBe(true);
      // What was signed is what the question said it would cost at most (the question closed when it was sent).
      expect(await maxFee.count()).toBe(0);
      // (Shown to the formatter's digits: the exact wei are held to the signed fees in the wallet's integration test.)
      expect(formatEther(waiting[0]!.gas * waiting[0]!.maxFeePerGas!).startsWith(shownMaxFee)).toBe(true);
      await client.mine({ blocks: 1 });
      await expect.poll(() => page.getByTestId('tx-row').filter({ hasText: 'Wrap 0.5 ETH into WETH' }).evaluateAll((rows) => rows.map((one) => one.getAttribute('data-status')).sort())).toEqual(['confirmed', 'replaced']);
    } finally {
      await client.setAutomine(true);
    }
  });

  it('a new click while the same kind is still pending says so; sent only when the user chooses, as a second transaction', async () => {
    const { trader } = TEST_ACCOUNTS;
    const page = await open(trader.privateKey);
    const client = sandbox.chain!.client(1);
    await page.getByTestId('wallet-native').waitFor();
    const nonce = await client.getTransactionCount({ address: trader.address });
    await client.setAutomine(false);
    try {
      const dialog = page.getByTestId('tx-dialog');
      await page.getByTestId('wrap-amount').fill('0.1');
      await page.getByRole('button', { name: 'Wrap', exact: true }).click();
      await expect.poll(() => dialog.getByTestId('tx-summary').textContent()).toBe('Wrap 0.1 ETH into WETH');
      expect(await dialog.getByTestId('tx-pending-other').count()).toBe(0);
      await dialog.getByRole('button', { name: 'Sign and send' }).click();
      await dialog.waitFor({ state: 'detached' });

      // The same wrap again: a new click. The dialog names the pending one and waits for the user's choice.
      await page.getByRole('button', { name: 'Wrap', exact: true }).click();
      const notice = dialog.getByTestId('tx-pending-other');
      await expect.poll(() => notice.textContent()).toMatch(/An earlier transaction of this kind is still pending: Wrap 0\.1 ETH into WETH/);
      expect(await dialog.getByRole('button', { name: 'Sign and send' }).isDisabled()).toBe(true);
      await app.screenshot('wallet-pending-same-kind');
      await notice.getByTestId('tx-also-send').check();
      await dialog.getByRole('button', { name: 'Sign and send' }).click();
      await dialog.waitFor({ state: 'detached' });
      expect((await client.getBlock({ blockTag: 'pending', includeTransactions: true })).transactions.map((tx) => tx.nonce)).toEqual([nonce, nonce + 1]);
      await client.mine({ blocks: 1 });
      await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Accounts' }).click();
      await expect.poll(() => page.getByTestId('tx-row').filter({ hasText: 'Wrap 0.1 ETH into WETH' }).evaluateAll((rows) => rows.map((row) => row.getAttribute('data-status')))).toEqual(['confirmed', 'confirmed']);
    } finally {
      await client.setAutomine(true);
    }
  });

  it('a transaction that changed while its dialog was open is shown anew for one more review, then sent', async () => {
    const { trader } = TEST_ACCOUNTS;
    const page = await open(trader.privateKey);
    const client = sandbox.chain!.client(1);
    await page.getByTestId('wallet-native').waitFor();
    await page.getByTestId('wrap-amount').fill('0.4');
    await page.getByRole('button', { name: 'Wrap', exact: true }).click();
    const dialog = page.getByTestId('tx-dialog');
    await expect.poll(() => dialog.getByTestId('tx-summary').textContent()).toBe('Wrap 0.4 ETH into WETH');
    const nonce = await client.getTransactionCount({ address: trader.address });
    expect(await dialog.textContent()).toContain(`nonce ${nonce}`);
    // Meanwhile another wallet with the same key uses that nonce: what main would sign is no longer what is shown.
    await client.sendTransaction({ account: privateKeyToAccount(trader.privateKey), to: trader.address, value: 0n, chain: client.chain });
    await dialog.getByRole('button', { name: 'Sign and send' }).click();
    await dialog.getByTestId('tx-changed').waitFor();
    await expect.poll(() => dialog.textContent()).toContain(`nonce ${nonce + 1}`);
    await app.screenshot('wallet-preview-changed');
    await dialog.getByRole('button', { name: 'Sign and send' }).click();
    await expect.poll(() => page.getByTestId('wallet-last-tx').textContent()).toMatch(/Wrap 0\.4 ETH into WETH: confirmed/);
    expect(await client.getTransactionCount({ address: trader.address })).toBe(nonce + 2);
  });

  it('with the node unreachable, balances keep their last values with their age and name the node, and come back with it', async () => {
    const { trader } = TEST_ACCOUNTS;
    const page = await open(trader.privateKey);
    const proxy = await startNodeProxy(sandbox.chain!.rpcUrls[1]!);
    try {
      // The user's own node (in front of the sandbox's), set in Settings.
      const set = await app.services.router.handle('settings.setRpcUrl', { chainId: 1, url: proxy.url });
      expect(set.ok).toBe(true);
      const native = page.getByTestId('wallet-native');
      // A balance after gas has more decimals than are shown: marked ≈ (main/common/format).
      await expect.poll(() => native.textContent()).toMatch(/ETH: ≈?[\d,.]+/);
      const shown = await native.textContent();
      proxy.mode({ kind: 'busy', retryAfter: '1000000000' });
      const host = new URL(proxy.url).host.replaceAll('.', '\\.');
      await expect
        .poll(() => page.getByTestId('wallet-error').textContent())
        .toMatch(new RegExp(`Ethereum node at ${host}.*unavailable now.*last known, from block \\d+, \\d+ seconds? ago`));
      expect(await native.textContent()).toBe(shown);
      expect(await page.getByText('internal error').count()).toBe(0);
      await page.getByTestId('wallet-error').scrollIntoViewIfNeeded();
      await app.screenshot('wallet-node-unreachable');
      proxy.mode({ kind: 'pass' });
      await expect.poll(() => page.getByTestId('wallet-error').count()).toBe(0);
    } finally {
      await proxy.close();
    }
  });

  it('a pasted address on no list is read from the chain and imported only after the warning', async () => {
    const page = await open(TEST_ACCOUNTS.trader.privateKey);
    const picker = page.getByRole('combobox', { name: 'Buy token' });
    await picker.fill(UNLISTED_TOKEN.address);
    await page.getByRole('button', { name: 'Read this token from the chain' }).click();
    const warning = page.getByRole('group', { name: 'Unknown token' });
    await expect.poll(() => warning.textContent()).toMatch(/Unknown token: Mystery Token \(MYST\), 9 decimals\..*on no token list/);
    await app.screenshot('trade-unknown-token');
    await warning.getByRole('button', { name: 'Import MYST' }).click();
    await expect.poll(() => page.getByTestId('buy-token-current').textContent()).toContain('MYST');
    // Imported: found by its symbol from now on, with the decimals the chain gave (no decimals field to type).
    await picker.fill('myst');
    await expect.poll(() => page.getByTestId('token-option').first().textContent()).toContain('Mystery Token');
    expect(await page.getByLabel('Buy token decimals').count()).toBe(0);
  });
});
