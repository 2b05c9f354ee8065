import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { erc20Abi, getAddress, keccak256, maxUint256, parseAbi, parseEther, parseUnits, type Address, type Hex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderDraft } from '../../../main/common/ipc/commands/signing';
import { appDataFor } from '../../../main/common/trade/app-data-doc';
import { marketOrderAmounts } from '../../../main/common/trade/order-math';
import { chainTruth, settleAndCheckChain } from '../../helpers/chain-truth';
import { TEST_ACCOUNTS } from '../../sandbox';
import { USDC, WETH } from '../sandbox/sandbox-kit';
import { newIntentId, startWalletKit, type WalletKit } from './wallet-kit';

/** Production addresses, written here independently of the app's protocol tables. */
const SETTLEMENT = getAddress('0x9008D19f58AAbD9eD0D60971565AA8510560ab41');
const VAULT_RELAYER = getAddress('0xC92E8bdf79f0507f65a392b0ab4667716BFE0110');
const SETTLEMENT_READS = parseAbi(['function preSignature(bytes) view returns (uint256)', 'function filledAmount(bytes) view returns (uint256)']);
/** keccak256("GPv2Signing.Scheme.PreSign"): what setPreSignature(uid, true) stores. */
const PRE_SIGNED = BigInt(keccak256(new TextEncoder().encode('GPv2Signing.Scheme.PreSign')));

