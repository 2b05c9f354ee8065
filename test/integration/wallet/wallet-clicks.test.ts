import { erc20Abi, parseEther, parseUnits, type Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TxIntentInput } from '../../../main/common/ipc/commands/wallet';
import { TEST_ACCOUNTS } from '../../sandbox';
import { USDC, WETH } from '../sandbox/sandbox-kit';
import { newIntentId, startWalletKit, type WalletKit } from './wallet-kit';

const VAULT_RELAYER = '0xC92E8bdf79f0507f65a392b0ab4667716BFE0110' as const;

/**
 * The wallet as it ships (createServices with the desktop's features, nothing
 * switched on for the test): one click is one transaction, keyed on the
 * click's intent id and never on "same kind and amount"; the app's own block
 * watcher settles what is mined; a mined transaction is not replaced.
 */
describe('wallet clicks on the shipped composition', () => {
  let kit: WalletKit;
  const { noAllowance, trader, unfunded } = TEST_ACCOUNTS;
  beforeAll(async () => {
    kit = await startWalletKit();
    await kit.importKey(noAllowance.privateKey, 'Fresh trader');
    await kit.importKey(trader.privateKey, 'Trader');
    await kit.importKey(unfunded.privateKey, 'Empty');
  }, 120_000);
  afterAll(() => kit?.stop());

  const client = () => kit.chain.client(1);
  const approve2Weth = (account: Address): TxIntentInput => ({ intentId: newIntentId(), kind: 'approve', account, chainId: 1, token: WETH, amount: parseEther('2').toString() });
  const rowsOf = async (intentId: string) => (await kit.call('wallet.transactions', {})).filter((row) => row.intentId === intentId);

  it('a mined transaction is settled by the app itself, within one block poll, without anyone reconciling', async () => {
    const intent = { intentId: newIntentId(), kind: 'wrap' as const, account: trader.address, chainId: 1, amount: parseEther('0.1').toString() };
    const sent = await kit.send(intent);
    const receipt = await client().getTransactionReceipt({ hash: sent.hash });
    const minedSeenAt = Date.now();
    const { record, at } = await kit.settledByApp(intent.intentId, 30_000);
    expect(record).toMatchObject({ status: 'confirmed', hash: sent.hash, blockNumber: Number(receipt.blockNumber) });
    // Reported, not asserted: how long after the block was seen the app said confirmed (the kit polls every 250 ms).
    console.info(`confirmed by the app ${at - minedSeenAt} ms after the block`);
  });

  it('approving exactly the same amount again is a new click and is sent, while the earlier one is still pending', async () => {
    await client().setAutomine(false);
    try {
      // Each click's dialog previews its own transaction, the second after the first was sent (its nonce is the next).
      const first = await kit.confirm(approve2Weth(noAllowance.address));
      const sentFirst = await kit.call('wallet.send', first);
      const second = await kit.confirm(approve2Weth(noAllowance.address));
      const sentSecond = await kit.call('wallet.send', second);
      expect(sentSecond.hash).not.toBe(sentFirst.hash);
      expect(sentSecond.nonce).toBe(sentFirst.nonce + 1);
      // The dialog of a third click names the latest still pending, so the user can choose; it is not sent here.
      const preview = await kit.call('wallet.preview', approve2Weth(noAllowance.address));
      expect(preview.pendingSameKind).toMatchObject({ hash: sentSecond.hash, status: 'broadcast', summary: 'Approve 2 WETH to the CoW Protocol vault relayer' });
      // Retrying either click sends nothing new.
      expect((await kit.call('wallet.send', second)).hash).toBe(sentSecond.hash);
      expect((await kit.call('wallet.send', first)).hash).toBe(sentFirst.hash);
      await client().mine({ blocks: 1 });
      expect((await kit.settledByApp(first.intent.intentId, 30_000)).record.status).toBe('confirmed');
      expect((await kit.settledByApp(second.intent.intentId, 30_000)).record.status).toBe('confirmed');
    } finally {
      await client().setAutomine(true);
    }
    expect(await client().readContract({ address: WETH, abi: erc20Abi, functionName: 'allowance', args: [noAllowance.address, VAULT_RELAYER] })).toBe(parseEther('2'));
  });

  it('the same approval once more after the first was mined and confirmed is sent, mined and confirmed', async () => {
    const before = await kit.nonce(noAllowance.address);
    const again = approve2Weth(noAllowance.address);
    expect((await kit.call('wallet.preview', again)).pendingSameKind).toBeNull();
    const sent = await kit.send(again);
    expect((await kit.settledByApp(again.intentId, 30_000)).record).toMatchObject({ status: 'confirmed', hash: sent.hash });
    expect(await kit.nonce(noAllowance.address)).toBe(before + 1);
  });

  it('speed up and cancel of a transaction that is already mined say so in words and send nothing', async () => {
    const intent = { intentId: newIntentId(), kind: 'wrap' as const, account: trader.address, chainId: 1, amount: parseEther('0.2').toString() };
    const sent = await kit.send(intent);
    expect((await client().getTransactionReceipt({ hash: sent.hash })).status).toBe('success');
    const nonce = await kit.nonce(trader.address);
    for (const mode of ['speedUp', 'cancel'] as const) {
      // Refused at the preview the list asks for first, and at the replace itself (mined between the two).
      const previewRefused = await kit.failure(kit.call('wallet.previewReplace', { intentId: intent.intentId, mode }));
      expect(previewRefused.code).toBe('TX_MINED');
      const refused = await kit.failure(kit.call('wallet.replace', { intentId: intent.intentId, mode, expectedDigest: `0x${'11'.repeat(32)}` }));
      expect(refused.code).toBe('TX_MINED');
      expect(refused.message).toMatch(/already mined .*nothing was sent/);
    }
    expect(await rowsOf(intent.intentId)).toEqual([expect.objectContaining({ hash: sent.hash, status: 'confirmed' })]);
    expect(await kit.nonce(trader.address)).toBe(nonce);
  });

  it('a click the node refused can be clicked again: the same bytes go again, never "internal error", and are mined once funded', async () => {
    const intent = (): TxIntentInput => ({ intentId: newIntentId(), kind: 'approve', account: unfunded.address, chainId: 1, token: USDC, amount: parseUnits('5', 6).toString() });
    const first = intent();
    const refused = await kit.send(first);
    expect(refused.status).toBe('failed');
    expect(refused.error).toMatch(/refused the transaction/);
    // A new click signs the very same transaction (same nonce and fees): it is sent again, not a UNIQUE error.
    const second = intent();
    const refusedAgain = await kit.send(second);
    expect(refusedAgain).toMatchObject({ status: 'failed', hash: refused.hash, intentId: second.intentId });
    await client().setBalance({ address: unfunded.address, value: parseEther('1') });
    const third = intent();
    const sent = await kit.send(third);
    expect(sent.status).toBe('broadcast');
    expect((await kit.settledByApp(third.intentId, 30_000)).record.status).toBe('confirmed');
    expect(await kit.nonce(unfunded.address)).toBe(1);
  });
});
