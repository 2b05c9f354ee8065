import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BACKGROUND_TASKS, type ServicePorts, type Services } from '../../main/core/services';
import { composeApp } from '../helpers/compose-app';
import { makeTempDir } from '../helpers/temp-dir';
import { startHostileKit } from './hostile/hostile-kit';
import { startTradingKit } from './trading/trading-kit';
import { startWalletKit } from './wallet/wallet-kit';
import { startWatcherKit } from './watcher/watcher-kit';

/**
 * Issue 28: one composition. Electron, `npm run preview` and every test build the
 * app through createServices with the desktop's features; a test replaces ports
 * only. Three guards, each failing when a kit composes another feature set:
 * no port is a switch (the type below stops compiling), only the three entry
 * points call createServices (a kit with its own call is found), and every kit's
 * app runs every background task (a kit that stops one after composing is found).
 */

/** Ports whose type is a yes/no: a switch a test could set differently. Must stay empty. */
type Switches = { [K in keyof ServicePorts]-?: NonNullable<ServicePorts[K]> extends boolean ? K : never }[keyof ServicePorts];
const noSwitches: [Switches] extends [never] ? true : false = true;

const ENTRY_POINTS = ['main/electron/index.ts', 'scripts/preview.mjs', 'test/helpers/compose-app.ts'];

/** Every script of ours under `dir` (paths relative to the repository). */
const scripts = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return scripts(path);
    return /\.(ts|mts|mjs|js|svelte)$/.test(entry.name) ? [path] : [];
  });

/** History sync starts once the submission journal is reconciled: wait for the app to be up, not for a fixed time. */
async function runningTasks(services: Services) {
  await expect.poll(() => services.backgroundTasks()).toHaveLength(BACKGROUND_TASKS.length);
  return services.backgroundTasks();
}

describe('one composition of the app', () => {
  const stops: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const stop of stops.splice(0).reverse()) await stop();
  });

  it('has no port that switches a feature on or off', () => {
    expect(noSwitches).toBe(true);
  });

  it('is composed by createServices only in Electron, the preview script and the tests’ composeApp', () => {
    const callers = ['main', 'scripts', 'test', 'renderer', 'preload']
      .flatMap(scripts)
      .filter((file) => /\bcreateServices\s*\(/.test(readFileSync(file, 'utf8').replace(/\/\/.*$|\/\*[\s\S]*?\*\//gm, '')))
      // The definition, and this test's own words.
      .filter((file) => file !== 'main/core/services.ts' && file !== 'test/integration/composition-parity.test.ts');
    expect(callers.sort()).toEqual([...ENTRY_POINTS].sort());
  });

  it('reaches no host but loopback from any test: the live services and lists stay out of reach', async () => {
    // Every test composes through composeApp (above), whose fetch is this one: the live URLs a test leaves in place fail here.
    const dir = makeTempDir('cow-desk-offline-');
    const app = composeApp({ userDataDir: dir.path });
    stops.push(async () => {
      await app.close();
      dir.remove();
    });
    await expect.poll(() => app.tokenLists.status().lists.map((list) => list.error ?? '')).toEqual(
      app.tokenLists.status().lists.map(() => expect.stringMatching(/loopback/)),
    );
  });

  it('runs every background task of the desktop app in composeApp and in every kit built on it', async () => {
    const dir = makeTempDir('cow-desk-parity-');
    const plain = composeApp({ userDataDir: dir.path });
    stops.push(async () => {
      await plain.close();
      dir.remove();
    });
    expect(await runningTasks(plain)).toEqual([...BACKGROUND_TASKS]);

    const trading = await startTradingKit();
    stops.push(() => trading.stop());
    expect(await runningTasks(trading.services)).toEqual([...BACKGROUND_TASKS]);

    const watcher = await startWatcherKit();
    stops.push(() => watcher.stop());
    expect(await runningTasks(watcher.services)).toEqual([...BACKGROUND_TASKS]);
    await watcher.restart();
    expect(await runningTasks(watcher.services)).toEqual([...BACKGROUND_TASKS]);

    const wallet = await startWalletKit();
    stops.push(() => wallet.stop());
    expect(await runningTasks(wallet.services)).toEqual([...BACKGROUND_TASKS]);

    const hostile = await startHostileKit();
    stops.push(() => hostile.stop());
    expect(await runningTasks(hostile.services)).toEqual([...BACKGROUND_TASKS]);
  }, 180_000);
});
