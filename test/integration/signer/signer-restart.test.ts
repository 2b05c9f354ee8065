import { parseUnits, type Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignedOrder } from '../../../main/common/ipc/commands/signing';
import type { TxPreview, TxRecord } from '../../../main/common/ipc/commands/wallet';
import { type Services } from '../../../main/core/services';
import { composeApp } from '../../helpers/compose-app';
import { sellWethDraft, USDC } from '../../helpers/order-drafts';
import { recordingLogger } from '../../helpers/recording-logger';
import { makeTempDir } from '../../helpers/temp-dir';
import { startSandbox, TEST_ACCOUNTS, type Sandbox } from '../../sandbox';
import { testKeychainService } from '../../helpers/keychain-service';
import { UNTHROTTLED } from '../sandbox/sandbox-kit';
import { signerSpy } from './signer-spy';

// Passphrase-vault accounts: each signature decrypts the key with scrypt, so the
// signer is still working on a request when the kill -9 lands right after it was sent.
const PASSPHRASE = 'correct horse battery staple';
const { trader, noAllowance } = TEST_ACCOUNTS;

describe('the signer process killed with kill -9 mid-request', () => {
  let sandbox: Sandbox;
  let dir: ReturnType<typeof makeTempDir>;
  let services: Services;
  const spy = signerSpy();
  const log = recordingLogger();
  beforeAll(async () => {
    // The test reads the orderbook's routes itself beside the app's own budget of the live 5 a second.
    sandbox = await startSandbox({ now: Math.floor(Date.now() / 1000), chain: true, rateLimits: UNTHROTTLED });
    dir = makeTempDir();
    services = composeApp({
      userDataDir: dir.path,
      appVersion: 'test',
      log,
      keychainService: testKeychainService('CoW Desk signer restart tests'),
      defaultEndpoints: { production: { orderbook: sandbox.orderbookUrl, tokenService: sandbox.bffUrl } },
      defaultRpcUrls: sandbox.chain!.rpcUrls,
      signer: spy.launcher,
    });
    for (const { privateKey } of [trader, noAllowance]) {
      const imported = await services.router.handle('accounts.importKey', { label: privateKey.slice(0, 6), privateKey, vault: 'passphrase', passphrase: PASSPHRASE });
      expect(imported).toMatchObject({ ok: true });
    }
  }, 120_000);
  afterAll(async () => {
    await services?.close();
    await sandbox?.close();
    dir?.remove();
  });

  const ordersOf = async (owner: Address) => ((await (await fetch(`${sandbox.orderbookUrl}/mainnet/api/v1/account/${owner}/orders`)).json()) as { uid: string }[]);

  it('during an order signature: the app says the signer restarted, nothing is submitted, and the next click signs and submits one order', async () => {
    const draft = sellWethDraft({ account: trader.address, buyAmount: '2900000000', validTo: Math.floor(Date.now() / 1000) + 3600 });
    const preview = await services.router.handle('signing.preview', draft);
    if (!preview.ok) throw new Error(preview.error.message);
    const { digest } = preview.value as { digest: string };

    // A click: sign, and submit only what was signed.
    const click = async () => {
      const signed = await services.router.handle('signing.signOrder', { draft, passphrase: PASSPHRASE, expectedDigest: digest });
      if (!signed.ok) return signed;
      return services.router.handle('trade.submit', { draft, signed: signed.value as SignedOrder, quoteId: null });
    };
    const killed = spy.killOnNextRequest();
    const first = await click();
    expect(await killed).toBe(spy.started.at(-1)!.pid);
    expect(first).toMatchObject({ ok: false, error: { code: 'SIGNER_RESTARTED', message: expect.stringMatching(/^The signer restarted.*nothing was signed or sent/) } });
    expect(log.lines.some((line) => line.message === 'signer restarted')).toBe(true);
    expect(await ordersOf(trader.address)).toEqual([]);

    const launches = spy.started.length;
    const second = await click();
    expect(second).toMatchObject({ ok: true });
    // A new signer process answered it.
    expect(spy.started.length).toBe(launches + 1);
    expect(spy.started.at(-1)!.pid).not.toBe(await killed);
    expect((await ordersOf(trader.address)).length).toBe(1);
  }, 60_000);

  it('during a send: the app says so, no transaction leaves, and the next click sends exactly one', async () => {
    const chain = sandbox.chain!.client(1);
    const nonceBefore = await chain.getTransactionCount({ address: noAllowance.address });
    const intent = { intentId: 'restart-approve', kind: 'approve' as const, account: noAllowance.address, chainId: 1, token: USDC, amount: parseUnits('25', 6).toString() };
    const preview = await services.router.handle('wallet.preview', intent);
    if (!preview.ok) throw new Error(preview.error.message);
    const send = () => services.router.handle('wallet.send', { intent, passphrase: PASSPHRASE, expectedDigest: (preview.value as TxPreview).digest });

    const killed = spy.killOnNextRequest();
    const first = await send();
    await killed;
    expect(first).toMatchObject({ ok: false, error: { code: 'SIGNER_RESTARTED', message: expect.stringMatching(/^The signer restarted/) } });
    expect(await chain.getTransactionCount({ address: noAllowance.address, blockTag: 'pending' })).toBe(nonceBefore);
    expect(await services.router.handle('wallet.transactions', {})).toEqual({ ok: true, value: [] });

    const second = await send();
    expect(second).toMatchObject({ ok: true, value: { status: 'broadcast' } });
    expect(await chain.getTransactionCount({ address: noAllowance.address, blockTag: 'pending' })).toBe(nonceBefore + 1);
    const journal = await services.router.handle('wallet.transactions', {});
    expect((journal.ok ? (journal.value as TxRecord[]) : []).map((row) => row.hash)).toEqual([(second.ok ? (second.value as TxRecord) : null)?.hash]);
  }, 60_000);
});
