import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { updateStatus } from '../../main/common/update-status';
import { startApp, type RunningApp } from './harness';

/** The update banner in Chromium, fed the events main's update controller publishes. */
describe('Update progress in the app', () => {
  let app: RunningApp;
  beforeEach(async () => {
    app = await startApp();
    await app.page.getByRole('button', { name: 'Skip for now' }).click();
  });
  afterEach(async () => app.stop());

  const banner = () => app.page.getByTestId('update-banner');
  const publish = (facts: Parameters<typeof updateStatus>[0]) => app.services.events.emit('app.updateStatus', updateStatus(facts));

  it('shows the download with its progress, then that the update installs on quit', async () => {
    publish({ state: 'checking', currentVersion: '0.1.0' });
    publish({ state: 'available', currentVersion: '0.1.0', version: '0.2.0' });
    await expect.poll(() => banner().textContent()).toContain('CoW Desk 0.2.0 is available; downloading it now.');
    publish({ state: 'downloading', currentVersion: '0.1.0', version: '0.2.0', percent: 42.7 });
    await expect.poll(() => banner().textContent()).toContain('Downloading CoW Desk 0.2.0: 42%.');
    expect(await banner().getByRole('progressbar').getAttribute('value')).toBe('42.7');
    await app.screenshot('update-downloading');
    publish({ state: 'ready', currentVersion: '0.1.0', version: '0.2.0' });
    await expect.poll(() => banner().textContent()).toContain('CoW Desk 0.2.0 is downloaded and will be installed when you quit.');
    expect(await banner().getByRole('progressbar').count()).toBe(0);
  });

  it('stays quiet when a start-up check finds nothing, but answers a check the user asked for, and says when offline', async () => {
    publish({ state: 'checking', currentVersion: '0.1.0' });
    publish({ state: 'none', currentVersion: '0.1.0' });
    publish({ state: 'checking', currentVersion: '0.1.0', manual: true });
    await expect.poll(() => banner().textContent()).toContain('Checking for updates…');
    publish({ state: 'offline', currentVersion: '0.1.0', manual: true });
    await expect.poll(() => banner().textContent()).toContain('this computer seems to be offline');
    await app.screenshot('update-offline');
    await banner().getByRole('button', { name: 'Dismiss update message' }).click();
    await expect.poll(() => banner().count()).toBe(0);
  });
});
