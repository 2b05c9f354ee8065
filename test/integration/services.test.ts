import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createServices } from '../../main/core/services';
import { recordingLogger } from '../helpers/recording-logger';
import { makeTempDir } from '../helpers/temp-dir';

describe('services composition', () => {
  let dir: ReturnType<typeof makeTempDir>;
  beforeEach(() => (dir = makeTempDir()));
  afterEach(() => dir.remove());

  const start = () => createServices({ userDataDir: dir.path, appVersion: '0.1.0', log: recordingLogger(), tokenListUrls: [] });

  it('reports production by default, switches environment with an event, and keeps it across a restart', async () => {
    const first = start();
    expect(await first.router.handle('app.health', undefined)).toMatchObject({ ok: true, value: { environment: 'production' } });
    const seen: [string, unknown][] = [];
    first.events.subscribe((event, payload) => seen.push([event, payload]));
    const answer = await first.router.handle('settings.update', { environment: 'staging' });
    expect(answer).toMatchObject({ ok: true, value: { settings: { environment: 'staging' } } });
    // Settings and connection health announce the change too (test/integration/settings).
    expect(seen.filter(([event]) => event === 'app.healthChanged')).toEqual([['app.healthChanged', expect.objectContaining({ environment: 'staging' })]]);
    first.close();

    const second = start();
    expect(await second.router.handle('app.health', undefined)).toMatchObject({ ok: true, value: { environment: 'staging' } });
    second.close();
  });
});
