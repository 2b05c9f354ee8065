import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Hex } from 'viem';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { OrderDraft, SignedOrder, SigningPreview } from '../../../main/common/ipc/commands/signing';
import { customDomain } from '../../../main/common/protocol/domain';
import { recoverDigestSigner } from '../../../main/common/protocol/signatures';
import { KeychainVault, loadKeytar } from '../../../main/core/signer/keychain-vault';
import { signOrderStruct } from '../../../main/core/signer/order-signer';
import { VAULT_DIR, type Services } from '../../../main/core/services';
import { composeApp } from '../../helpers/compose-app';
import { sellWethDraft, TEST_ADDRESS, TEST_KEY } from '../../helpers/order-drafts';
import { recordingLogger } from '../../helpers/recording-logger';
import { makeTempDir } from '../../helpers/temp-dir';
import { vectors } from '../../helpers/vectors';
import { testKeychainService } from '../../helpers/keychain-service';

const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;
// Its own keychain service, so files running in parallel never touch each other's entries.
const SERVICE = testKeychainService('CoW Desk signing tests');

describe('signing by intent with keys from the vaults', () => {
  let dir: ReturnType<typeof makeTempDir>;
  let services: Services;
  beforeEach(() => {
    dir = makeTempDir();
    services = composeApp({ userDataDir: dir.path, appVersion: 'test', log: recordingLogger(), keychainService: SERVICE });
  });
  afterEach(async () => {
    await services.close();
    dir.remove();
    const keytar = await loadKeytar();
    for (const { account } of await keytar.findCredentials(SERVICE)) await keytar.deletePassword(SERVICE, account);
  });

  /** Signed as the signing dialog signs: with the digest of the preview it showed. */
  const sign = async (input: { draft: OrderDraft; passphrase?: string }) => {
    const preview = await services.router.handle('signing.preview', input.draft);
    if (!preview.ok) throw Object.assign(new Error(preview.error.message), preview.error);
    const answer = await services.router.handle('signing.signOrder', { ...input, expectedDigest: (preview.value as SigningPreview).digest });
    if (!answer.ok) throw Object.assign(new Error(answer.error.message), answer.error);
    return answer.value as SignedOrder;
  };

  it('signs eip712 and ethsign orders that recover to the account, and again after a restart in a new process', async () => {
    await services.router.handle('accounts.importKey', { label: 'Main', privateKey: TEST_KEY, vault: 'keychain' });
    const draft = sellWethDraft({ validTo: inAnHour() });
    const eip712 = await sign({ draft });
    expect(await recoverDigestSigner(eip712.digest, 'eip712', eip712.signature)).toBe(TEST_ADDRESS);
    const ethsign = await sign({ draft: { ...draft, signingScheme: 'ethsign' } });
    expect(await recoverDigestSigner(ethsign.digest, 'ethsign', ethsign.signature)).toBe(TEST_ADDRESS);
    await services.close();

    const child = spawnSync(process.execPath, ['--import', 'tsx', 'test/integration/signer/fixtures/sign-in-new-process.ts', dir.path, JSON.stringify(draft), SERVICE], {
      encoding: 'utf8',
    });
    const answer = JSON.parse(child.stdout.trim().split('\n').pop()!) as { ok: boolean; value: SignedOrder };
    expect(answer.ok).toBe(true);
    // ECDSA signing is deterministic (RFC 6979): the same key gives the same signature.
    expect(answer.value.signature).toBe(eip712.signature);
    services = composeApp({ userDataDir: dir.path, appVersion: 'test', log: recordingLogger(), keychainService: SERVICE });
  });

  it('reproduces the vector signatures with the vector key loaded back from the keychain', async () => {
    const [vector] = vectors.orders;
    await services.router.handle('accounts.importKey', { label: 'Vector', privateKey: vector!.signer_private_key_public_test_key, vault: 'keychain' });
    const key = await new KeychainVault(loadKeytar, SERVICE).load(vector!.owner);
    const struct = { ...vector!.order, sellAmount: BigInt(vector!.order.sellAmount), buyAmount: BigInt(vector!.order.buyAmount), feeAmount: BigInt(vector!.order.feeAmount) };
    const domain = customDomain(31337, '0x5FbDB2315678afecb367f032d93F642f64180aa3');
    expect(await signOrderStruct(key, struct, domain, 'eip712')).toBe(vector!.signatures.eip712);
    expect(await signOrderStruct(key, struct, domain, 'ethsign')).toBe(vector!.signatures.ethsign);
  });

  it('refuses to sign for a watch-only account, but prepares its presign call', async () => {
    await services.router.handle('accounts.addWatchOnly', { label: 'Safe', address: TEST_ADDRESS });
    const draft = sellWethDraft({ validTo: inAnHour() });
    await expect(sign({ draft })).rejects.toMatchObject({ code: 'WATCH_ONLY', message: expect.stringMatching(/watch-only.*cannot sign/) });
    const presigned = await sign({ draft: { ...draft, signingScheme: 'presign' } });
    expect(presigned.signature).toBe('0x');
    expect(presigned.preSignature?.call).toBe(`setPreSignature(${presigned.uid}, true)`);
    // setPreSignature(bytes,bool) selector, then the ABI-encoded UID.
    expect(presigned.preSignature?.data.startsWith('0xec6cb13f')).toBe(true);
    expect(presigned.preSignature?.data).toContain(presigned.uid.slice(2));
  });

  it('keeps a passphrase-vault key encrypted in a 0600 file, and a wrong passphrase fails cleanly', async () => {
    const passphrase = 'correct horse battery staple';
    const imported = await services.router.handle('accounts.importKey', { label: 'Cold', privateKey: TEST_KEY, vault: 'passphrase', passphrase });
    expect(imported).toMatchObject({ ok: true, value: { kind: 'passphrase' } });
    const [file] = readdirSync(join(dir.path, VAULT_DIR));
    const path = join(dir.path, VAULT_DIR, file!);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(readFileSync(path, 'utf8').toLowerCase()).not.toContain(TEST_KEY.slice(2));
    expect(await (await loadKeytar()).getPassword(SERVICE, TEST_ADDRESS)).toBeNull();

    const draft = sellWethDraft({ validTo: inAnHour() });
    await expect(sign({ draft })).rejects.toMatchObject({ code: 'PASSPHRASE_REQUIRED' });
    await expect(sign({ draft, passphrase: 'wrong horse battery staple' })).rejects.toMatchObject({
      code: 'WRONG_PASSPHRASE',
      message: 'That passphrase does not unlock this key. Check it and try again.',
    });
    const signed = await sign({ draft, passphrase });
    expect(await recoverDigestSigner(signed.digest, 'eip712', signed.signature as Hex)).toBe(TEST_ADDRESS);
  });

  it('rejects an invalid key with a message and stores nothing', async () => {
    const zero = `0x${'0'.repeat(64)}`;
    expect(await services.router.handle('accounts.importKey', { label: 'Bad', privateKey: zero, vault: 'keychain' })).toMatchObject({
      ok: false,
      error: { code: 'INVALID_PRIVATE_KEY' },
    });
    expect(await services.router.handle('accounts.importKey', { label: 'Bad', privateKey: 'xyz', vault: 'keychain' })).toMatchObject({
      ok: false,
      error: { code: 'INVALID_INPUT', message: expect.stringContaining('64 hex digits') },
    });
    expect(await services.router.handle('accounts.list', undefined)).toEqual({ ok: true, value: [] });
  });
});

