import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, openSync, readdirSync, statSync, writeSync, closeSync } from 'node:fs';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { HealthReport } from '../../../main/common/ipc/health-schemas';
import { STORE_FILE } from '../../../main/core/services';
import { dataFolder } from '../../../main/core/store/data-location';
import { openStore } from '../../../main/core/store/open-store';
import { composeApp } from '../../helpers/compose-app';
import { makeTempDir } from '../../helpers/temp-dir';

const WATCHED = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

/**
 * Issue 28: start-up never dies. A damaged, incomplete or unwritable store still
 * opens the app; History and Trade say what happened (the health report's store
 * problem) and the way out works: rebuild, or another folder.
 */
describe('start-up with a store that cannot be used', () => {
  let dir: ReturnType<typeof makeTempDir>;
  beforeEach(() => (dir = makeTempDir('cow-desk-start-')));
  afterEach(() => dir.remove());

  /** A store holding a watch-only account and enough settings rows that most pages are data, not schema. */
  async function storeWithData(folder: string): Promise<string> {
    const app = composeApp({ userDataDir: folder });
    expect(await app.router.handle('accounts.addWatchOnly', { label: 'Cold wallet', address: WATCHED })).toMatchObject({ ok: true });
    await app.close();
    const store = openStore(join(folder, STORE_FILE));
    const insert = store.db.prepare('INSERT INTO settings (key, value, updated_at) VALUES (?, ?, ?)');
    store.db.transaction(() => {
      for (let i = 0; i < 3000; i += 1) insert.run(`filler.${i}`, JSON.stringify('x'.repeat(200)), i);
    })();
    store.db.pragma('wal_checkpoint(TRUNCATE)');
    store.close();
    return join(folder, STORE_FILE);
  }

  const storeStatus = async (app: ReturnType<typeof composeApp>) => {
    const answer = await app.router.handle('app.health', undefined);
    if (!answer.ok) throw new Error(answer.error.message);
    return (answer.value as HealthReport).store;
  };

  it('finds damaged pages when it opens (not minutes later in a watcher round), keeps the rest of the app, and rebuilds with the accounts kept', async () => {
    const folder = join(dir.path, 'data');
    const path = await storeWithData(folder);
    // Scribble over the settings table's pages near the end of the file: the schema still reads, the data does not.
    const size = statSync(path).size;
    const fd = openSync(path, 'r+');
    for (let page = Math.floor(size / 4096) - 20; page < Math.floor(size / 4096) - 2; page += 3) writeSync(fd, Buffer.alloc(4000, 0xa5), 0, 4000, page * 4096 + 50);
    closeSync(fd);

    const app = composeApp({ userDataDir: folder });
    expect(await storeStatus(app)).toMatchObject({ opened: false, problem: 'damaged', error: expect.stringMatching(/is damaged \(SQLite's check says: .*\)\. Rebuild it/) });
    const history = await app.router.handle('history.query', {});
    expect(history).toMatchObject({ ok: false, error: { code: 'STORE_UNAVAILABLE', message: expect.stringMatching(/damaged/) } });
    // The rest works: the token picker and settings answer.
    expect(await app.router.handle('tokens.search', { chainId: 1, query: 'USDC' })).toMatchObject({ ok: true });
    expect(await app.router.handle('settings.get', undefined)).toMatchObject({ ok: true });

    const rebuilt = await app.router.handle('app.rebuildStore', undefined);
    expect(rebuilt).toMatchObject({ ok: true, value: { kept: { accounts: 1 } } });
    await expect.poll(() => app.relaunches).toBe(1);
    await app.close();
    // The damaged file is kept aside, never deleted.
    expect(readdirSync(folder).filter((name) => /^cow-desk\.sqlite\.damaged-[\dT-]+Z$/.test(name))).toHaveLength(1);

    const relaunched = composeApp({ userDataDir: folder });
    expect(await storeStatus(relaunched)).toMatchObject({ opened: true });
    expect(await relaunched.router.handle('accounts.list', undefined)).toMatchObject({ ok: true, value: [expect.objectContaining({ label: 'Cold wallet' })] });
    expect(await relaunched.router.handle('history.query', {})).toMatchObject({ ok: true });
    await relaunched.close();
  });

  it('starts when a table was dropped (createServices threw), names what is missing, and rebuilds it', async () => {
    const folder = join(dir.path, 'data');
    const path = await storeWithData(folder);
    const db = new BetterSqlite3(path);
    db.exec('DROP TABLE orders_fts');
    db.close();

    const app = composeApp({ userDataDir: folder });
    expect(await storeStatus(app)).toMatchObject({ opened: false, problem: 'damaged', error: expect.stringMatching(/missing .*orders_fts/) });
    expect(await app.router.handle('app.rebuildStore', undefined)).toMatchObject({ ok: true, value: { kept: { accounts: 1 } } });
    await app.close();
    const relaunched = composeApp({ userDataDir: folder });
    expect(await storeStatus(relaunched)).toMatchObject({ opened: true });
    await relaunched.close();
  });

  it('refuses to rebuild a healthy store, in words', async () => {
    const app = composeApp({ userDataDir: join(dir.path, 'data') });
    expect(await app.router.handle('app.rebuildStore', undefined)).toMatchObject({ ok: false, error: { code: 'STORE_OK', message: expect.stringMatching(/healthy/) } });
    expect(app.relaunches).toBe(0);
    await app.close();
  });

  it('starts on an unwritable data folder (createServices threw), says so, and moves to another folder the user names', async () => {
    const folder = join(dir.path, 'locked');
    await storeWithData(folder);
    // Root writes through permission bits: as root the app runs without the capability to (setpriv drops
    // CAP_DAC_OVERRIDE), as a user whose folder is not theirs to write would.
    const asRoot = process.getuid?.() === 0;
    chmodSync(folder, 0o555);
    chmodSync(join(folder, STORE_FILE), 0o444);
    for (const name of readdirSync(folder)) if (statSync(join(folder, name)).isDirectory()) chmodSync(join(folder, name), 0o555);
    const command = [process.execPath, '--import', 'tsx', join(import.meta.dirname, 'fixtures/compose-and-report.ts'), folder];
    const child = asRoot
      ? spawnSync('setpriv', ['--bounding-set=-dac_override,-dac_read_search', '--inh-caps=-dac_override,-dac_read_search', ...command], { encoding: 'utf8' })
      : spawnSync(command[0]!, command.slice(1), { encoding: 'utf8' });
    const report = JSON.parse(child.stdout.trim().split('\n').at(-1) ?? '{}') as Record<string, unknown>;
    expect(report.threw, child.stderr).toBeUndefined();
    expect(report).toMatchObject({
      health: { ok: true, value: { store: { opened: false, problem: 'unwritable', error: expect.stringMatching(/cannot be written.*another folder/) } } },
      history: { ok: false, error: { code: 'STORE_UNAVAILABLE' } },
    });

    // The way out: another folder, taken at the next start.
    for (const name of readdirSync(folder)) if (statSync(join(folder, name)).isDirectory()) chmodSync(join(folder, name), 0o755);
    chmodSync(folder, 0o755);
    chmodSync(join(folder, STORE_FILE), 0o644);
    const app = composeApp({ userDataDir: folder });
    const elsewhere = join(dir.path, 'elsewhere');
    expect(await app.router.handle('app.useDataFolder', { folder: 'relative/path' })).toMatchObject({ ok: false, error: { code: 'INVALID_FOLDER' } });
    expect(await app.router.handle('app.useDataFolder', { folder: elsewhere })).toMatchObject({ ok: true, value: { folder: elsewhere } });
    await expect.poll(() => app.relaunches).toBe(1);
    await app.close();
    expect(existsSync(elsewhere)).toBe(true);
    expect(dataFolder(`${folder}.location.json`, folder)).toBe(elsewhere);
    mkdirSync(elsewhere, { recursive: true });
    const moved = composeApp({ userDataDir: elsewhere });
    expect(await storeStatus(moved)).toMatchObject({ opened: true });
    await moved.close();
  });
});
