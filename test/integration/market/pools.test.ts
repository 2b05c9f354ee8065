import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_POOL_QUERY, applyPoolQuery } from '../../../main/common/market/pool-query';
import type { PoolsResult } from '../../../main/common/market/market-schema';
import { poolsOf } from '../../sandbox/bff/pools-fixture';
import { startSandbox, POOL_COUNTS, type Sandbox } from '../../sandbox';
import { requestsTo } from '../api/client-kit';
import { marketFor, tamperingFetch } from './market-kit';

const ok = <T>(answer: unknown) => {
  expect(answer).toMatchObject({ ok: true });
  return (answer as { value: T }).value;
};

describe('pool explorer against the sandbox', () => {
  let sandbox: Sandbox;
  let kit: ReturnType<typeof marketFor>;
  beforeEach(async () => {
    sandbox = await startSandbox();
    kit = marketFor(sandbox);
  });
  afterEach(async () => {
    kit.close();
    await sandbox.close();
  });

  it('loads the top pools with an empty request, by chain alias, and stores them as a snapshot', async () => {
    const result = ok<PoolsResult>(await kit.call('market.pools', { chain: 'mainnet', addresses: [] }));
    expect(result).toMatchObject({ chainId: 1, scope: 'top', source: 'live', notice: null, fetchedAt: kit.clock.now() });
    expect(result.pools).toHaveLength(500);
    expect(requestsTo(sandbox, '/1/yield/pools')).toHaveLength(1);
    // Incomplete data stays visible as null, never as zero.
    expect(result.pools.some((pool) => pool.apr === null)).toBe(true);
    const stored = kit.store.db.prepare('SELECT COUNT(*) AS n FROM market_pool_rows WHERE snapshot_id = ?').get(result.snapshotId) as { n: number };
    expect(stored.n).toBe(500);
    expect(ok<PoolsResult>(await kit.call('market.pools', { chain: 100, addresses: [] })).pools).toHaveLength(POOL_COUNTS[100]!);
  });

  it('looks up 1200 pasted pools in requests of at most 500 and merges them', async () => {
    const fixture = poolsOf(1, 1);
    const asked = fixture.slice(0, 1200).map((pool) => pool.contract_address);
    const result = ok<PoolsResult>(await kit.call('market.pools', { chain: 1, addresses: asked }));
    // The sandbox answers 400 to more than 500 addresses, so three successful requests prove the chunking.
    expect(requestsTo(sandbox, '/yield/pools').map((r) => r.status)).toEqual([200, 200, 200]);
    expect(result).toMatchObject({ scope: 'addresses', requested: 1200, source: 'live' });
    expect(new Set(result.pools.map((pool) => pool.address.toLowerCase()))).toEqual(new Set(asked));
  });

  it('rejects invalid addresses with a message naming them, before any request', async () => {
    const answer = await kit.call('market.pools', {
      chain: 1,
      addresses: ['0x12', '0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2', '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756cC2'],
    });
    expect(answer).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
    const message = (answer as { error: { message: string } }).error.message;
    expect(message).toContain('"0x12" is not an address: 0x followed by 40 hex digits.');
    expect(message).toContain('wrong checksum');
    expect(await kit.call('market.pools', { chain: 'optimism', addresses: [] })).toMatchObject({
      ok: false,
      error: { message: expect.stringContaining('Unknown chain "optimism"') },
    });
    expect(sandbox.requests).toHaveLength(0);
  });

  it('shows a 400 from the service as its message, and never hides it behind a snapshot', async () => {
    ok(await kit.call('market.pools', { chain: 1, addresses: [] }));
    // The client never sends a malformed body, so the test corrupts one in transit to hear the service's 400.
    const broken = marketFor(sandbox, { fetch: tamperingFetch((url, init) => [url, { ...init, body: '["not-an-address"]' }]) });
    try {
      const answer = await broken.call('market.pools', { chain: 1, addresses: [] });
      expect(answer).toMatchObject({ ok: false, error: { code: 'HTTP_400', retryable: false } });
      expect((answer as { error: { message: string } }).error.message).toMatch(/rejected the request \(HTTP 400\).*must match pattern/);
    } finally {
      broken.close();
    }
  });

  it('reports a 500 with its message when there is no snapshot, and falls back to the last snapshot when there is', async () => {
    sandbox.faults.set({ errorRate: 1, status: 500 });
    const failed = await kit.call('market.pools', { chain: 1, addresses: [] });
    expect(failed).toMatchObject({ ok: false, error: { code: 'HTTP_500', retryable: true, message: expect.stringContaining('temporary problem (HTTP 500)') } });
    expect(requestsTo(sandbox, '/yield/pools').length).toBeGreaterThan(1); // retried before giving up

    sandbox.faults.clear();
    const live = ok<PoolsResult>(await kit.call('market.pools', { chain: 1, addresses: [] }));
    kit.clock.advance(60_000);
    sandbox.faults.set({ errorRate: 1, status: 500 });
    const fallback = ok<PoolsResult>(await kit.call('market.pools', { chain: 1, addresses: [] }));
    expect(fallback).toMatchObject({ source: 'snapshot', fetchedAt: live.fetchedAt, snapshotId: live.snapshotId });
    expect(fallback.notice).toMatch(/HTTP 500.*Showing your last snapshot instead\.$/);
    expect(fallback.pools.map((pool) => pool.address)).toEqual(expect.arrayContaining(live.pools.map((pool) => pool.address)));
  });

  it('works offline from the last snapshot, for the top pools and for pasted ones', async () => {
    const live = ok<PoolsResult>(await kit.call('market.pools', { chain: 1, addresses: [] }));
    const picked = live.pools.slice(0, 3).map((pool) => pool.address);
    await sandbox.close();
    const top = ok<PoolsResult>(await kit.call('market.pools', { chain: 1, addresses: [] }));
    expect(top).toMatchObject({ source: 'snapshot', fetchedAt: live.fetchedAt });
    expect(top.notice).toMatch(/^Could not reach 127\.0\.0\.1:\d+\..*Showing your last snapshot instead\.$/);
    expect(top.pools).toHaveLength(500);
    const some = ok<PoolsResult>(await kit.call('market.pools', { chain: 1, addresses: [...picked, '0x0000000000000000000000000000000000000001'] }));
    expect(some).toMatchObject({ source: 'snapshot', snapshotId: null });
    expect(some.pools.map((pool) => pool.address).sort()).toEqual([...picked].sort());
    sandbox = await startSandbox(); // for afterEach
  });

  it('builds each pool a trend across the snapshots, oldest first', async () => {
    const first = ok<PoolsResult>(await kit.call('market.pools', { chain: 1, addresses: [] }));
    kit.clock.advance(3_600_000);
    const second = ok<PoolsResult>(await kit.call('market.pools', { chain: 1, addresses: [] }));
    const pool = second.pools.find((entry) => entry.apr !== null)!;
    expect(pool.trend.map((point) => point.at)).toEqual([first.fetchedAt, second.fetchedAt]);
    expect(pool.trend[1]).toEqual({ at: second.fetchedAt, apr: pool.apr, tvl: pool.tvl });
  });

  it('exports the current view of a snapshot as CSV under userData/exports', async () => {
    const result = ok<PoolsResult>(await kit.call('market.pools', { chain: 1, addresses: [] }));
    const query = { ...DEFAULT_POOL_QUERY, projects: ['curve', 'uniswap-v3'], tvlMin: 50_000, sort: { key: 'apr' as const, dir: 'desc' as const } };
    const expected = applyPoolQuery(result.pools, query);
    const exported = ok<{ path: string; rows: number }>(await kit.call('market.exportPools', { snapshotId: result.snapshotId, query }));
    expect(exported.path.startsWith(`${kit.dir}/exports/pools-mainnet-`)).toBe(true);
    expect(exported.rows).toBe(expected.length);
    const lines = readFileSync(exported.path, 'utf8').trimEnd().split('\r\n');
    expect(lines[0]).toBe('contract_address,project,apr_percent,fee_tier_percent,tvl_usd,volume_24h_usd');
    expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual(expected.map((pool) => pool.address));
    expect(await kit.call('market.exportPools', { snapshotId: 999_999, query })).toMatchObject({ ok: false, error: { code: 'SNAPSHOT_GONE' } });
  });
});