describe('vault integrity', () => {
  let dir: ReturnType<typeof makeTempDir>;
  beforeEach(() => (dir = makeTempDir()));
  afterEach(() => dir.remove());

  it('reports a damaged or tampered vault file as damaged, never as a key', async () => {
    const { PassphraseVault } = await import('../../../main/core/signer/passphrase-vault');
    const vault = new PassphraseVault(join(dir.path, VAULT_DIR));
    await vault.store(TEST_ADDRESS, TEST_KEY, 'correct horse battery staple');
    const path = join(dir.path, VAULT_DIR, `${TEST_ADDRESS.toLowerCase()}.json`);
    const good = readFileSync(path, 'utf8');
    const { writeFileSync } = await import('node:fs');

    writeFileSync(path, '{not json');
    await expect(vault.load(TEST_ADDRESS, 'correct horse battery staple')).rejects.toMatchObject({ code: 'VAULT_CORRUPT' });
    const file = JSON.parse(good) as { tag: string; N: number };
    writeFileSync(path, JSON.stringify({ ...file, tag: file.tag.slice(0, 8) }));
    await expect(vault.load(TEST_ADDRESS, 'correct horse battery staple')).rejects.toMatchObject({ code: 'VAULT_CORRUPT' });
    writeFileSync(path, JSON.stringify({ ...file, N: 2 }));
    await expect(vault.load(TEST_ADDRESS, 'correct horse battery staple')).rejects.toMatchObject({ code: 'VAULT_CORRUPT' });

    // Another account's file put in this one's place does not decrypt: the address is bound in.
    const other = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
    writeFileSync(path, good);
    const { renameSync } = await import('node:fs');
    renameSync(path, join(dir.path, VAULT_DIR, `${other.toLowerCase()}.json`));
    await expect(vault.load(other, 'correct horse battery staple')).rejects.toMatchObject({ code: 'WRONG_PASSPHRASE' });
  });
});

