import { parseEther, parseUnits } from 'viem';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TxIntentInput } from '../../../main/common/ipc/commands/wallet';
import { scaleDeadlines } from '../../../main/common/limits';
import { TEST_ACCOUNTS } from '../../sandbox';
import { USDC, WETH } from '../sandbox/sandbox-kit';
import { watchMemory } from '../hostile/memory';
import { startNodeProxy, type NodeMode, type NodeProxy } from './node-proxy';
import { newIntentId, startWalletKit, type WalletKit } from './wallet-kit';

/** The real deadlines at a fifth (reads 4 s, sends 6 s, one attempt's headers 2 s): the same ratios, in seconds. */
const DEADLINES = scaleDeadlines(0.2);

/**
 * The wallet against a node that misbehaves, through a proxy in front of the
 * sandbox's EDR node set as the chain's JSON-RPC URL in Settings.
 */
describe('wallet against a hostile JSON-RPC node', () => {
  let kit: WalletKit;
  let proxy: NodeProxy;
  let node: RegExp;
  const { trader, noAllowance } = TEST_ACCOUNTS;
  beforeAll(async () => {
    kit = await startWalletKit({ deadlines: DEADLINES });
    proxy = await startNodeProxy(kit.chain.rpcUrls[1]!);
    node = new RegExp(`Ethereum node at ${new URL(proxy.url).host.replaceAll('.', '\\.')}`);
    await kit.importKey(trader.privateKey, 'Trader');
    await kit.importKey(noAllowance.privateKey, 'Fresh trader');
    await kit.call('settings.setRpcUrl', { chainId: 1, url: proxy.url });
  }, 120_000);
  afterAll(async () => {
    await proxy?.close();
    await kit?.stop();
  });

  const wrap = (amount: string, account = trader.address): TxIntentInput => ({ intentId: newIntentId(), kind: 'wrap', account, chainId: 1, amount: parseEther(amount).toString() });
  async function timed<T>(run: () => Promise<T>): Promise<{ ms: number; error: Awaited<ReturnType<WalletKit['failure']>> }> {
    const started = Date.now();
    const error = await kit.failure(run());
    return { ms: Date.now() - started, error };
  }

  describe('lost or garbled answers to eth_sendRawTransaction: 20 trials', () => {
    const MODES: NodeMode[] = [
      { kind: 'forwardThen', status: 502 },
      { kind: 'forwardThen', status: 500 },
      { kind: 'forwardThen', status: 429 },
      { kind: 'forwardThen', status: 'reset' },
      { kind: 'silent' },
    ];
    const TRIALS = Array.from({ length: 20 }, (_, index) => ({ index, mode: MODES[index % MODES.length]!, label: JSON.stringify(MODES[index % MODES.length]), approve: index % 2 === 0 }));

    it.each(TRIALS)('trial $index, $label: never told "failed", the retried click sends nothing new, the chain settles it', { timeout: 60_000 }, async ({ index, mode, approve }) => {
      const account = approve ? noAllowance.address : trader.address;
      const intent: TxIntentInput = approve ? { intentId: newIntentId(), kind: 'approve', account, chainId: 1, token: USDC, amount: parseUnits(String(10 + index), 6).toString() } : wrap(`0.00${index + 1}`);
      const nonceBefore = await kit.nonce(account);
      const click = await kit.confirm(intent);
      proxy.mode(mode, (method) => method === 'eth_sendRawTransaction');
      let answer: { record: Awaited<ReturnType<typeof kit.call<'wallet.send'>>> } | { error: Error };
      try {
        answer = await kit.call('wallet.send', click).then(
          (record) => ({ record }),
          (error: Error) => ({ error }),
        );
      } finally {
        proxy.mode({ kind: 'pass' });
      }
      const first = 'record' in answer ? answer.record : undefined;
      if ('error' in answer) {
        // A node that never answers may outlast the send's deadline: then the answer says so, naming the node.
        expect(mode.kind, answer.error.message).toBe('silent');
        expect(answer.error.message).toMatch(node);
      } else if (answer.record.status !== 'confirmed') {
        // Confirmed is true too: the node took it, and on a busy machine the block watch may read its receipt first.
        expect(answer.record.status).toBe('unclear');
        expect(answer.record.error).toMatch(node);
      }
      // The same click again: the journalled bytes (already mined), never a second signature.
      const retried = await kit.call('wallet.send', click);
      if (first) expect(retried.hash).toBe(first.hash);
      expect(retried.status).not.toBe('failed');
      const { record } = await kit.settledByApp(intent.intentId, 30_000);
      expect(record).toMatchObject({ status: 'confirmed', hash: retried.hash });
      expect(await kit.nonce(account)).toBe(nonceBefore + 1);
    });
  });

  describe('a node that stalls, rate-limits or drips: every action answers in time, naming the node, and works again once it is honest', () => {
    const CASES: { label: string; mode: NodeMode }[] = [
      { label: '429 with Retry-After 120', mode: { kind: 'busy', retryAfter: '120' } },
      { label: '429 with Retry-After 1e9', mode: { kind: 'busy', retryAfter: '1000000000' } },
      { label: 'never answers', mode: { kind: 'silent' } },
      { label: 'drip-feeds its answer', mode: { kind: 'drip', everyMs: 200 } },
      { label: 'answers 4 MB of JSON nested 2 million deep', mode: { kind: 'deepJson', depth: 2_000_000 } },
    ];

    it.each(CASES)('$label', { timeout: 120_000 }, async ({ label, mode }) => {
      // The send's dialog showed its preview while the node was still honest; "Sign and send" comes after.
      const click = await kit.confirm(wrap('0.01'));
      proxy.mode(mode);
      const memory = watchMemory();
      try {
        const balances = await timed(() => kit.call('wallet.balances', { account: trader.address, chainId: 1, tokens: [WETH] }));
        const preview = await timed(() => kit.call('wallet.preview', wrap('0.01')));
        const send = await timed(() => kit.call('wallet.send', click));
        // Real USDC read from its contract: the node failed, so the answer names it (never "not a token").
        const token = await timed(() => kit.call('tokens.inspect', { chainId: 1, address: USDC }));
        expect(token.error.code).not.toBe('NOT_A_TOKEN');
        // Each answers (a hang fails the test's timeout) in words naming the node. How soon is the deadline's timer,
        // a bench matter: npm test holds no wall-clock budget.
        for (const answer of [balances, preview, token, send]) {
          expect(answer.error.code).not.toBe('INTERNAL');
          expect(answer.error.message).toMatch(node);
        }
        // The main process's memory (the app's services run in this process) grows at most 64 MiB.
        const grew = memory.stop().sampledMiB;
        // Reported, not asserted: how long each answer took against its deadline, and the memory it cost.
        const took = Object.entries({ balances, preview, send, token }).map(([name, answer]) => `${name} ${Math.round(answer.ms)} ms ${answer.error.code}`);
        console.info(`${label}: ${took.join(', ')} (deadlines: read ${DEADLINES.userReadMs} ms, send ${DEADLINES.userSubmitMs} ms); RSS peak +${Math.round(grew)} MiB`);
        expect(grew).toBeLessThan(64);
      } finally {
        proxy.mode({ kind: 'pass' });
      }
      // Honest again: reads and a new send from the same account work at once, without a restart.
      const balances = await kit.call('wallet.balances', { account: trader.address, chainId: 1, tokens: [WETH] });
      expect(BigInt(balances.native)).toBe(await kit.chain.client(1).getBalance({ address: trader.address }));
      expect(await kit.call('tokens.inspect', { chainId: 1, address: USDC })).toMatchObject({ symbol: 'USDC', decimals: 6 });
      const intent = wrap('0.02');
      const sent = await kit.send(intent);
      expect(sent.status).toBe('broadcast');
      expect((await kit.settledByApp(intent.intentId, 30_000)).record.status).toBe('confirmed');
    });
  });

  it.each([{ jump: '1 hour', ms: 3_600_000 }, { jump: '2 days', ms: 2 * 86_400_000 }])(
    'sends and reads as usual after the wall clock jumps back $jump (deadlines, backoff and the poll run on a monotonic clock)',
    { timeout: 60_000 },
    async ({ ms }) => {
      await kit.call('settings.setRpcUrl', { chainId: 1, url: null });
      const wallClock = Date.now.bind(Date);
      const jumped = vi.spyOn(Date, 'now').mockImplementation(() => wallClock() - ms);
      try {
        const balances = await kit.call('wallet.balances', { account: trader.address, chainId: 1, tokens: [WETH] });
        expect(BigInt(balances.native)).toBe(await kit.chain.client(1).getBalance({ address: trader.address }));
        const intent = wrap('0.003');
        expect((await kit.send(intent)).status).toBe('broadcast');
        expect((await kit.settledByApp(intent.intentId, 30_000)).record.status).toBe('confirmed');
      } finally {
        jumped.mockRestore();
        await kit.call('settings.setRpcUrl', { chainId: 1, url: proxy.url });
      }
    },
  );

  it('a node that redirects to another host: no JSON-RPC call, and no signed transaction, reaches that host; each action says so, naming the node', { timeout: 60_000 }, async () => {
    const elsewhere = await startNodeProxy(kit.chain.rpcUrls[1]!);
    const click = await kit.confirm(wrap('0.01'));
    const nonce = await kit.nonce(trader.address);
    proxy.mode({ kind: 'redirect', to: elsewhere.url });
    try {
      const answers = [
        await timed(() => kit.call('wallet.balances', { account: trader.address, chainId: 1, tokens: [WETH] })),
        await timed(() => kit.call('wallet.preview', wrap('0.01'))),
        await timed(() => kit.call('wallet.send', click)),
        await timed(() => kit.call('tokens.inspect', { chainId: 1, address: USDC })),
      ];
      for (const answer of answers) {
        expect(answer.error.code).not.toBe('INTERNAL');
        expect(answer.error.message).toMatch(node);
        expect(answer.error.message).toMatch(/redirect/);
      }
      expect(elsewhere.seen).toEqual([]);
    } finally {
      proxy.mode({ kind: 'pass' });
      await elsewhere.close();
    }
    expect(await kit.nonce(trader.address)).toBe(nonce);
  });

  it('a transaction mined between the receipt read and the nonce read is confirmed, never told "failed" (it would be sent again)', { timeout: 60_000 }, async () => {
    // The first receipt read answers "not mined yet"; the node mines at once, so the account's nonce has moved when read next.
    proxy.mode({ kind: 'nullOnce' }, (method) => method === 'eth_getTransactionReceipt');
    const intent = wrap('0.004');
    await kit.send(intent);
    const { record } = await kit.settledByApp(intent.intentId, 30_000);
    proxy.mode({ kind: 'pass' });
    expect(record.status).toBe('confirmed');
    expect(await kit.chain.client(1).getTransactionReceipt({ hash: record.hash })).toMatchObject({ status: 'success' });
  });
});