describe('wallet on the sandbox chains: reads and journalled transactions through the IPC router', () => {
  let kit: WalletKit;
  const { noAllowance, trader } = TEST_ACCOUNTS;
  beforeAll(async () => {
    kit = await startWalletKit();
    await kit.importKey(noAllowance.privateKey, 'Fresh trader');
    await kit.importKey(trader.privateKey, 'Trader');
    // History syncs read mainnet only: these tests trade there.
    await kit.call('settings.update', { enabledChains: [1] });
  }, 120_000);
  afterAll(() => kit?.stop());

  const chainRead = () => kit.chain.client(1);
  const allowanceOnChain = (owner: Address, token: Address) =>
    chainRead().readContract({ address: token, abi: erc20Abi, functionName: 'allowance', args: [owner, VAULT_RELAYER] });

  async function presignDraft(account: Address, signingScheme: OrderDraft['signingScheme'] = 'presign', validFor = 1800): Promise<OrderDraft> {
    const { fullAppData } = appDataFor({ environment: 'production', orderClass: 'market', slippageBips: 50 });
    const base = { account, chainId: 1, sellToken: WETH, buyToken: USDC, receiver: null, partiallyFillable: false, fullAppData, signingScheme };
    const quote = await kit.call('trade.quote', { ...base, kind: 'sell', amount: parseEther('1').toString(), validFor: 1800 });
    const amounts = marketOrderAmounts({ kind: 'sell', sellAmount: BigInt(quote.sellAmount), buyAmount: BigInt(quote.buyAmount), feeAmount: BigInt(quote.feeAmount) }, 50);
    return { ...base, kind: 'sell', sellAmount: amounts.sellAmount.toString(), buyAmount: amounts.buyAmount.toString(), validTo: Math.floor(Date.now() / 1000) + validFor };
  }

  it('reads native balance, token balances and vault-relayer allowances in one round trip', async () => {
    const balances = await kit.call('wallet.balances', { account: noAllowance.address, chainId: 1, tokens: [USDC, WETH] });
    expect(balances.spender).toBe(VAULT_RELAYER);
    expect(BigInt(balances.native)).toBe(await chainRead().getBalance({ address: noAllowance.address }));
    const usdc = balances.tokens.find((token) => token.token === USDC)!;
    expect(usdc.symbol).toBe('USDC');
    expect(BigInt(usdc.balance)).toBe(parseUnits('1000', 6));
    expect(usdc.allowance).toBe('0');
  });

  it('approves the exact amount from the keychain signer: decoded preview, mined, allowance read back', async () => {
    const intent = { intentId: newIntentId(), kind: 'approve' as const, account: noAllowance.address, chainId: 1, token: USDC, amount: parseUnits('25', 6).toString() };
    const preview = await kit.call('wallet.preview', intent);
    expect(preview.summary).toBe('Approve 25 USDC to the CoW Protocol vault relayer');
    expect(preview).toMatchObject({ to: USDC, toName: 'USDC token', functionName: 'approve', from: noAllowance.address, chainId: 1, value: '0' });
    expect(preview.args).toEqual([
      { name: 'spender', value: `the CoW Protocol vault relayer (${VAULT_RELAYER})` },
      { name: 'amount', value: '25 USDC' },
    ]);
    expect(BigInt(preview.maxFee)).toBe(BigInt(preview.gasLimit) * BigInt(preview.maxFeePerGas));
    expect(preview.maxFeeDisplay).toMatch(/ ETH$/);
    expect(preview.nonce).toBe(await kit.nonce(noAllowance.address));

    const sent = await kit.call('wallet.send', { intent, expectedDigest: preview.digest });
    expect(sent.status).toBe('broadcast');
    expect(sent.explorerUrl).toBe(`https://etherscan.io/tx/${sent.hash}`);
    const receipt = await chainRead().getTransactionReceipt({ hash: sent.hash });
    expect(receipt.status).toBe('success');
    expect(await kit.settled(intent.intentId)).toMatchObject({ status: 'confirmed', blockNumber: Number(receipt.blockNumber) });
    expect(await allowanceOnChain(noAllowance.address, USDC)).toBe(parseUnits('25', 6));
    const readBack = await kit.call('wallet.balances', { account: noAllowance.address, chainId: 1, tokens: [USDC] });
    expect(readBack.tokens[0]!.allowance).toBe(parseUnits('25', 6).toString());
    expect(kit.transactionEvents.filter((event) => event.intentId === intent.intentId).map((event) => event.status)).toEqual(['broadcast', 'confirmed']);
  });

  it('one click sends one transaction: a repeated send of the same intent answers the journalled one', async () => {
    const before = await kit.nonce(noAllowance.address);
    const intent = { intentId: newIntentId(), kind: 'approve' as const, account: noAllowance.address, chainId: 1, token: WETH, amount: 'unlimited' as const };
    // The dialog's "Sign and send" pressed twice, and once more later: the one preview's digest each time.
    const click = await kit.confirm(intent);
    const [first, second] = await Promise.all([kit.call('wallet.send', click), kit.call('wallet.send', click)]);
    expect(second.hash).toBe(first.hash);
    expect(await kit.call('wallet.send', click)).toMatchObject({ hash: first.hash });
    expect(await kit.nonce(noAllowance.address)).toBe(before + 1);
    expect(await allowanceOnChain(noAllowance.address, WETH)).toBe(maxUint256);
    expect(first.summary).toBe('Approve unlimited WETH to the CoW Protocol vault relayer');
  });

  it('wrap and unwrap change the chain balances by the amounts shown, less the gas paid', async () => {
    const read = async () => kit.call('wallet.balances', { account: trader.address, chainId: 1, tokens: [WETH] });
    for (const [kind, amount, wethDelta] of [
      ['wrap', parseEther('1.5'), parseEther('1.5')],
      ['unwrap', parseEther('0.25'), -parseEther('0.25')],
    ] as const) {
      const before = await read();
      const intent = { intentId: newIntentId(), kind, account: trader.address, chainId: 1, amount: amount.toString() };
      const preview = await kit.call('wallet.preview', intent);
      expect(preview.summary).toBe(kind === 'wrap' ? 'Wrap 1.5 ETH into WETH' : 'Unwrap 0.25 WETH into ETH');
      expect(preview.valueDisplay).toBe(kind === 'wrap' ? '1.5 ETH' : '0 ETH');
      const sent = await kit.call('wallet.send', { intent, expectedDigest: preview.digest });
      const receipt = await chainRead().getTransactionReceipt({ hash: sent.hash });
      const gasPaid = receipt.gasUsed * receipt.effectiveGasPrice;
      expect(gasPaid).toBeLessThanOrEqual(BigInt(preview.maxFee));
      const after = await read();
      expect(BigInt(after.tokens[0]!.balance) - BigInt(before.tokens[0]!.balance)).toBe(wethDelta);
      expect(BigInt(after.native) - BigInt(before.native)).toBe(-wethDelta - gasPaid);
    }
  });

  it('pre-signs a submitted presign order with setPreSignature, then cancels it on chain with invalidateOrder', async () => {
    const draft = await presignDraft(trader.address);
    const signed = await kit.signOrder(draft);
    const submitted = await kit.call('trade.submit', { draft, signed, quoteId: null });
    const uid = submitted.order.uid as Hex;
    expect(submitted.order.status).toBe('presignaturePending');

    const presign = { intentId: newIntentId(), kind: 'presign' as const, account: trader.address, chainId: 1, orderUid: uid };
    const preview = await kit.call('wallet.preview', presign);
    expect(preview).toMatchObject({ to: SETTLEMENT, toName: 'CoW Protocol settlement', functionName: 'setPreSignature' });
    expect(preview.args).toEqual([
      { name: 'orderUid', value: uid },
      { name: 'signed', value: 'true' },
    ]);
    await kit.call('wallet.send', { intent: presign, expectedDigest: preview.digest });
    expect(await kit.settled(presign.intentId)).toMatchObject({ status: 'confirmed' });
    expect(await chainRead().readContract({ address: SETTLEMENT, abi: SETTLEMENT_READS, functionName: 'preSignature', args: [uid] })).toBe(PRE_SIGNED);

    const cancel = { intentId: newIntentId(), kind: 'invalidate' as const, account: trader.address, chainId: 1, orderUid: uid };
    expect((await kit.call('wallet.preview', cancel)).summary).toBe(`Cancel order ${uid.slice(0, 10)}…${uid.slice(-8)} on chain (invalidateOrder)`);
    await kit.send(cancel);
    expect(await kit.settled(cancel.intentId)).toMatchObject({ status: 'confirmed' });
    expect(await chainRead().readContract({ address: SETTLEMENT, abi: SETTLEMENT_READS, functionName: 'filledAmount', args: [uid] })).toBe(maxUint256);
    // The orderbook sees the invalidation on chain; the next history sync shows it cancelled.
    await kit.sandbox.onChain!.sync();
    await kit.call('history.syncNow', undefined);
    expect((await kit.call('history.query', {})).rows.find((row) => row.uid === uid)?.status).toBe('cancelled');
  });

  it('a presign order goes presignaturePending, open after the app\'s setPreSignature, then filled by GPv2Settlement', async () => {
    const draft = await presignDraft(trader.address, 'presign', 1650);
    const signed = await kit.signOrder(draft);
    const uid = (await kit.call('trade.submit', { draft, signed, quoteId: null })).order.uid as Hex;
    const status = async () => {
      await kit.call('history.syncNow', undefined);
      return (await kit.call('history.query', {})).rows.find((row) => row.uid === uid)?.status;
    };
    expect(await status()).toBe('presignaturePending');
    expect((await settleAndCheckChain(kit.sandbox)).fills.map((fill) => fill.uid)).not.toContain(uid);

    const presign = { intentId: newIntentId(), kind: 'presign' as const, account: trader.address, chainId: 1, orderUid: uid };
    await kit.send(presign);
    expect(await kit.settled(presign.intentId)).toMatchObject({ status: 'confirmed' });
    await kit.sandbox.onChain!.sync();
    expect(await status()).toBe('open');

    await settleAndCheckChain(kit.sandbox);
    const [trade] = await chainTruth(kit.sandbox).trades(uid);
    expect(trade?.args).toMatchObject({ owner: trader.address, sellAmount: BigInt(draft.sellAmount) });
    expect(await status()).toBe('fulfilled');
  });

  it('a batch cancel of two signed orders and one presign order cancels all three: two off-chain, one on chain', async () => {
    const uids: Hex[] = [];
    for (const [scheme, validFor] of [['eip712', 1700], ['ethsign', 1750], ['presign', 1800]] as const) {
      const draft = await presignDraft(trader.address, scheme, validFor);
      const signed = await kit.signOrder(draft);
      uids.push((await kit.call('trade.submit', { draft, signed, quoteId: null })).order.uid as Hex);
    }
    const result = await kit.call('trade.cancel', { orderUids: uids });
    expect(result.skipped).toEqual([]);
    expect(result.cancelled.sort()).toEqual(uids.slice(0, 2).sort());
    expect(result.onChain.map((entry) => entry.uid)).toEqual([uids[2]]);
    // Nothing is sent on chain without the user: the answer says which key can send it, and the wallet's dialog does.
    const [onChain] = result.onChain;
    expect(onChain?.sendFrom).toEqual({ account: trader.address, chainId: 1 });
    expect(await chainRead().readContract({ address: SETTLEMENT, abi: SETTLEMENT_READS, functionName: 'filledAmount', args: [uids[2]!] })).toBe(0n);
    const invalidate = { intentId: newIntentId(), kind: 'invalidate' as const, account: onChain!.sendFrom!.account, chainId: onChain!.sendFrom!.chainId, orderUid: uids[2]! };
    expect((await kit.call('wallet.preview', invalidate)).functionName).toBe('invalidateOrder');
    await kit.send(invalidate);
    expect(await kit.settled(invalidate.intentId)).toMatchObject({ status: 'confirmed' });
    expect(await chainRead().readContract({ address: SETTLEMENT, abi: SETTLEMENT_READS, functionName: 'filledAmount', args: [uids[2]!] })).toBe(maxUint256);
    for (const uid of uids.slice(0, 2)) expect((kit.sandbox.orders.get(uid) as { status: string }).status).toBe('cancelled');
  });

  it("refuses on-chain actions on someone else's order and from watch-only accounts, before signing anything", async () => {
    const draft = await presignDraft(trader.address);
    const signed = await kit.signOrder(draft);
    const before = await kit.nonce(noAllowance.address);
    const notOwner = await kit.failure(
      kit.send({ intentId: newIntentId(), kind: 'invalidate', account: noAllowance.address, chainId: 1, orderUid: signed.uid }),
    );
    expect(notOwner.code).toBe('NOT_ORDER_OWNER');
    expect(await kit.nonce(noAllowance.address)).toBe(before);

    const watched = TEST_ACCOUNTS.trader2.address;
    await kit.call('accounts.addWatchOnly', { label: 'Watched', address: watched });
    expect((await kit.call('wallet.balances', { account: watched, chainId: 1, tokens: [USDC] })).tokens[0]!.balance).toBe(parseUnits('1000', 6).toString());
    const watchOnly = await kit.failure(kit.call('wallet.preview', { intentId: newIntentId(), kind: 'wrap', account: watched, chainId: 1, amount: '1' }));
    expect(watchOnly.code).toBe('WATCH_ONLY');
  });

  it('a speed-up replaces a pending transaction explicitly, with the same nonce and a higher fee', async () => {
    const client = kit.chain.client(1);
    await client.setAutomine(false);
    try {
      const intent = { intentId: newIntentId(), kind: 'wrap' as const, account: trader.address, chainId: 1, amount: parseEther('0.1').toString() };
      const original = await kit.send(intent);
      const pending = await client.getTransaction({ hash: original.hash });
      // Nothing is replaced without the preview the user confirmed, and a stale one is shown anew.
      const unconfirmed = await kit.failure(kit.call('wallet.replace', { intentId: intent.intentId, mode: 'speedUp' } as never));
      expect(unconfirmed.message).toMatch(/the digest of the preview you confirmed is required/);
      const preview = await kit.call('wallet.previewReplace', { intentId: intent.intentId, mode: 'speedUp' });
      expect(preview).toMatchObject({ summary: 'Speed up: Wrap 0.1 ETH into WETH', nonce: original.nonce });
      const stale = await kit.services.router.handle('wallet.replace', { intentId: intent.intentId, mode: 'speedUp', expectedDigest: `0x${'11'.repeat(32)}` });
      expect(stale.ok ? null : { code: stale.error.code, digest: (stale.error.details?.preview as { digest?: string } | undefined)?.digest }).toEqual({ code: 'PREVIEW_MISMATCH', digest: preview.digest });
      expect((await kit.call('wallet.transactions', { account: trader.address })).filter((row) => row.intentId === intent.intentId)).toHaveLength(1);
      const faster = await kit.call('wallet.replace', { intentId: intent.intentId, mode: 'speedUp', expectedDigest: preview.digest });
      expect(faster.nonce).toBe(original.nonce);
      expect(faster.hash).not.toBe(original.hash);
      const replacement = await client.getTransaction({ hash: faster.hash });
      expect(replacement.maxFeePerGas! > pending.maxFeePerGas!).toBe(true);
      expect(replacement.maxPriorityFeePerGas! > pending.maxPriorityFeePerGas!).toBe(true);
      // What was sent is what the user saw: the fees and the most it can cost.
      expect(replacement.maxFeePerGas!.toString()).toBe(preview.maxFeePerGas);
      expect((replacement.gas * replacement.maxFeePerGas!).toString()).toBe(preview.maxFee);
      await client.mine({ blocks: 1 });
      expect(await kit.settled(intent.intentId)).toMatchObject({ hash: faster.hash, status: 'confirmed' });
      const rows = (await kit.call('wallet.transactions', { account: trader.address })).filter((row) => row.intentId === intent.intentId);
      expect(rows.map((row) => row.status).sort()).toEqual(['confirmed', 'replaced']);
    } finally {
      await client.setAutomine(true);
    }
  });

  it('a speed-up confirmed after a block moved the fees signs the fees the user saw', async () => {
    const client = kit.chain.client(1);
    await client.setAutomine(false);
    try {
      const intent = { intentId: newIntentId(), kind: 'wrap' as const, account: trader.address, chainId: 1, amount: parseEther('0.05').toString() };
      const original = await kit.send(intent);
      const preview = await kit.call('wallet.previewReplace', { intentId: intent.intentId, mode: 'speedUp' });
      const cancel = await kit.call('wallet.previewReplace', { intentId: intent.intentId, mode: 'cancel' });
      // While the user reads the question, a block with a far higher base fee: neither transaction fits in it.
      await client.setNextBlockBaseFeePerGas({ baseFeePerGas: BigInt(preview.maxFeePerGas) * 4n });
      await client.mine({ blocks: 1 });
      const { baseFeePerGas } = await client.getBlock({ blockTag: 'latest' });
      expect(baseFeePerGas!).toBeGreaterThan(BigInt(preview.maxFeePerGas));
      expect((await client.getTransaction({ hash: original.hash })).blockNumber).toBeNull();
      // The user confirms the question they read: that replacement is signed, not today's.
      const faster = await kit.call('wallet.replace', { intentId: intent.intentId, mode: 'speedUp', expectedDigest: preview.digest });
      expect(faster.nonce).toBe(original.nonce);
      const sent = await client.getTransaction({ hash: faster.hash });
      expect({ maxFeePerGas: sent.maxFeePerGas!.toString(), maxPriorityFeePerGas: sent.maxPriorityFeePerGas!.toString() }).toEqual({
        maxFeePerGas: preview.maxFeePerGas,
        maxPriorityFeePerGas: preview.maxPriorityFeePerGas,
      });
      // The cancel shown before the speed up was of the transaction it replaced: confirming it now signs nothing.
      const oldCancel = await kit.services.router.handle('wallet.replace', { intentId: intent.intentId, mode: 'cancel', expectedDigest: cancel.digest });
      expect(oldCancel.ok ? null : oldCancel.error.code).toBe('PREVIEW_MISMATCH');
      await client.setNextBlockBaseFeePerGas({ baseFeePerGas: 1n });
      await client.mine({ blocks: 1 });
      expect(await kit.settled(intent.intentId)).toMatchObject({ hash: faster.hash, status: 'confirmed' });
    } finally {
      await client.setAutomine(true);
    }
  });
});

