import { spawnSync } from 'node:child_process';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { KeychainVault, loadKeytar } from '../../../main/core/signer/keychain-vault';
import { type Services } from '../../../main/core/services';
import { composeApp } from '../../helpers/compose-app';
import { recordingLogger } from '../../helpers/recording-logger';
import { makeTempDir } from '../../helpers/temp-dir';
import { TEST_ADDRESS, TEST_KEY } from '../../helpers/order-drafts';
import { testKeychainService } from '../../helpers/keychain-service';

// These run inside scripts/with-keychain.sh: a real gnome-keyring on a private D-Bus session.
// A service name of their own, so cleaning up can never touch a developer's real "CoW Desk" keys.
const KEYCHAIN_SERVICE = testKeychainService('CoW Desk keychain tests');

describe('OS keychain through keytar', () => {
  let dir: ReturnType<typeof makeTempDir>;
  let services: Services;
  beforeEach(() => {
    dir = makeTempDir();
    services = composeApp({ userDataDir: dir.path, appVersion: 'test', log: recordingLogger(), keychainService: KEYCHAIN_SERVICE });
  });
  afterEach(async () => {
    await services.close();
    dir.remove();
    const keytar = await loadKeytar();
    for (const { account } of await keytar.findCredentials(KEYCHAIN_SERVICE)) await keytar.deletePassword(KEYCHAIN_SERVICE, account);
  });

  it('answers here, and the vault round-trips a key', async () => {
    const vault = new KeychainVault(loadKeytar, KEYCHAIN_SERVICE);
    expect(await vault.status()).toEqual({ available: true });
    await vault.store(TEST_ADDRESS, TEST_KEY);
    expect(await (await loadKeytar()).getPassword(KEYCHAIN_SERVICE, TEST_ADDRESS)).toBe(TEST_KEY);
    expect(await vault.load(TEST_ADDRESS)).toBe(TEST_KEY);
    await vault.remove(TEST_ADDRESS);
    await expect(vault.load(TEST_ADDRESS)).rejects.toMatchObject({ code: 'KEY_NOT_FOUND' });
  });

  it('imports into the keychain, answers the address only, and removing the account deletes the entry', async () => {
    const keytar = await loadKeytar();
    const imported = await services.router.handle('accounts.importKey', { label: 'Main', privateKey: TEST_KEY, vault: 'keychain' });
    expect(imported).toMatchObject({ ok: true, value: { address: TEST_ADDRESS, kind: 'keychain', label: 'Main' } });
    expect(JSON.stringify(imported)).not.toContain(TEST_KEY.slice(2));
    expect(await keytar.getPassword(KEYCHAIN_SERVICE, TEST_ADDRESS)).toBe(TEST_KEY);

    const refused = await services.router.handle('accounts.remove', { address: TEST_ADDRESS, confirmAddress: '0x1111111111111111111111111111111111111111' });
    expect(refused).toMatchObject({ ok: false, error: { code: 'CONFIRMATION_MISMATCH' } });
    expect(await keytar.getPassword(KEYCHAIN_SERVICE, TEST_ADDRESS)).toBe(TEST_KEY);

    expect(await services.router.handle('accounts.remove', { address: TEST_ADDRESS, confirmAddress: TEST_ADDRESS })).toMatchObject({ ok: true });
    expect(await keytar.getPassword(KEYCHAIN_SERVICE, TEST_ADDRESS)).toBeNull();
    expect(await services.router.handle('accounts.list', undefined)).toEqual({ ok: true, value: [] });
  });

  it('generates a key straight into the keychain', async () => {
    const answer = await services.router.handle('accounts.generate', { label: 'Fresh', vault: 'keychain' });
    if (!answer.ok) throw new Error(answer.error.message);
    const { address } = answer.value as { address: string };
    expect(await (await loadKeytar()).getPassword(KEYCHAIN_SERVICE, address)).toMatch(/^0x[0-9a-f]{64}$/);
  });

  it('on a machine with no Secret Service, says so in words and stores nothing', () => {
    const env = { ...process.env };
    delete env.DBUS_SESSION_BUS_ADDRESS;
    delete env.DISPLAY;
    const child = spawnSync(process.execPath, ['--import', 'tsx', 'test/integration/signer/fixtures/keychain-status.ts'], { env, encoding: 'utf8' });
    const status = JSON.parse(child.stdout.trim().split('\n').pop()!) as { available: boolean; reason: string };
    expect(status.available).toBe(false);
    expect(status.reason).toMatch(/No OS keychain answered.*gnome-keyring.*passphrase-protected vault.*never stores keys in plain text/);
  });
});
