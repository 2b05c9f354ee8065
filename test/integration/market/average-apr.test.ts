import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AverageAprResult } from '../../../main/common/market/market-schema';
import { startSandbox, type Sandbox } from '../../sandbox';
import { requestsTo } from '../api/client-kit';
import { marketFor, tamperingFetch } from './market-kit';

const ok = <T>(answer: unknown) => {
  expect(answer).toMatchObject({ ok: true });
  return (answer as { value: T }).value;
};
const SIX_HOURS = 21_600_000;

describe('average APR by project against the sandbox', () => {
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

  it('lists projects highest APR first, with the age of the data across the 6-hour cache', async () => {
    const first = ok<AverageAprResult>(await kit.call('market.averageApr', { chain: 'gnosis' }));
    expect(first).toMatchObject({ chainId: 100, source: 'live', maxAgeMs: SIX_HOURS, fetchedAt: kit.clock.now() });
    const aprs = first.projects.map((project) => project.apr);
    expect(aprs.length).toBeGreaterThan(3);
    expect(aprs).toEqual([...aprs].sort((a, b) => b - a));

    // Within the cache's max-age no request is made, and the data keeps the time it was fetched.
    kit.clock.advance(SIX_HOURS / 2);
    const cached = ok<AverageAprResult>(await kit.call('market.averageApr', { chain: 100 }));
    expect(cached.fetchedAt).toBe(first.fetchedAt);
    expect(requestsTo(sandbox, 'pools-average-apr')).toHaveLength(1);
    expect(kit.store.db.prepare('SELECT COUNT(*) AS n FROM market_apr_snapshots').get()).toEqual({ n: 1 });

    kit.clock.advance(SIX_HOURS / 2);
    const fresh = ok<AverageAprResult>(await kit.call('market.averageApr', { chain: 100 }));
    expect(fresh.fetchedAt).toBe(kit.clock.now());
    expect(requestsTo(sandbox, 'pools-average-apr')).toHaveLength(2);
    expect(fresh.projects[0]!.aprTrend.map((point) => point.at)).toEqual([first.fetchedAt, fresh.fetchedAt]);
  });

  it('gives each project a TVL trend from the snapshots of the top pools', async () => {
    await kit.call('market.pools', { chain: 100, addresses: [] });
    kit.clock.advance(1000);
    await kit.call('market.pools', { chain: 100, addresses: [] });
    const result = ok<AverageAprResult>(await kit.call('market.averageApr', { chain: 100 }));
    const curve = result.projects.find((project) => project.project === 'curve')!;
    expect(curve.tvlTrend).toHaveLength(2);
    expect(curve.tvlTrend[0]!.tvl).toBeGreaterThan(0);
  });

  it('answers an empty object with an empty list', async () => {
    expect(ok<AverageAprResult>(await kit.call('market.averageApr', { chain: 11155111 })).projects).toEqual([]);
  });

  it('reports 400 and 500 with their messages, and falls back to the snapshot only for the 500', async () => {
    sandbox.faults.set({ errorRate: 1 });
    expect(await kit.call('market.averageApr', { chain: 1 })).toMatchObject({ ok: false, error: { code: 'HTTP_500', retryable: true } });
    sandbox.faults.clear();
    const live = ok<AverageAprResult>(await kit.call('market.averageApr', { chain: 1 }));
    kit.clock.advance(SIX_HOURS);
    sandbox.faults.set({ errorRate: 1 });
    const fallback = ok<AverageAprResult>(await kit.call('market.averageApr', { chain: 1 }));
    expect(fallback).toMatchObject({ source: 'snapshot', fetchedAt: live.fetchedAt, projects: live.projects });
    expect(fallback.notice).toMatch(/HTTP 500/);
    sandbox.faults.clear();

    const broken = marketFor(sandbox, { fetch: tamperingFetch((url, init) => [url.replace('/1/yield', '/999/yield'), init]) });
    try {
      const answer = await broken.call('market.averageApr', { chain: 1 });
      expect(answer).toMatchObject({ ok: false, error: { code: 'HTTP_400', message: expect.stringContaining('supported chain id') } });
    } finally {
      broken.close();
    }
  });

  it('answers offline from the last snapshot', async () => {
    const live = ok<AverageAprResult>(await kit.call('market.averageApr', { chain: 1 }));
    kit.clock.advance(SIX_HOURS);
    await sandbox.close();
    const offline = ok<AverageAprResult>(await kit.call('market.averageApr', { chain: 1 }));
    expect(offline).toMatchObject({ source: 'snapshot', fetchedAt: live.fetchedAt });
    expect(offline.projects.map((p) => p.project)).toEqual(live.projects.map((p) => p.project));
    sandbox = await startSandbox();
  });
});
