import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TEST_ACCOUNTS } from '../sandbox';
import { startApp, type RunningApp } from './harness';

describe('Notification center in Chromium', () => {
  let app: RunningApp;
  beforeEach(async () => {
    app = await startApp();
    const sandbox = app.sandboxes.production.current()!;
    const uids = sandbox.orders.seed(1, TEST_ACCOUNTS.trader.address, 30, { openShare: 0.5 });
    await app.services.router.handle('accounts.addWatchOnly', { label: 'Desk trader', address: TEST_ACCOUNTS.trader.address });
    await app.services.router.handle('settings.update', { enabledChains: [1] });
    await app.services.history.syncNow();
    // The seeded open orders settle or run out of time; one watcher round turns that into events.
    sandbox.settle({ partialFraction: 0.5 });
    const open = uids.filter((uid) => (sandbox.orders.get(uid) as { status: string }).status === 'open');
    for (const uid of open.slice(0, 2)) sandbox.orders.cancelOnChain(uid);
    sandbox.clock.advance(400 * 24 * 3600);
    await app.services.watcher.watcher!.tick();
    await app.page.getByRole('button', { name: 'Skip for now' }).click();
    await app.page.keyboard.press('Control+5');
  });
  afterEach(async () => app.stop());

  it('lists the stored events, filters them, and a click opens the order in History', async () => {
    const { page } = app;
    const stored = (await app.services.router.handle('notifications.list', {})) as { ok: true; value: { total: number; events: { type: string; orderUid: string }[] } };
    expect(stored.value.total).toBeGreaterThan(0);
    const rows = page.getByTestId('notification-row');
    await expect.poll(() => rows.count()).toBe(stored.value.total);
    expect(await page.getByTestId('notifications-count').textContent()).toBe(`${stored.value.total} events, ${stored.value.total} unread`);
    await app.screenshot('notifications');

    const type = stored.value.events[0]!.type;
    await page.getByLabel('Type').selectOption(type);
    await expect.poll(() => rows.count()).toBe(stored.value.events.filter((event) => event.type === type).length);
    await page.getByLabel('Type').selectOption('');
    await expect.poll(() => rows.count()).toBe(stored.value.total);

    const first = stored.value.events[0]!;
    await rows.first().click();
    await page.getByTestId('detail-uid').waitFor();
    expect(await page.getByTestId('detail-uid').textContent()).toBe(first.orderUid);
    // The watcher wrote what it read into the history: the detail shows the state the event speaks of.
    expect(await page.getByTestId('status-badge').first().getAttribute('data-status')).not.toBe('open');
    await app.screenshot('notifications-open-order');

    await page.keyboard.press('Control+5');
    await expect.poll(() => page.getByTestId('notifications-count').textContent()).toBe(`${stored.value.total} events, ${stored.value.total - 1} unread`);
  });

  it('says when the environment has no notification service', async () => {
    app.sandboxes.staging.current()!.notifications.setEnabled(false);
    await app.services.router.handle('settings.update', { environment: 'staging' });
    await app.services.watcher.watcher!.tick();
    await app.page.getByTestId('service-unavailable').waitFor();
    await app.screenshot('notifications-unavailable');
    expect(await app.page.getByTestId('service-unavailable').textContent()).toMatch(/^Notifications unavailable for this environment/);
  });
});
