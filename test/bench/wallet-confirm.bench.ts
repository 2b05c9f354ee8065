import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { setTimeout as pace } from 'node:timers/promises';
import { parseEther } from 'viem';
import type { CommandInput, CommandName, CommandOutput } from '../../main/common/ipc/contract';
import type { TxRecord } from '../../main/common/ipc/commands/wallet';
import { composeApp } from '../helpers/compose-app';
import { DEFAULT_WALLET_TIMING } from '../../main/core/wallet/wallet-module';
import { confirmedSend } from '../helpers/confirm';
import { recordingLogger } from '../helpers/recording-logger';
import { makeTempDir } from '../helpers/temp-dir';
import { startSandbox, TEST_ACCOUNTS } from '../sandbox';
import { sandboxTokenListUrls } from '../sandbox/bff/token-lists';
import type { Bench, BenchRow } from './measure';

const RUNS = 8;
/** The app's own block watch (the bench keeps it, as the app ships): 4 s, and 1 s while a transaction is pending. */
const { blockPollMs: BLOCK_POLL_MS, pendingPollMs: PENDING_POLL_MS } = DEFAULT_WALLET_TIMING;
/** A passphrase vault, so the bench needs no keychain (the send path is the same past the signer). */
const PASSPHRASE = 'bench passphrase, not a secret';

/**
 * Issue 28: "a mined transaction shows confirmed within one block poll (on the
 * sandbox chain, within 4 s of its block)". The app as it ships (createServices,
 * its own block watch: no walletTiming) sends a wrap; the sandbox chain holds
 * it until the bench mines its block, at a different point of the pending
 * pace's cycle each run; the figure is from that block to the app's `wallet.transactionChanged`
 * saying confirmed. The tests only wait for "confirmed" (wallet-clicks.test.ts):
 * how soon is this row.
 */
export const walletConfirmBench: Bench = {
  title: `Wallet: a mined transaction shown confirmed (shipped block watch: ${BLOCK_POLL_MS / 1000} s, ${PENDING_POLL_MS / 1000} s while a transaction is pending)`,
  async run(): Promise<BenchRow[]> {
    const sandbox = await startSandbox({ now: Math.floor(Date.now() / 1000), chain: true });
    const dir = makeTempDir('cow-desk-bench-wallet-');
    const services = composeApp({
      userDataDir: dir.path,
      appVersion: '0.1.0',
      log: recordingLogger(),
      defaultEndpoints: { production: { orderbook: sandbox.orderbookUrl, tokenService: sandbox.bffUrl } },
      tokenListUrls: sandboxTokenListUrls(sandbox.bffUrl),
      defaultRpcUrls: sandbox.chain!.rpcUrls,
    });
    const call = async <C extends CommandName>(command: C, input: CommandInput<C>): Promise<CommandOutput<C>> => {
      const answer = await services.router.handle(command, input);
      if (!answer.ok) throw new Error(`${command}: ${answer.error.code} ${answer.error.message}`);
      return answer.value as CommandOutput<C>;
    };
    const confirmedAt = new Map<string, number>();
    services.events.subscribe((event, payload) => {
      const record = payload as TxRecord;
      if (event === 'wallet.transactionChanged' && record.status === 'confirmed') confirmedAt.set(record.intentId, performance.now());
    });
    const client = sandbox.chain!.client(1);
    const { trader } = TEST_ACCOUNTS;
    const samples: number[] = [];
    try {
      await call('accounts.importKey', { label: 'Bench', privateKey: trader.privateKey, vault: 'passphrase', passphrase: PASSPHRASE });
      await client.setAutomine(false);
      for (let run = 0; run < RUNS; run += 1) {
        const intent = { intentId: randomUUID(), kind: 'wrap' as const, account: trader.address, chainId: 1, amount: parseEther('0.001').toString() };
        await call('wallet.send', await confirmedSend(call, intent, PASSPHRASE));
        // Each run's block lands at another point of the poll's cycle.
        await pace(Math.round((run * PENDING_POLL_MS) / RUNS));
        const minedAt = performance.now();
        await client.mine({ blocks: 1 });
        while (!confirmedAt.has(intent.intentId)) {
          if (performance.now() - minedAt > 10 * BLOCK_POLL_MS) throw new Error(`run ${run}: not shown confirmed ${10 * BLOCK_POLL_MS} ms after its block`);
          await pace(10);
        }
        samples.push(confirmedAt.get(intent.intentId)! - minedAt);
      }
    } finally {
      await client.setAutomine(true).catch(() => undefined);
      await services.close();
      await sandbox.close();
      dir.remove();
    }
    const sorted = [...samples].sort((a, b) => a - b);
    return [
      { name: `block to "confirmed" in the app, slowest of ${RUNS}`, value: sorted.at(-1)!, unit: 'ms', goal: `<= ${BLOCK_POLL_MS} ms (one block poll)` },
      { name: `block to "confirmed" in the app, median of ${RUNS}`, value: sorted[sorted.length >> 1]!, unit: 'ms', goal: `<= ${BLOCK_POLL_MS} ms (one block poll)` },
    ];
  },
};
