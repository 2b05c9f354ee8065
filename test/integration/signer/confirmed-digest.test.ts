import { parseEther, type Address } from 'viem';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SigningPreview } from '../../../main/common/ipc/commands/signing';
import type { TxPreview } from '../../../main/common/ipc/commands/wallet';
import { loadKeytar } from '../../../main/core/signer/keychain-vault';
import { type Services } from '../../../main/core/services';
import { composeApp } from '../../helpers/compose-app';
import { sellWethDraft } from '../../helpers/order-drafts';
import { recordingLogger } from '../../helpers/recording-logger';
import { makeTempDir } from '../../helpers/temp-dir';
import { startSandbox, TEST_ACCOUNTS, type Sandbox } from '../../sandbox';
import { signerSpy } from './signer-spy';

const SERVICE = 'CoW Desk confirmed digest tests';
const { trader } = TEST_ACCOUNTS;

/**
 * A signature is tied to the preview the user confirmed: main signs an order or
 * sends a transaction only with the digest of that preview, and only when what
 * it would sign hashes to it. Anything else is refused before a signature exists.
 */
describe('signing and sending only what the user reviewed', () => {
  let sandbox: Sandbox;
  let dir: ReturnType<typeof makeTempDir>;
  let services: Services;
  const spy = signerSpy();
  beforeAll(async () => {
    sandbox = await startSandbox({ now: Math.floor(Date.now() / 1000), chain: true });
    dir = makeTempDir();
    services = composeApp({
      userDataDir: dir.path,
      appVersion: 'test',
      log: recordingLogger(),
      keychainService: SERVICE,
      defaultEndpoints: { production: { orderbook: sandbox.orderbookUrl, tokenService: sandbox.bffUrl } },
      defaultRpcUrls: sandbox.chain!.rpcUrls,
      signer: spy.launcher,
    });
    expect(await services.router.handle('accounts.importKey', { label: 'Trader', privateKey: trader.privateKey, vault: 'keychain' })).toMatchObject({ ok: true });
  }, 120_000);
  afterAll(async () => {
    await services?.close();
    await sandbox?.close();
    dir?.remove();
    const keytar = await loadKeytar();
    for (const { account } of await keytar.findCredentials(SERVICE)) await keytar.deletePassword(SERVICE, account);
  });
  beforeEach(() => void spy.answers.splice(0));

  const value = async <T>(command: string, input: unknown): Promise<T> => {
    const answer = await services.router.handle(command, input);
    if (!answer.ok) throw new Error(`${command}: ${answer.error.code} ${answer.error.message}`);
    return answer.value as T;
  };
  const draftOf = (buyAmount: string, signingScheme: 'eip712' | 'ethsign' | 'presign' = 'eip712') =>
    sellWethDraft({ account: trader.address, buyAmount, validTo: Math.floor(Date.now() / 1000) + 3600, signingScheme });
  const digestOf = async (draft: ReturnType<typeof draftOf>) => (await value<SigningPreview>('signing.preview', draft)).digest;
  const signatures = () => spy.answers.filter((answer) => answer.method === 'signTypedData' || answer.method === 'signTransaction');
  const pendingNonce = (address: Address) => sandbox.chain!.client(1).getTransactionCount({ address, blockTag: 'pending' });

  it.each(['eip712', 'ethsign'] as const)('%s: an order signed with the digest of another order is refused PREVIEW_MISMATCH by the signer, nothing signed', async (scheme) => {
    const reviewed = draftOf('2900000000', scheme);
    const other = draftOf('2800000000', scheme);
    const answer = await services.router.handle('signing.signOrder', { draft: other, expectedDigest: await digestOf(reviewed) });
    expect(answer).toMatchObject({ ok: false, error: { code: 'PREVIEW_MISMATCH', message: expect.stringMatching(/changed since you reviewed it.*Review it again/) } });
    // The signer process itself hashed the order, compared and refused: it gave no signature.
    expect(signatures()).toEqual([{ method: 'signTypedData', ok: false, code: 'PREVIEW_MISMATCH' }]);

    // The order the user did review signs, with that digest.
    const signed = await value<{ digest: string }>('signing.signOrder', { draft: reviewed, expectedDigest: await digestOf(reviewed) });
    expect(signed.digest).toBe(await digestOf(reviewed));
    expect(signatures().at(-1)).toEqual({ method: 'signTypedData', ok: true });
  });

  it('presign: the order whose setPreSignature call is answered must be the reviewed one', async () => {
    const reviewed = draftOf('2900000000', 'presign');
    const other = draftOf('2700000000', 'presign');
    const answer = await services.router.handle('signing.signOrder', { draft: other, expectedDigest: await digestOf(reviewed) });
    expect(answer).toMatchObject({ ok: false, error: { code: 'PREVIEW_MISMATCH' } });
    expect(answer).not.toHaveProperty('value');
    const presigned = await value<{ uid: string; preSignature: { call: string } }>('signing.signOrder', { draft: reviewed, expectedDigest: await digestOf(reviewed) });
    expect(presigned.preSignature.call).toBe(`setPreSignature(${presigned.uid}, true)`);
    expect(signatures()).toEqual([]);
  });

  it.each(['eip712', 'presign'] as const)('%s: an order without the digest of a preview is refused in words, and the signer is never asked', async (scheme) => {
    const answer = await services.router.handle('signing.signOrder', { draft: draftOf('2900000000', scheme) });
    expect(answer).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT', message: expect.stringMatching(/expectedDigest: missing: the digest of the preview you confirmed is required/) } });
    expect(spy.answers).toEqual([]);
  });

  it('a transaction sent with the digest of another transaction is refused PREVIEW_MISMATCH: nothing signed, journalled or sent', async () => {
    const nonceBefore = await pendingNonce(trader.address);
    const wrap = (amount: string, intentId: string) => ({ intentId, kind: 'wrap' as const, account: trader.address, chainId: 1, amount: parseEther(amount).toString() });
    const reviewed = wrap('0.1', 'digest-reviewed');
    const other = wrap('0.2', 'digest-other');
    const reviewedPreview = await value<TxPreview>('wallet.preview', reviewed);
    await value<TxPreview>('wallet.preview', other);

    const answer = await services.router.handle('wallet.send', { intent: other, expectedDigest: reviewedPreview.digest });
    expect(answer).toMatchObject({ ok: false, error: { code: 'PREVIEW_MISMATCH', message: expect.stringMatching(/changed since you reviewed it/) } });
    expect(signatures()).toEqual([]);
    expect(await value('wallet.transactions', {})).toEqual([]);
    expect(await pendingNonce(trader.address)).toBe(nonceBefore);

    // Without any digest: refused before anything is built.
    const missing = await services.router.handle('wallet.send', { intent: wrap('0.3', 'digest-missing') });
    expect(missing).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT', message: expect.stringMatching(/expectedDigest: missing/) } });
    expect(signatures()).toEqual([]);
    expect(await value('wallet.transactions', {})).toEqual([]);
    expect(await pendingNonce(trader.address)).toBe(nonceBefore);

    // The reviewed one, with its own digest, is signed once and sent.
    const sent = await value<{ hash: string; intentId: string }>('wallet.send', { intent: reviewed, expectedDigest: reviewedPreview.digest });
    expect(signatures()).toEqual([{ method: 'signTransaction', ok: true }]);
    expect((await value<{ intentId: string; hash: string }[]>('wallet.transactions', {})).map((row) => [row.intentId, row.hash])).toEqual([['digest-reviewed', sent.hash]]);
    expect(await pendingNonce(trader.address)).toBe(nonceBefore + 1);
  });
});
