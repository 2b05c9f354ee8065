import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PoolsResult } from '../../../main/common/market/market-schema';
import { type Services } from '../../../main/core/services';
import { composeApp } from '../../helpers/compose-app';
import { startSandbox, type Sandbox } from '../../sandbox';
import { recordingLogger } from '../../helpers/recording-logger';
import { makeTempDir } from '../../helpers/temp-dir';
import { sandboxTokenListUrls } from '../../sandbox/bff/token-lists';

describe('market commands in the composed app', () => {
  let sandbox: Sandbox;
  let services: Services;
  let dir: ReturnType<typeof makeTempDir>;
  /** Every URL the app asked for, in order. */
  const requested: string[] = [];
  beforeEach(async () => {
    requested.length = 0;
    sandbox = await startSandbox();
    dir = makeTempDir();
    services = composeApp({
      userDataDir: dir.path,
      appVersion: 'test',
      log: recordingLogger(),
      defaultEndpoints: { production: { orderbook: sandbox.orderbookUrl, tokenService: sandbox.bffUrl } },
      tokenListUrls: sandboxTokenListUrls(sandbox.bffUrl),
      fetch: (input, init) => (requested.push(input instanceof Request ? input.url : String(input)), fetch(input, init)),
    });
  });
  afterEach(async () => {
    await services.close();
    dir.remove();
    await sandbox.close();
  });

  it('serves the last snapshot at once when the health monitor already knows the token service is down', async () => {
    const live = await services.router.handle('market.pools', { chain: 1, addresses: [] });
    expect(live).toMatchObject({ ok: true, value: { source: 'live' } });
    await sandbox.close();
    const health = await services.router.handle('health.check', undefined);
    expect(health).toMatchObject({ ok: true, value: { services: expect.arrayContaining([expect.objectContaining({ service: 'tokenService', state: 'offline' })]) } });

    // No request and no half minute of retries: the notice is the monitor's, not a network error's.
    const offline = await services.router.handle('market.pools', { chain: 1, addresses: [] });
    expect(offline).toMatchObject({ ok: true, value: { source: 'snapshot', notice: 'The token service is unreachable right now. Showing your last snapshot instead.' } });
    expect((offline as { value: PoolsResult }).value.pools).toHaveLength(500);
    sandbox = await startSandbox();
  });

  // Issue 33: a chain never loaded waited on the dead connection (15 s for a silent one) before saying anything.
  it('fails at once, asking nothing, for a chain with no snapshot while the monitor knows the token service is down', async () => {
    await sandbox.close();
    await services.router.handle('health.check', undefined);
    const before = requested.length;
    const pools = await services.router.handle('market.pools', { chain: 100, addresses: [] });
    const averages = await services.router.handle('market.averageApr', { chain: 100 });
    expect(pools).toMatchObject({
      ok: false,
      error: { code: 'OFFLINE', message: 'The token service is unreachable right now, and no pools of Gnosis Chain are stored yet: they show once it answers (CoW Desk keeps checking).' },
    });
    expect(averages).toMatchObject({ ok: false, error: { code: 'OFFLINE', message: expect.stringMatching(/^The token service is unreachable right now, and no average APRs of Gnosis Chain are stored yet/) } });
    expect(requested.slice(before).filter((url) => /pool/i.test(url))).toEqual([]);
    sandbox = await startSandbox();
  });
});
