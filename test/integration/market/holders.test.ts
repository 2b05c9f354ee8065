import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { HoldersResult } from '../../../main/common/market/market-schema';
import { startSandbox, NO_PRICE_TOKEN, type Sandbox } from '../../sandbox';
import { marketFor, tamperingFetch } from './market-kit';
import { startRpcStub } from './rpc-stub';

const WETH = '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2';
const UNKNOWN = '0x2222222222222222222222222222222222222222';
const ok = <T>(answer: unknown) => {
  expect(answer).toMatchObject({ ok: true });
  return (answer as { value: T }).value;
};
const holdersOf = (result: HoldersResult) => {
  if (!result.holders.ok) throw new Error(`holders failed: ${result.holders.message}`);
  return result.holders;
};

describe('token holders against the sandbox', () => {
  let sandbox: Sandbox;
  let kit: ReturnType<typeof marketFor>;
  beforeEach(async () => {
    sandbox = await startSandbox();
    kit = marketFor(sandbox);
  });
  afterEach(async () => {
    kit.close();
    await sandbox.close();
  });

  it('prices a known token and shares its holders of the listed total; supply needs an RPC endpoint', async () => {
    const result = ok<HoldersResult>(await kit.call('market.holders', { chain: 'mainnet', token: WETH.toLowerCase() }));
    expect(result).toMatchObject({ chainId: 1, token: WETH, price: { ok: true, usd: 3000, fetchedAt: kit.clock.now() } });
    expect(result.meta).toMatchObject({ symbol: 'WETH', decimals: 18, totalSupply: null, source: 'known', notice: expect.stringMatching(/JSON-RPC endpoint/) });
    const holders = holdersOf(result);
    expect(holders.rows).toHaveLength(10);
    const top = holders.rows[0]!;
    expect(BigInt(top.balance)).toBe(BigInt(top.amount!.replace('.', '')) * (top.amount!.includes('.') ? 1n : 10n ** 18n));
    expect(top.usd).toBeCloseTo(Number(top.amount) * 3000, 6);
    expect(holders.rows.reduce((sum, row) => sum + row.listedShare, 0)).toBeCloseTo(1, 9);
    expect(holders.rows.every((row) => row.supplyShare === null)).toBe(true);
    expect(holders.concentration.map((group) => [group.top, group.count])).toEqual([[1, 1], [5, 5], [10, 10]]);
    expect(holders.concentration[2]!.listedShare).toBeCloseTo(1, 9);
  });

  it('reads symbol, decimals and total supply on-chain when an RPC endpoint is set, and shares of supply', async () => {
    const supply = 100_000_000n * 10n ** 18n;
    const stub = await startRpcStub(1, { [NO_PRICE_TOKEN]: { symbol: 'ILLQ', decimals: 18, totalSupply: supply } });
    try {
      await kit.settings.setRpcUrl(1, stub.url);
      const result = ok<HoldersResult>(await kit.call('market.holders', { chain: 1, token: NO_PRICE_TOKEN }));
      expect(result.meta).toEqual({ symbol: 'ILLQ', decimals: 18, totalSupply: supply.toString(), source: 'rpc', notice: null });
      expect(result.price).toEqual({ ok: false, code: 'NOT_FOUND', message: 'Price not found' });
      const holders = holdersOf(result);
      const top = holders.rows[0]!;
      expect(top.usd).toBeNull();
      expect(top.supplyShare).toBeCloseTo(Number(BigInt(top.balance) * 10n ** 9n / supply) / 1e9, 9);
      expect(holders.concentration[0]!.supplyShare).toBe(top.supplyShare);
      expect(stub.calls.filter((method) => method === 'eth_call')).toHaveLength(3);
    } finally {
      await stub.close();
    }
  });

  it('keeps the list for a known token, and refuses shares of a supply smaller than what the holders hold', async () => {
    const stub = await startRpcStub(1, { [WETH]: { symbol: 'WETH9', decimals: 18, totalSupply: 1000n * 10n ** 18n } });
    try {
      await kit.settings.setRpcUrl(1, stub.url);
      const result = ok<HoldersResult>(await kit.call('market.holders', { chain: 1, token: WETH }));
      expect(result.meta).toMatchObject({ symbol: 'WETH', decimals: 18, totalSupply: (1000n * 10n ** 18n).toString(), source: 'known' });
      expect(result.meta.notice).toMatch(/hold more than the total supply/);
      expect(holdersOf(result).rows.every((row) => row.supplyShare === null)).toBe(true);
    } finally {
      await stub.close();
    }
  });

  it('shows an unknown token as whole counts, saying its decimals are unknown, and the 404s as the service words them', async () => {
    const noPrice = ok<HoldersResult>(await kit.call('market.holders', { chain: 1, token: NO_PRICE_TOKEN }));
    expect(noPrice.meta).toMatchObject({ symbol: null, decimals: null, source: 'none', notice: expect.stringMatching(/its decimals are unknown/) });
    expect(holdersOf(noPrice).rows[0]).toMatchObject({ amount: null, usd: null, balance: expect.stringMatching(/^\d+$/) });

    const unknown = ok<HoldersResult>(await kit.call('market.holders', { chain: 1, token: UNKNOWN }));
    expect(unknown.price).toEqual({ ok: false, code: 'NOT_FOUND', message: 'Price not found' });
    expect(unknown.holders).toEqual({ ok: false, code: 'NOT_FOUND', message: 'Token holders not found' });
  });

  it('prices the native asset with "-" and says why it has no holder list', async () => {
    const result = ok<HoldersResult>(await kit.call('market.holders', { chain: 100, token: '-' }));
    expect(result.price).toMatchObject({ ok: true, usd: 1 });
    expect(result.holders).toMatchObject({ ok: false, code: 'NATIVE_ASSET', message: expect.stringContaining('ERC-20 tokens only') });
  });

  it('rejects a malformed or mis-checksummed address with a message and asks nothing', async () => {
    expect(await kit.call('market.holders', { chain: 1, token: '0x123' })).toMatchObject({
      ok: false,
      error: { code: 'INVALID_INPUT', message: expect.stringContaining('is not an address') },
    });
    expect(await kit.call('market.holders', { chain: 1, token: WETH.replace('C02', 'c02') })).toMatchObject({
      ok: false,
      error: { message: expect.stringContaining('wrong checksum') },
    });
    expect(sandbox.requests).toHaveLength(0);
  });

  it('shows 400 and 500 from the service in place of the price and the holders', async () => {
    const broken = marketFor(sandbox, { fetch: tamperingFetch((url, init) => [url.replace(WETH, 'not-a-token'), init]) });
    try {
      const result = ok<HoldersResult>(await broken.call('market.holders', { chain: 1, token: WETH }));
      expect(result.price).toMatchObject({ ok: false, code: 'HTTP_400', message: expect.stringContaining('must be a valid address') });
      expect(result.holders).toMatchObject({ ok: false, code: 'HTTP_400' });
    } finally {
      broken.close();
    }
    sandbox.faults.set({ errorRate: 1, status: 500 });
    const failed = ok<HoldersResult>(await kit.call('market.holders', { chain: 1, token: WETH }));
    expect(failed.price).toMatchObject({ ok: false, code: 'HTTP_500', message: expect.stringContaining('temporary problem (HTTP 500)') });
    expect(failed.holders).toMatchObject({ ok: false, code: 'HTTP_500' });
  });

  it('exports the holders shown as CSV under userData/exports', async () => {
    const shown = holdersOf(ok<HoldersResult>(await kit.call('market.holders', { chain: 1, token: WETH })));
    const exported = ok<{ path: string; rows: number }>(await kit.call('market.exportHolders', { chain: 1, token: WETH }));
    expect(exported.path.startsWith(`${kit.dir}/exports/holders-mainnet-WETH-`)).toBe(true);
    const lines = readFileSync(exported.path, 'utf8').trimEnd().split('\r\n');
    expect(lines[0]).toBe('rank,address,balance_base_units,amount_WETH,usd_value,share_of_listed,share_of_supply');
    expect(lines).toHaveLength(1 + shown.rows.length);
    expect(lines[1]!.split(',').slice(0, 3)).toEqual(['1', shown.rows[0]!.address, shown.rows[0]!.balance]);
    expect(await kit.call('market.exportHolders', { chain: 1, token: UNKNOWN })).toMatchObject({
      ok: false,
      error: { code: 'NOT_FOUND', message: 'Token holders not found' },
    });
  });
});