describe('wallet without a JSON-RPC URL for the chain', () => {
  let kit: WalletKit;
  beforeAll(async () => {
    kit = await startWalletKit({ rpc: false });
    await kit.importKey(TEST_ACCOUNTS.trader.privateKey);
  }, 120_000);
  afterAll(() => kit?.stop());

  it('disables on-chain actions with the reason at once, while quotes and history still work', async () => {
    const access = await kit.call('wallet.access', { chainId: 1 });
    expect(access.available).toBe(false);
    expect(access.reason).toMatch(/No JSON-RPC URL is set for Ethereum.*Settings/);
    const account = TEST_ACCOUNTS.trader.address;
    for (const attempt of [
      kit.call('wallet.balances', { account, chainId: 1, tokens: [USDC] }),
      kit.call('wallet.preview', { intentId: newIntentId(), kind: 'wrap', account, chainId: 1, amount: '1' }),
      // A send, as if a preview had been shown: refused for the chain before any digest is compared.
      kit.call('wallet.send', { intent: { intentId: newIntentId(), kind: 'approve', account, chainId: 1, token: USDC, amount: '1' }, expectedDigest: keccak256('0x') }),
    ]) {
      const error = await kit.failure(attempt);
      expect(error.code).toBe('RPC_NOT_CONFIGURED');
      expect(error.message).toMatch(/Settings/);
    }
    const { fullAppData } = appDataFor({ environment: 'production', orderClass: 'market', slippageBips: 50 });
    const quote = await kit.call('trade.quote', {
      account, chainId: 1, sellToken: WETH, buyToken: USDC, kind: 'sell', amount: parseEther('1').toString(), validFor: 1800, partiallyFillable: false, fullAppData, signingScheme: 'eip712', receiver: null,
    });
    expect(BigInt(quote.buyAmount)).toBeGreaterThan(0n);
    const [uid] = kit.sandbox.orders.seed(1, account, 1);
    const [found] = await kit.call('history.lookup', { chainId: 1, inputs: [uid!] });
    expect(found!.state).toBe('found');
  });
});

