import { parseEther } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ACCOUNTS } from '../../sandbox';
import { newIntentId, startWalletKit, type WalletKit } from './wallet-kit';

/**
 * The block watch reads blocks at the shipped pending pace (1 s) while a
 * transaction of ours waits for its block. The regular pace here is a minute,
 * far beyond the wait below: a transaction the app confirmed in time was seen
 * at the pending pace, armed by its send, not by the regular round.
 */
describe('the block watch while a transaction is pending', () => {
  let kit: WalletKit;
  const { trader } = TEST_ACCOUNTS;
  beforeAll(async () => {
    kit = await startWalletKit({ walletTiming: { blockPollMs: 60_000 } });
    await kit.importKey(trader.privateKey, 'Trader');
  }, 120_000);
  afterAll(() => kit?.stop());

  it('shows a sent transaction confirmed once its block comes, without waiting for the regular round', async () => {
    const intent = { intentId: newIntentId(), kind: 'wrap' as const, account: trader.address, chainId: 1, amount: parseEther('0.1').toString() };
    const sent = await kit.send(intent);
    const receipt = await kit.chain.client(1).getTransactionReceipt({ hash: sent.hash });
    const { record } = await kit.settledByApp(intent.intentId, 15_000);
    expect(record).toMatchObject({ status: 'confirmed', hash: sent.hash, blockNumber: Number(receipt.blockNumber) });
  });
});
