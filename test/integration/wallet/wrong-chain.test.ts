import { keccak256, parseEther } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadKeytar } from '../../../main/core/signer/keychain-vault';
import { type Services } from '../../../main/core/services';
import { composeApp } from '../../helpers/compose-app';
import { startSandbox, TEST_ACCOUNTS, type Sandbox } from '../../sandbox';
import { recordingLogger } from '../../helpers/recording-logger';
import { makeTempDir } from '../../helpers/temp-dir';
import { CommandError } from '../trading/trading-kit';
import { newIntentId } from './wallet-kit';
import { testKeychainService } from '../../helpers/keychain-service';

const KEYCHAIN_SERVICE = testKeychainService('CoW Desk wrong-chain tests');
const { trader } = TEST_ACCOUNTS;

/**
 * The JSON-RPC URL the app holds for Ethereum answers for Gnosis Chain (a node
 * swapped behind the same address after Settings checked it). A transaction
 * signed for chain 1 must never go to it: the app asks the node its chain id
 * before every preview and send, and refuses in words.
 */
describe('a JSON-RPC URL that serves another chain than the one it is set for', () => {
  let sandbox: Sandbox;
  let services: Services;
  const dir = makeTempDir('cow-desk-wrong-chain-');

  beforeAll(async () => {
    sandbox = await startSandbox({ now: Math.floor(Date.now() / 1000), chain: true });
    const rpcUrls = sandbox.chain!.rpcUrls;
    services = composeApp({
      userDataDir: dir.path,
      appVersion: '0.1.0',
      log: recordingLogger(),
      keychainService: KEYCHAIN_SERVICE,
      defaultEndpoints: { production: { orderbook: sandbox.orderbookUrl, tokenService: sandbox.bffUrl } },
      defaultRpcUrls: { ...rpcUrls, 1: rpcUrls[100]! },
    });
    await call('accounts.importKey', { label: 'Trader', privateKey: trader.privateKey, vault: 'keychain' });
  }, 120_000);
  afterAll(async () => {
    await services?.close();
    await sandbox?.close();
    dir.remove();
    const keytar = await loadKeytar();
    for (const { account } of await keytar.findCredentials(KEYCHAIN_SERVICE)) await keytar.deletePassword(KEYCHAIN_SERVICE, account);
  });

  async function call(command: Parameters<Services['router']['handle']>[0], input: unknown) {
    const envelope = await services.router.handle(command, input);
    if (!envelope.ok) throw new CommandError(envelope.error.code, envelope.error.message, envelope.error.retryable);
    return envelope.value;
  }
  async function refusal(promise: Promise<unknown>): Promise<CommandError> {
    const outcome = await promise.then(
      () => new Error('expected a refusal'),
      (error: unknown) => error,
    );
    if (outcome instanceof CommandError) return outcome;
    throw outcome;
  }

  it('refuses to preview or send a wrap on Ethereum, names both chains, and nothing is signed or sent', async () => {
    const gnosis = sandbox.chain!.client(100);
    const nonceBefore = await gnosis.getTransactionCount({ address: trader.address });
    const intent = { intentId: newIntentId(), kind: 'wrap', account: trader.address, chainId: 1, amount: parseEther('0.1').toString() };

    const preview = await refusal(call('wallet.preview', intent));
    expect(preview.code).toBe('RPC_WRONG_CHAIN');
    expect(preview.message).toMatch(/set for chain 1 now serves chain 100/);
    expect(preview.message).toMatch(/Settings/);

    // A send with the digest of a preview shown before the URL changed: refused for the chain before any comparison.
    expect((await refusal(call('wallet.send', { intent, expectedDigest: keccak256('0x') }))).code).toBe('RPC_WRONG_CHAIN');
    expect(await call('wallet.transactions', {})).toEqual([]);
    expect(await gnosis.getTransactionCount({ address: trader.address })).toBe(nonceBefore);
  });
});