describe('wallet while the price service never answers', () => {
  let kit: WalletKit;
  let silent: Server;
  const held: Socket[] = [];
  beforeAll(async () => {
    // Accepts connections and never writes a byte: the USD price of the fee never comes.
    silent = createServer((socket) => void held.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    kit = await startWalletKit({ tokenServiceUrl: `http://127.0.0.1:${(silent.address() as AddressInfo).port}` });
    await kit.importKey(TEST_ACCOUNTS.trader.privateKey);
  }, 120_000);
  afterAll(() => {
    kit?.stop();
    for (const socket of held) socket.destroy();
    silent?.close();
  });

  // The fee's USD value is a decoration: the preview and the send go on without it
  // (PRICE_DECORATION_MS) instead of waiting out the price service's retries.
  it('previews and sends a wrap without the fee in USD', { timeout: 8_000 }, async () => {
    const intent = { intentId: newIntentId(), kind: 'wrap' as const, account: TEST_ACCOUNTS.trader.address, chainId: 1, amount: parseEther('0.01').toString() };
    const preview = await kit.call('wallet.preview', intent);
    expect(preview.maxFeeUsd).toBeNull();
    expect(preview.maxFeeDisplay).toMatch(/ ETH$/);
    const sent = await kit.call('wallet.send', { intent, expectedDigest: preview.digest });
    expect(await kit.settled(intent.intentId)).toMatchObject({ hash: sent.hash, status: 'confirmed' });
  });
});
