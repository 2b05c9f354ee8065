import { join } from 'node:path';
import { createPublicClient, custom, encodeFunctionData, erc20Abi, keccak256, parseEther, parseGwei, parseUnits, type EIP1193RequestFn, type Hex, type PublicClient } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JournalReconciler } from '../../../main/core/wallet/tx-reconcile';
import { TxJournal } from '../../../main/core/wallet/tx-journal';
import type { ChainClients } from '../../../main/core/wallet/chain-clients';
import { openStore, type Store } from '../../../main/core/store/open-store';
import { startSandbox, TEST_ACCOUNTS, type Sandbox } from '../../sandbox';
import { recordingLogger } from '../../helpers/recording-logger';
import { makeTempDir } from '../../helpers/temp-dir';
import { USDC } from '../sandbox/sandbox-kit';

const { unfunded } = TEST_ACCOUNTS;

/**
 * A click the node refused (no gas) is marked failed by the send, while a
 * reconciling pass that read the row a moment earlier, still "signed", waits on
 * the node. Then the account is funded. The pass must not hand the failed
 * bytes to the node: the user was told the click failed and may click again,
 * and the two clicks would both be mined (CI beside two CPU hogs: the wallet
 * clicks test saw nonce 2 for three clicks of which two were told "failed").
 */
describe('a reconciling pass and a send that settles the same row meanwhile', () => {
  let sandbox: Sandbox;
  let store: Store;
  const dir = makeTempDir('cow-desk-reconcile-race-');
  beforeAll(async () => {
    sandbox = await startSandbox({ now: Math.floor(Date.now() / 1000), chain: true });
    store = openStore(join(dir.path, 'cow-desk.sqlite'));
  }, 120_000);
  afterAll(async () => {
    store?.close();
    await sandbox?.close();
    dir.remove();
  });

  it('leaves a row the send marked failed meanwhile unsent, even once the account could pay for it', async () => {
    const chain = sandbox.chain!.client(1);
    // The real node, with one method held on request: the pass's read of whether the node knows the transaction.
    let held: (() => void) | null = null;
    let holding = false;
    let client!: PublicClient;
    const reachedHold = new Promise<void>((resolve) => {
      const request: EIP1193RequestFn = async (args) => {
        if (holding && args.method === 'eth_getTransactionByHash') {
          holding = false;
          resolve();
          await new Promise<void>((release) => (held = release));
        }
        return chain.request(args as never);
      };
      client = createPublicClient({ transport: custom({ request }) }) as PublicClient;
    });
    const journal = new TxJournal(store.db);
    const clients = { get: () => client, nodeName: () => 'the sandbox node' } as unknown as ChainClients;
    const reconciler = new JournalReconciler({ clients, journal, changed: () => undefined, log: recordingLogger() });

    const account = privateKeyToAccount(unfunded.privateKey);
    const raw = await account.signTransaction({
      type: 'eip1559', chainId: 1, nonce: 0, to: USDC, gas: 80_000n, maxFeePerGas: parseGwei('50'), maxPriorityFeePerGas: parseGwei('1'),
      data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [account.address, parseUnits('5', 6)] }),
    });
    const hash = keccak256(raw) as Hex;
    const intent = { intentId: 'click-refused-0001', kind: 'approve' as const, account: account.address, chainId: 1, token: USDC, amount: '5000000' };
    journal.insert({ hash, intent, nonce: 0, raw, summary: 'Approve 5 USDC' });

    holding = true;
    const pass = reconciler.reconcile();
    await reachedHold;
    // Meanwhile the send's own broadcast was refused for good, and the user funds the account.
    journal.setStatus(hash, 'failed', { error: 'The node refused the transaction: insufficient funds.' });
    await chain.setBalance({ address: account.address, value: parseEther('1') });
    held!();
    await pass;

    expect(journal.get(hash)?.status).toBe('failed');
    expect(await chain.getTransactionCount({ address: account.address, blockTag: 'pending' })).toBe(0);
  });
});