describe('signing what was reviewed', () => {
  let dir: ReturnType<typeof makeTempDir>;
  let services: Services;
  beforeEach(() => {
    dir = makeTempDir();
    services = composeApp({ userDataDir: dir.path, appVersion: 'test', log: recordingLogger(), keychainService: SERVICE });
  });
  afterEach(async () => {
    await services.close();
    dir.remove();
    const keytar = await loadKeytar();
    for (const { account } of await keytar.findCredentials(SERVICE)) await keytar.deletePassword(SERVICE, account);
  });

  it('refuses to sign when the order changed since its preview, e.g. after switching to staging', async () => {
    await services.router.handle('accounts.importKey', { label: 'Main', privateKey: TEST_KEY, vault: 'keychain' });
    const draft = sellWethDraft({ validTo: inAnHour() });
    const preview = await services.router.handle('signing.preview', draft);
    if (!preview.ok) throw new Error(preview.error.message);
    const { digest } = preview.value as { digest: string };
    expect(await services.router.handle('signing.signOrder', { draft, expectedDigest: digest })).toMatchObject({ ok: true });
    await services.router.handle('settings.update', { environment: 'staging' });
    expect(await services.router.handle('signing.signOrder', { draft, expectedDigest: digest })).toMatchObject({
      ok: false,
      error: { code: 'PREVIEW_MISMATCH' },
    });
  });
  it('says a vault file tampered to a scrypt cost it never writes (N = 2^20, 1 GiB; N not a power of two) is damaged, in words', async () => {
    const { PassphraseVault } = await import('../../../main/core/signer/passphrase-vault');
    const vault = new PassphraseVault(join(dir.path, VAULT_DIR));
    await vault.store(TEST_ADDRESS, TEST_KEY, 'correct horse battery staple');
    const path = join(dir.path, VAULT_DIR, `${TEST_ADDRESS.toLowerCase()}.json`);
    const file = JSON.parse(readFileSync(path, 'utf8')) as { N: number };
    const { writeFileSync } = await import('node:fs');
    for (const N of [2 ** 20, 2 ** 17 - 1]) {
      writeFileSync(path, JSON.stringify({ ...file, N }));
      await expect(vault.load(TEST_ADDRESS, 'correct horse battery staple'), `N = ${N}`).rejects.toMatchObject({
        code: 'VAULT_CORRUPT',
        message: `The vault file for ${TEST_ADDRESS} is damaged; import the key again.`,
      });
    }
  });
});
