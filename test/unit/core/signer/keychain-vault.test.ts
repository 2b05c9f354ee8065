import { describe, expect, it } from 'vitest';
import { KeychainVault, type KeytarLike } from '../../../../main/core/signer/keychain-vault';
import { TEST_ADDRESS, TEST_KEY } from '../../../helpers/order-drafts';

/** Records what the vault asks of the keychain; the real one is exercised in the integration tests. */
function recordingKeytar(entries = new Map<string, string>()) {
  const calls: string[] = [];
  const keytar: KeytarLike = {
    getPassword: async (service, account) => (calls.push(`get ${service} ${account}`), entries.get(`${service}/${account}`) ?? null),
    setPassword: async (service, account, password) => void (calls.push(`set ${service} ${account}`), entries.set(`${service}/${account}`, password)),
    deletePassword: async (service, account) => (calls.push(`delete ${service} ${account}`), entries.delete(`${service}/${account}`)),
    findCredentials: async (service) => (calls.push(`find ${service}`), []),
  };
  return { keytar, calls, entries };
}

describe('keychain vault', () => {
  it('keeps one entry per account under the service "CoW Desk"', async () => {
    const { keytar, calls } = recordingKeytar();
    const vault = new KeychainVault(async () => keytar);
    await vault.store(TEST_ADDRESS, TEST_KEY);
    expect(await vault.load(TEST_ADDRESS)).toBe(TEST_KEY);
    expect(calls).toEqual([`set CoW Desk ${TEST_ADDRESS}`, `get CoW Desk ${TEST_ADDRESS}`]);
  });

  it('checks availability without listing, so no stored key is loaded to answer', async () => {
    const { keytar, calls } = recordingKeytar();
    expect(await new KeychainVault(async () => keytar).status()).toEqual({ available: true });
    expect(calls.some((call) => call.startsWith('find'))).toBe(false);
  });

  it('refuses a stored key that belongs to another address', async () => {
    const { keytar, entries } = recordingKeytar();
    const other = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
    entries.set(`CoW Desk/${other}`, TEST_KEY);
    await expect(new KeychainVault(async () => keytar).load(other)).rejects.toMatchObject({ code: 'KEY_MISMATCH' });
  });

  it('explains an unavailable keychain in words, never with keytar\'s own error', async () => {
    const vault = new KeychainVault(async () => {
      throw new Error('Cannot autolaunch D-Bus without X11 $DISPLAY');
    });
    const status = await vault.status();
    expect(status.available).toBe(false);
    expect(status.reason).toMatch(/No OS keychain answered/);
    await expect(vault.load(TEST_ADDRESS)).rejects.toMatchObject({ code: 'KEYCHAIN_UNAVAILABLE' });
  });
});
