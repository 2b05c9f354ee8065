import { chmodSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFileLogger, LOG_DIR, LOG_FILE } from '../../../main/core/file-log';
import { STORE_FILE, type Services } from '../../../main/core/services';
import { composeApp } from '../../helpers/compose-app';
import { TEST_ACCOUNTS } from '../../sandbox';
import { makeTempDir } from '../../helpers/temp-dir';
import { WETH } from '../sandbox/sandbox-kit';
import { testKeychainService } from '../../helpers/keychain-service';

/** Every folder and file under `root`, with its permission bits ("0600"). */
function modes(root: string): Record<string, string> {
  const found: Record<string, string> = {};
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      found[`${relative(root, path)}${entry.isDirectory() ? '/' : ''}`] = (statSync(path).mode & 0o777).toString(8).padStart(4, '0');
      if (entry.isDirectory()) walk(path);
    }
  };
  found['./'] = (statSync(root).mode & 0o777).toString(8).padStart(4, '0');
  walk(root);
  return found;
}

/**
 * The app's real services on a fresh user data folder that an older version
 * left world-readable (a store and a rotated log at 0644, under the usual
 * umask 022): after a start and some use, what is on disk is the user's alone.
 */
describe('data and log files are owner-only', () => {
  const dir = makeTempDir('cow-desk-modes-');
  let services: Services;

  beforeAll(async () => {
    chmodSync(dir.path, 0o755);
    mkdirSync(join(dir.path, LOG_DIR), { mode: 0o755 });
    writeFileSync(join(dir.path, LOG_DIR, 'cow-desk.1.log'), '{}\n', { mode: 0o644 });
    chmodSync(join(dir.path, LOG_DIR, 'cow-desk.1.log'), 0o644);
    const log = createFileLogger({ dir: join(dir.path, LOG_DIR) });
    services = composeApp({ userDataDir: dir.path, appVersion: 'modes', log, keychainService: testKeychainService('CoW Desk private-files tests') });
    const envelope = await services.router.handle('accounts.importKey', {
      label: 'Vaulted',
      privateKey: TEST_ACCOUNTS.trader.privateKey,
      vault: 'passphrase',
      passphrase: 'a passphrase of some length',
    });
    expect(envelope.ok, JSON.stringify(envelope)).toBe(true);
    await services.router.handle('settings.update', { enabledChains: [1] });
    // The token-list folder's own file: the pinned and recent tokens.
    const pinned = await services.router.handle('tokens.pin', { chainId: 1, address: WETH, pinned: true });
    expect(pinned.ok, JSON.stringify(pinned)).toBe(true);
    log.info('a line to the log');
  });

  afterAll(async () => {
    await services?.close();
    dir.remove();
  });

  it('keeps every file 0600 and every folder 0700: store with its -wal and -shm, logs old and new, token-list cache, vault', () => {
    const found = modes(dir.path);
    // What this test is about must be there to be checked.
    for (const path of [STORE_FILE, `${STORE_FILE}-wal`, `${STORE_FILE}-shm`, `${LOG_DIR}/${LOG_FILE}`, `${LOG_DIR}/cow-desk.1.log`, 'token-lists/']) {
      expect(Object.keys(found), path).toContain(path);
    }
    expect(Object.keys(found).some((path) => path.startsWith('vault/') && path.endsWith('.json')), JSON.stringify(found)).toBe(true);
    expect(Object.keys(found).some((path) => path.startsWith('token-lists/') && path.endsWith('.json')), JSON.stringify(found)).toBe(true);
    const wrong = Object.entries(found).filter(([path, mode]) => mode !== (path.endsWith('/') ? '0700' : '0600'));
    expect(wrong).toEqual([]);
  });
});
