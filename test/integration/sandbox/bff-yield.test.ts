import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { POOL_COUNTS, startSandbox, type Sandbox } from '../../sandbox';
import { bff, call } from './sandbox-kit';

interface Pool {
  contract_address: string;
  chain_id: number;
  project: string;
  apr: number | null;
  fee: number;
  tvl: number;
  volume: number | null;
}

describe('sandbox yield service', () => {
  let sandbox: Sandbox;
  beforeEach(async () => {
    sandbox = await startSandbox();
  });
  afterEach(() => sandbox.close());

  const pools = (chain: string, body: unknown) => call(bff(sandbox, `/${chain}/yield/pools`), { body });

  it('[] returns the top 500 pools by TVL', async () => {
    const answer = await pools('1', []);
    expect(answer.status).toBe(200);
    const top = answer.body as Pool[];
    expect(top).toHaveLength(500);
    expect(top.map((pool) => pool.tvl)).toEqual([...top.map((pool) => pool.tvl)].sort((a, b) => b - a));
    expect(top[0]).toEqual({
      contract_address: expect.stringMatching(/^0x[0-9a-f]{40}$/),
      chain_id: 1,
      project: expect.any(String),
      apr: expect.any(Number),
      fee: expect.any(Number),
      tvl: expect.any(Number),
      volume: expect.any(Number),
    });
  });

  it('addresses (any case) return those pools; unknown ones are absent', async () => {
    expect(POOL_COUNTS[1]).toBeGreaterThanOrEqual(1200);
    const top = (await pools('mainnet', [])).body as Pool[];
    const picked = [top[3], top[42]].map((pool) => pool?.contract_address.toUpperCase().replace('0X', '0x'));
    const answer = await pools('1', [...picked, `0x${'00'.repeat(20)}`]);
    expect((answer.body as Pool[]).map((pool) => pool.contract_address).sort()).toEqual([top[3]?.contract_address, top[42]?.contract_address].sort());
  });

  it('pool data: six-decimal APRs, interface.md fee tiers, some incomplete pools', async () => {
    const top = (await pools('1', [])).body as Pool[];
    for (const pool of top) if (pool.apr !== null) expect(Math.round(pool.apr * 1e6) / 1e6).toBe(pool.apr);
    const uniswap = top.filter((pool) => pool.project === 'uniswap-v3').map((pool) => pool.fee);
    expect(new Set(uniswap)).toEqual(new Set([0.01, 0.05, 0.3, 1]));
    expect(top.filter((pool) => pool.project === 'curve').every((pool) => pool.fee === 0.04)).toBe(true);
    expect(top.some((pool) => pool.volume === null)).toBe(true);
    expect(top.some((pool) => pool.apr === null)).toBe(true);
  });

  it('refuses more than 500 addresses and non-addresses with the validation shape', async () => {
    const many = Array.from({ length: 501 }, (_, index) => `0x${index.toString(16).padStart(40, '0')}`);
    const answer = await pools('1', many);
    expect(answer).toMatchObject({ status: 400, body: { statusCode: 400, code: expect.any(String), error: 'Bad Request', message: expect.stringMatching(/500/) } });
    expect((await pools('1', ['pool'])).status).toBe(400);
    expect((await pools('1', { pools: [] })).status).toBe(400);
    expect((await pools('1', many.slice(0, 500))).status).toBe(200);
  });

  it('pools-average-apr: project -> apr, cached six hours; {} and [] on a chain without pools', async () => {
    const answer = await call(bff(sandbox, '/1/yield/pools-average-apr'));
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('public, max-age=21600');
    expect(Object.keys(answer.body)).toEqual(expect.arrayContaining(['uniswap-v3', 'curve', 'balancer-v2']));
    for (const apr of Object.values(answer.body)) expect(typeof apr).toBe('number');
    expect((await call(bff(sandbox, '/11155111/yield/pools-average-apr'))).body).toEqual({});
    expect((await pools('11155111', [])).body).toEqual([]);
    expect((await pools('gnosis', [])).body).toHaveLength(300);
  });

  it('the same seed gives the same pools; another seed other pools', async () => {
    const again = await startSandbox();
    const other = await startSandbox({ seed: { random: 7 } });
    try {
      const mine = (await pools('1', [])).body;
      expect((await call(`${again.bffUrl}/1/yield/pools`, { body: [] })).body).toEqual(mine);
      expect((await call(`${other.bffUrl}/1/yield/pools`, { body: [] })).body).not.toEqual(mine);
    } finally {
      await Promise.all([again.close(), other.close()]);
    }
  });
});
