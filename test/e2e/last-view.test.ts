import { join } from 'node:path';
import type { Request, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { makeTempDir } from '../helpers/temp-dir';
import { startApp } from './harness';

/** Counts, in the page, each settings write the renderer hands to its transport (synchronously, in call order). */
const COUNT_SETTINGS_WRITES = `
  window.__settingsWrites = 0;
  const realFetch = window.fetch.bind(window);
  window.fetch = (input, init) => {
    if (String(input).endsWith('/ipc/invoke') && typeof init?.body === 'string' && JSON.parse(init.body).command === 'settings.update') window.__settingsWrites += 1;
    return realFetch(input, init);
  };
`;
const isSettingsWrite = (request: Request) => request.url().endsWith('/ipc/invoke') && (request.postDataJSON() as { command?: string } | null)?.command === 'settings.update';

/**
 * The Restart flake of shell.test.ts ("expected 'History', got 'Trade'") was a real race: the
 * first-run screen's "Skip for now" writes lastView 'trade', the shortcut right after it writes
 * 'history', and over the preview's loopback bridge each write is its own HTTP request, so the
 * earlier click's write could reach main last and win. Here the first write is held back until
 * the second one has been answered (when the page sent both at once), which makes the race happen
 * every time instead of now and then.
 */
describe('the last view, when the writes of two quick clicks reach main out of order', () => {
  it('is the view the user chose last', async () => {
    const dir = makeTempDir('cow-desk-last-view-');
    const userDataDir = join(dir.path, 'user-data');
    try {
      const first = await startApp({ userDataDir });
      const { page } = first;
      await page.addInitScript(COUNT_SETTINGS_WRITES);
      await page.reload();
      const answered: Request[] = [];
      page.on('requestfinished', (request) => void (isSettingsWrite(request) && answered.push(request)));
      let releaseSkip!: () => void;
      const skipReleased = new Promise<void>((resolve) => (releaseSkip = resolve));
      let held: Route | undefined;
      await page.route('**/ipc/invoke', async (route) => {
        const body = route.request().postDataJSON() as { command?: string; input?: { lastView?: string } } | null;
        if (body?.command === 'settings.update' && body.input?.lastView === 'trade' && !held) {
          held = route;
          await skipReleased;
        }
        await route.continue();
      });

      await page.getByRole('button', { name: 'Skip for now' }).click();
      await expect.poll(() => held !== undefined).toBe(true);
      // The shortcut's handler runs before the key press returns: its write is sent now, or queued in the page.
      await page.keyboard.press('Control+4');
      // Sent together, the shortcut's write is answered first; sent one after the other, it waits in the page.
      const sent = await page.evaluate<number>('window.__settingsWrites');
      if (sent === 2) await expect.poll(() => answered.length).toBe(1);
      releaseSkip();
      await expect.poll(() => answered.length).toBe(2);
      await first.stop();

      const second = await startApp({ userDataDir });
      await expect.poll(() => second.page.locator('header h1').textContent()).toBe('History');
      await second.stop();
    } finally {
      dir.remove();
    }
  });
});
