import { parseEther } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ACCOUNTS } from '../../sandbox';
import { startNodeProxy, type NodeProxy } from './node-proxy';
import { newIntentId, startWalletKit, type WalletKit } from './wallet-kit';

/**
 * The block watch reads a chain at the shipped pending pace (1 s) while a
 * transaction of ours waits for its block there. The regular pace here is a
 * minute, far beyond the waits below: a transaction the app confirmed in time
 * was seen at the pending pace. Mainnet's and Gnosis Chain's nodes are behind
 * proxies that count the block-number calls each gets.
 */
describe('the block watch while a transaction is pending', () => {
  let kit: WalletKit;
  let mainnet: NodeProxy;
  let gnosis: NodeProxy;
  const { trader } = TEST_ACCOUNTS;
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  const blockReads = (proxy: NodeProxy) => proxy.seen.filter((method) => method === 'eth_blockNumber').length;
  const wrap = () => ({ intentId: newIntentId(), kind: 'wrap' as const, account: trader.address, chainId: 1, amount: parseEther('0.1').toString() });
  beforeAll(async () => {
    kit = await startWalletKit({ walletTiming: { blockPollMs: 60_000 } });
    mainnet = await startNodeProxy(kit.chain.rpcUrls[1]!);
    gnosis = await startNodeProxy(kit.chain.rpcUrls[100]!);
    await kit.call('settings.setRpcUrl', { chainId: 1, url: mainnet.url });
    await kit.call('settings.setRpcUrl', { chainId: 100, url: gnosis.url });
    await kit.importKey(trader.privateKey, 'Trader');
  }, 120_000);
  afterAll(async () => {
    await kit?.stop();
    await mainnet?.close();
    await gnosis?.close();
  });

  it('shows a sent transaction confirmed once its block comes, without waiting for the regular round', async () => {
    const intent = wrap();
    const sent = await kit.send(intent);
    const receipt = await kit.chain.client(1).getTransactionReceipt({ hash: sent.hash });
    const { record } = await kit.settledByApp(intent.intentId, 15_000);
    expect(record).toMatchObject({ status: 'confirmed', hash: sent.hash, blockNumber: Number(receipt.blockNumber) });
  });

  it('reads only the pending chain at that pace: another chain waits for its regular round', async () => {
    const client = kit.chain.client(1);
    await client.setAutomine(false);
    try {
      const intent = wrap();
      await kit.send(intent);
      const [mainnetBefore, gnosisBefore] = [blockReads(mainnet), blockReads(gnosis)];
      // Three rounds at the pending pace while the transaction waits for its block.
      while (blockReads(mainnet) < mainnetBefore + 3) await pause(50);
      await client.mine({ blocks: 1 });
      expect((await kit.settledByApp(intent.intentId, 15_000)).record.status).toBe('confirmed');
      // Read at most once since (its first read, if the first test's rounds had not made it): not due again within a minute.
      expect(blockReads(gnosis) - gnosisBefore).toBeLessThanOrEqual(1);
    } finally {
      await client.setAutomine(true);
    }
  });

  it('after a restart, a transaction still pending in the journal sets the pace from the start', async () => {
    const client = kit.chain.client(1);
    await client.setAutomine(false);
    try {
      const intent = wrap();
      await kit.send(intent);
      const from = mainnet.seen.length;
      await kit.restart();
      // The start's reconcile has read the transaction as still pending (its last read, the transaction itself): only a
      // round of the block watch can see the block mined after that.
      while (!mainnet.seen.slice(from).includes('eth_getTransactionByHash')) await pause(50);
      await client.mine({ blocks: 1 });
      expect((await kit.settledByApp(intent.intentId, 15_000)).record.status).toBe('confirmed');
    } finally {
      await client.setAutomine(true);
    }
  });
});
