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
  beforeEach(async () => {
    sandbox = await startSandbox();
    dir = makeTempDir();
    services = composeApp({
      userDataDir: dir.path,
      appVersion: 'test',
      log: recordingLogger(),
      defaultEndpoints: { production: { orderbook: sandbox.orderbookUrl, tokenService: sandbox.bffUrl } },
      tokenListUrls: sandboxTokenListUrls(sandbox.bffUrl),
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
});
