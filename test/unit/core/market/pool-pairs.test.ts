import type { PublicClient } from 'viem';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FindToken } from '../../../../main/common/market/pool-pair';
import { runUserAction } from '../../../../main/core/api/user-action';
import { decodePair, NO_PAIR_FUNCTIONS, PoolPairs, type PairChains } from '../../../../main/core/market/pool-pairs';

const WETH = '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2';
const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const POOL = '0x00000000000000000000000000000000000000a1';
const BALANCER = '0x00000000000000000000000000000000000000b2';
const ok = (result: unknown) => ({ status: 'success' as const, result });
const reverted = { status: 'failure' as const, error: new Error('execution reverted') };
const find: FindToken = (_chainId, address) => ({ [WETH.toLowerCase()]: { symbol: 'WETH' }, [USDC.toLowerCase()]: { symbol: 'USDC' } })[address.toLowerCase()] ?? null;

describe('decodePair', () => {
  it('reads two addresses, checksummed', () => {
    expect(decodePair(ok(USDC.toLowerCase()), ok(WETH))).toEqual({ token0: USDC, token1: WETH });
  });

  it('has no pair when either call failed or answered the zero address', () => {
    expect(decodePair(ok(USDC), reverted)).toBeNull();
    expect(decodePair(ok('0x0000000000000000000000000000000000000000'), ok(WETH))).toBeNull();
    expect(decodePair(undefined, undefined)).toBeNull();
  });
});

/** A node at the edge: answers token0/token1 per pool address, or fails as a whole; counts its calls. */
function chainsAnswering(answers: Record<string, [unknown, unknown] | null>, options: { available?: boolean; fail?: Error } = {}) {
  const calls: string[][] = [];
  const client = {
    multicall: async ({ contracts }: { contracts: { address: string; functionName: string }[] }) => {
      calls.push(contracts.map((contract) => contract.address));
      if (options.fail) throw options.fail;
      return contracts.map((contract) => {
        const answer = answers[contract.address];
        return answer ? ok(answer[contract.functionName === 'token0' ? 0 : 1]) : reverted;
      });
    },
  } as unknown as PublicClient;
  const chains: PairChains = { available: () => options.available ?? true, get: () => client, nodeName: () => 'the Ethereum node at 127.0.0.1:8545' };
  return { chains, calls };
}

describe('PoolPairs', () => {
  it('names the pairs of one answer in one aggregate call and keeps them: a pool never changes its tokens', async () => {
    const { chains, calls } = chainsAnswering({ [POOL]: [USDC, WETH], [BALANCER]: null });
    const pairs = new PoolPairs({ chains, tokens: find });
    const first = await pairs.of(1, [POOL, BALANCER]);
    expect(first.get(POOL)).toEqual({ ok: true, name: 'USDC / WETH', token0: USDC, token1: WETH });
    expect(first.get(BALANCER)).toEqual({ ok: false, reason: NO_PAIR_FUNCTIONS });
    expect(calls).toEqual([[POOL, POOL, BALANCER, BALANCER]]);
    expect((await pairs.of(1, [POOL, BALANCER])).get(POOL)).toMatchObject({ name: 'USDC / WETH' });
    expect(calls).toHaveLength(1);
  });

  it('says why without a node for the chain, and asks nothing', async () => {
    const { chains, calls } = chainsAnswering({ [POOL]: [USDC, WETH] }, { available: false });
    const pair = (await new PoolPairs({ chains, tokens: find }).of(100, [POOL])).get(POOL);
    expect(pair).toEqual({ ok: false, reason: expect.stringContaining('no JSON-RPC node is set for Gnosis') });
    expect(calls).toHaveLength(0);
  });

  it('names the node that failed and asks again on the next load', async () => {
    const { chains, calls } = chainsAnswering({}, { fail: new Error('socket hang up') });
    const pairs = new PoolPairs({ chains, tokens: find });
    expect((await pairs.of(1, [POOL])).get(POOL)).toEqual({ ok: false, reason: expect.stringContaining('the Ethereum node at 127.0.0.1:8545 did not answer (socket hang up)') });
    await pairs.of(1, [POOL]);
    expect(calls).toHaveLength(2);
  });

  describe('with a node slower than the decoration deadline', () => {
    afterEach(() => vi.useRealTimers());

    it('answers without the pairs at the deadline, and the late answer names them on the next load', async () => {
      vi.useFakeTimers();
      let answer: (results: unknown[]) => void = () => undefined;
      const calls: number[] = [];
      const client = { multicall: () => (calls.push(1), new Promise((resolve) => (answer = resolve))) } as unknown as PublicClient;
      const chains: PairChains = { available: () => true, get: () => client, nodeName: () => 'the Ethereum node at 127.0.0.1:8545' };
      const pairs = new PoolPairs({ chains, tokens: find, deadlineMs: 5_000 });
      const first = pairs.of(1, [POOL]);
      await vi.advanceTimersByTimeAsync(5_000);
      expect((await first).get(POOL)).toEqual({ ok: false, reason: expect.stringContaining('did not answer within 5 sec: they show on the next load') });
      answer([ok(USDC), ok(WETH)]);
      await vi.runAllTimersAsync();
      expect((await pairs.of(1, [POOL])).get(POOL)).toMatchObject({ ok: true, name: 'USDC / WETH' });
      expect(calls).toHaveLength(1);
    });

    it('waits no longer than the pools answer the user waits on has left, so that answer still comes in time', async () => {
      vi.useFakeTimers();
      const client = { multicall: () => new Promise(() => undefined) } as unknown as PublicClient;
      const chains: PairChains = { available: () => true, get: () => client, nodeName: () => 'the Ethereum node at 127.0.0.1:8545' };
      const pairs = new PoolPairs({ chains, tokens: find, deadlineMs: 5_000 });
      const answer = runUserAction('market.pools', 'read', 2_000, () => pairs.of(1, [POOL]));
      const outcome = answer.then((value) => value.get(POOL), (error: unknown) => error);
      await vi.advanceTimersByTimeAsync(2_000);
      expect(await outcome).toEqual({ ok: false, reason: expect.stringContaining('did not answer within') });
    });
  });
});
