import { afterEach, describe, expect, it } from 'vitest';
import { TEST_ACCOUNTS, UNLISTED_TOKEN } from '../../sandbox';
import { startWalletKit, type WalletKit } from './wallet-kit';

/**
 * A pasted address on no token list: read from the token contract on the
 * sandbox chain (symbol, name, decimals) for the unknown-token warning, and
 * searchable by its symbol only once imported, also after a restart.
 */
describe('unknown token from the chain', () => {
  let kit: WalletKit;
  afterEach(async () => kit.stop());

  it('reads symbol, name and decimals from the contract; imported, it is found by symbol and survives a restart', async () => {
    kit = await startWalletKit();
    expect((await kit.call('tokens.search', { chainId: 1, query: UNLISTED_TOKEN.address, limit: 10 })).results).toEqual([]);

    const read = await kit.call('tokens.inspect', { chainId: 1, address: UNLISTED_TOKEN.address });
    expect(read).toEqual({ address: UNLISTED_TOKEN.address, symbol: 'MYST', name: 'Mystery Token', decimals: 9, resembles: null });
    // Reading is not importing: the picker still does not know it.
    expect((await kit.call('tokens.search', { chainId: 1, query: 'MYST', limit: 10 })).results).toEqual([]);

    const imported = await kit.call('tokens.import', { chainId: 1, address: UNLISTED_TOKEN.address });
    expect(imported).toMatchObject({ symbol: 'MYST', name: 'Mystery Token', decimals: 9, lists: ['Imported by you'], native: false });
    await kit.restart();
    const found = await kit.call('tokens.search', { chainId: 1, query: 'myst', limit: 10 });
    expect(found.results).toEqual([expect.objectContaining({ address: UNLISTED_TOKEN.address, decimals: 9, lists: ['Imported by you'] })]);
  });

  it('refuses an address with no contract, and an account address, in words', async () => {
    kit = await startWalletKit();
    const empty = await kit.failure(kit.call('tokens.inspect', { chainId: 1, address: '0x00000000000000000000000000000000000c0ffe' }));
    expect(empty).toMatchObject({ code: 'NOT_A_TOKEN' });
    expect(empty.message).toMatch(/cannot be used as a token on Ethereum: there is no contract at this address/);
    const person = await kit.failure(kit.call('tokens.import', { chainId: 1, address: TEST_ACCOUNTS.trader.address }));
    expect(person.message).toMatch(/no contract at this address/);
    expect((await kit.call('tokens.search', { chainId: 1, query: TEST_ACCOUNTS.trader.address, limit: 10 })).results).toEqual([]);
  });

  it('importing the same token twice keeps one entry', async () => {
    kit = await startWalletKit();
    await kit.call('tokens.import', { chainId: 1, address: UNLISTED_TOKEN.address });
    await kit.call('tokens.import', { chainId: 1, address: UNLISTED_TOKEN.address });
    await kit.restart();
    expect((await kit.call('tokens.search', { chainId: 1, query: 'MYST', limit: 10 })).results).toHaveLength(1);
  });

  it('with no JSON-RPC for the chain, says so and points to Settings', async () => {
    kit = await startWalletKit({ rpc: false });
    const error = await kit.failure(kit.call('tokens.inspect', { chainId: 1, address: UNLISTED_TOKEN.address }));
    expect(error).toMatchObject({ code: 'RPC_NOT_CONFIGURED' });
    expect(error.message).toMatch(/No JSON-RPC URL is set for Ethereum.*Settings/);
  });
});
