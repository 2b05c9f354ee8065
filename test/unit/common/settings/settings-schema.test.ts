import { describe, expect, it } from 'vitest';
import { contract } from '../../../../main/common/ipc/contract';

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues.map((issue) => issue.message) ?? [];

describe('settings input validation (the IPC boundary)', () => {
  const setEndpoint = contract.commands['settings.setEndpoint'].input;
  const update = contract.commands['settings.update'].input;
  const setRpc = contract.commands['settings.setRpcUrl'].input;

  it('accepts https and loopback http base URLs, trimmed and without a trailing slash', () => {
    expect(setEndpoint.parse({ environment: 'production', service: 'orderbook', url: ' https://api.example.org/ ' }).url).toBe('https://api.example.org');
    expect(setEndpoint.parse({ environment: 'staging', service: 'tokenService', url: 'http://127.0.0.1:8080' }).url).toBe('http://127.0.0.1:8080');
  });

  it('rejects plain http elsewhere, non-URLs and credentials with a message saying what to do', () => {
    const at = (url: string) => messages(setEndpoint.safeParse({ environment: 'production', service: 'orderbook', url }));
    expect(at('http://api.cow.fi')).toEqual(['http://api.cow.fi is not allowed: use https, or http only on 127.0.0.1 (this machine).']);
    expect(at('api.cow.fi')).toEqual(['"api.cow.fi" is not a URL. Enter an address such as https://api.cow.fi.']);
    expect(at('https://me:secret@api.cow.fi')).toEqual(['https://me:secret@api.cow.fi must not carry a user name or password.']);
    expect(setEndpoint.safeParse({ environment: 'production', service: 'explorer', url: 'https://x.org' }).success).toBe(false);
  });

  it('checks chains, the notification threshold and unknown keys', () => {
    expect(messages(update.safeParse({ enabledChains: [] }))).toEqual(['Enable at least one chain: CoW Desk needs a chain to show pools, orders and prices.']);
    expect(messages(update.safeParse({ enabledChains: [1, 5] }))[0]).toMatch(/^Chain 5 is not supported\. Supported chains: 1 \(Ethereum\), 100 \(Gnosis Chain\)/);
    expect(update.parse({ enabledChains: [8453, 1, 1] }).enabledChains).toEqual([1, 8453]);
    const prefs = { events: { filled: true, partiallyFilled: true, expired: true, cancelled: true, priceImprovement: true }, quietMode: false, backgroundWatching: true };
    expect(messages(update.safeParse({ notifications: { ...prefs, priceImprovementBps: 0 } }))).toEqual(['The threshold must be at least 1 basis point.']);
    expect(messages(update.safeParse({ notifications: { ...prefs, priceImprovementBps: 12.5 } }))).toEqual(['The threshold is a whole number of basis points (1 bp = 0.01 %).']);
    expect(messages(update.safeParse({ notifications: { ...prefs, priceImprovementBps: null } }))).toEqual(['The threshold is a number of basis points.']);
    expect(update.safeParse({ theme: 'blue' }).success).toBe(false);
    expect(update.safeParse({ endpoints: {} }).success).toBe(false);
    expect(setRpc.safeParse({ chainId: 100, url: 'http://node.example.org' }).success).toBe(false);
  });

  it('makes deleting all local data say "delete"', () => {
    const input = contract.commands['data.deleteAll'].input;
    expect(messages(input.safeParse({ confirm: 'yes' }))).toEqual(['Type "delete" to confirm.']);
    expect(input.safeParse({ confirm: 'delete' }).success).toBe(true);
  });
});

describe('notification preferences saved by an earlier version', () => {
  it('still load, keeping the choices, with the newer insufficient-balance switch on', async () => {
    const { notificationPrefsSchema } = await import('../../../../main/common/settings/settings-schema');
    const saved = {
      events: { filled: false, partiallyFilled: true, expired: true, cancelled: false, priceImprovement: true },
      quietMode: false,
      priceImprovementBps: 25,
      backgroundWatching: true,
    };
    const parsed = notificationPrefsSchema.safeParse(saved);
    expect(parsed.success).toBe(true);
    expect(parsed.data?.events).toEqual({ ...saved.events, insufficientBalance: true });
  });
});
