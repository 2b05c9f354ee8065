import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '../../../../main/common/errors';
import { DEFAULT_ENDPOINTS } from '../../../../main/common/protocol/endpoints';
import { DEFAULT_SETTINGS } from '../../../../main/common/settings/settings-schema';
import { SettingsService, type RpcChecker } from '../../../../main/core/settings/settings-service';
import { openStore, type Store } from '../../../../main/core/store/open-store';
import { SettingsRepo } from '../../../../main/core/store/settings-repo';

describe('SettingsService', () => {
  let store: Store;
  beforeEach(() => (store = openStore(':memory:')));
  afterEach(() => store.close());

  const storage = () => ({ repo: new SettingsRepo(store.db), transaction: (write: () => void) => store.db.transaction(write)() });
  const service = (checkRpc?: RpcChecker) => new SettingsService(storage(), DEFAULT_ENDPOINTS, checkRpc);

  it('starts from the defaults and tells listeners about every change', () => {
    const settings = service();
    expect(settings.current()).toEqual(DEFAULT_SETTINGS);
    const seen: string[] = [];
    settings.onChange((view) => seen.push(view.settings.theme));
    settings.update({ theme: 'dark' });
    settings.update({ theme: 'dark' }); // no change, no event
    expect(seen).toEqual(['dark']);
  });

  it('serves the effective endpoints of the current environment, read fresh after each change', () => {
    const settings = service();
    expect(settings.endpoints().orderbook).toBe('https://api.cow.fi');
    settings.setEndpoint('staging', 'orderbook', 'http://127.0.0.1:9999');
    settings.update({ environment: 'staging' });
    expect(settings.endpoints()).toEqual({ ...DEFAULT_ENDPOINTS.staging, orderbook: 'http://127.0.0.1:9999' });
    settings.setEndpoint('staging', 'orderbook', null);
    expect(settings.endpoints().orderbook).toBe('https://barn.api.cow.fi');
    expect(settings.view().settings.endpoints.staging).toEqual({});
  });

  it('moves the active chain off a chain being switched off, and refuses a disabled active chain', () => {
    const settings = service();
    settings.update({ enabledChains: [100, 8453] });
    expect(settings.current().activeChainId).toBe(100);
    expect(() => settings.update({ activeChainId: 1 })).toThrow(/Chain 1 is switched off/);
  });

  it('keeps what it stored for a new instance on the same database, and ignores a bad row', () => {
    service().update({ theme: 'light', enabledChains: [1, 100], activeChainId: 100, onboarded: true });
    store.db.prepare("UPDATE settings SET value = '\"purple\"' WHERE key = 'theme'").run();
    const again = service();
    expect(again.current()).toMatchObject({ theme: 'system', enabledChains: [1, 100], activeChainId: 100, onboarded: true });
  });

  it('saves an RPC URL only when the checker accepts it', async () => {
    const checker: RpcChecker = async (url, chainId) => {
      if (!url.includes('gnosis')) throw new AppError('RPC_WRONG_CHAIN', `wrong chain for ${chainId}`);
    };
    const settings = service(checker);
    await expect(settings.setRpcUrl(100, 'https://mainnet.example.org')).rejects.toThrow('wrong chain for 100');
    expect(settings.current().rpcUrls).toEqual({});
    await settings.setRpcUrl(100, 'https://gnosis.example.org');
    expect(settings.current().rpcUrls).toEqual({ '100': 'https://gnosis.example.org' });
    await settings.setRpcUrl(100, null);
    expect(settings.current().rpcUrls).toEqual({});
  });

  it('works without a database, keeping changes in memory only', () => {
    const settings = new SettingsService(undefined);
    settings.update({ theme: 'dark' });
    expect(settings.view()).toMatchObject({ persisted: false, settings: { theme: 'dark' } });
  });

  it('keeps internal state apart from user settings', () => {
    const settings = service();
    expect(() => settings.writeInternal('theme', z.string(), 'purple')).toThrow(/is a user setting/);
    settings.writeInternal('window', z.number(), 3);
    expect(settings.readInternal('window', z.number(), 0)).toBe(3);
    expect(settings.current().theme).toBe('system');
  });
});
