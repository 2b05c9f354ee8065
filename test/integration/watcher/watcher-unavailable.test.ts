import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { UNAVAILABLE_RETRY_MS } from '../../../main/core/watcher/service-feed';
import { TEST_ACCOUNTS } from '../../sandbox';
import { notificationRequests, startWatcherKit, type WatcherKit } from './watcher-kit';

describe('order watcher: notification integration disabled (404)', () => {
  let kit: WatcherKit;
  beforeEach(async () => {
    kit = await startWatcherKit();
    kit.sandbox.notifications.setEnabled(false);
    await kit.call('accounts.addWatchOnly', { label: 'Watched', address: TEST_ACCOUNTS.trader.address });
    await kit.call('accounts.addWatchOnly', { label: 'Other', address: TEST_ACCOUNTS.trader2.address });
    // One chain: a round reads each account's orders on every chain, which this test does not look at.
    await kit.call('settings.update', { enabledChains: [1] });
    kit.sandbox.resetRequests();
  });
  afterEach(async () => kit.stop());

  it('asks once, says so, and does not ask again until hours pass or the environment changes', async () => {
    for (let round = 0; round < 5; round += 1) await kit.tick();
    // One request for the first account; the 404 stops the round before the second.
    expect(notificationRequests(kit.sandbox)).toBe(1);
    const status = await kit.call('notifications.status', undefined);
    expect(status).toMatchObject({ serviceAvailable: false, lastError: null });
    expect(status.serviceMessage).toMatch(/^Notifications unavailable for this environment/);

    kit.clock.now += UNAVAILABLE_RETRY_MS - 1;
    await kit.tick();
    expect(notificationRequests(kit.sandbox)).toBe(1);
    kit.clock.now += 1;
    await kit.tick();
    await kit.tick();
    expect(notificationRequests(kit.sandbox)).toBe(2);

    await kit.call('settings.update', { environment: 'staging' });
    await kit.tick();
    await kit.tick();
    expect(notificationRequests(kit.sandbox)).toBe(3);

    kit.sandbox.notifications.setEnabled(true);
    await kit.call('settings.update', { environment: 'production' });
    await kit.tick();
    expect(notificationRequests(kit.sandbox)).toBe(5);
    expect(await kit.call('notifications.status', undefined)).toMatchObject({ serviceAvailable: true, serviceMessage: null });
  });
});
