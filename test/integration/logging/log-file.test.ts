import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommandInput, CommandName, CommandOutput } from '../../../main/common/ipc/contract';
import { createFileLogger, LOG_DIR } from '../../../main/core/file-log';
import { withCommandLog } from '../../../main/core/ipc/command-log';
import type { Router } from '../../../main/core/ipc/router';
import { loadKeytar } from '../../../main/core/signer/keychain-vault';
import { type Services } from '../../../main/core/services';
import { composeApp } from '../../helpers/compose-app';
import { startSandbox, TEST_ACCOUNTS, type Sandbox } from '../../sandbox';
import { sellWethDraft } from '../../helpers/order-drafts';
import { makeTempDir } from '../../helpers/temp-dir';
import { sandboxTokenListUrls } from '../../sandbox/bff/token-lists';
import { testKeychainService } from '../../helpers/keychain-service';

const SERVICE = testKeychainService('CoW Desk log tests');
const PASSPHRASE = 'log test passphrase 7f3a';
const { trader, trader2 } = TEST_ACCOUNTS;

/**
 * The app's services writing to the real log file, driven through the IPC router
 * (with the command log the Electron transport adds) through an import, sign and
 * submit flow that also fails in the ways users meet; then the file is searched.
 */
describe('the log file after an import-sign-submit flow', () => {
  const dir = makeTempDir('cow-desk-logfile-');
  let sandbox: Sandbox;
  let services: Services;
  let router: Router;
  const secrets: Record<string, string> = {};
  let logText = '';

  async function call<C extends CommandName>(command: C, input: CommandInput<C>): Promise<CommandOutput<C> | { failed: string }> {
    const envelope = await router.handle(command, input);
    return envelope.ok ? (envelope.value as CommandOutput<C>) : { failed: envelope.error.code };
  }

  beforeAll(async () => {
    sandbox = await startSandbox({ now: Math.floor(Date.now() / 1000) });
    const log = createFileLogger({ dir: join(dir.path, LOG_DIR) });
    services = composeApp({
      userDataDir: dir.path,
      appVersion: 'test',
      log,
      keychainService: SERVICE,
      defaultEndpoints: { production: { orderbook: sandbox.orderbookUrl, tokenService: sandbox.bffUrl } },
      tokenListUrls: sandboxTokenListUrls(sandbox.bffUrl),
    });
    router = withCommandLog(services.router, log);

    expect(await call('accounts.importKey', { label: 'Keychain trader', privateKey: trader.privateKey, vault: 'keychain' })).toMatchObject({ kind: 'keychain' });
    expect(await call('accounts.importKey', { label: 'Vault trader', privateKey: trader2.privateKey, vault: 'passphrase', passphrase: PASSPHRASE })).toMatchObject({ kind: 'passphrase' });
    // A key pasted with a typo, and one imported twice.
    expect(await call('accounts.importKey', { label: 'Typo', privateKey: `${trader.privateKey.slice(0, 40)}zz${trader.privateKey.slice(42)}`, vault: 'keychain' })).toEqual({ failed: 'INVALID_INPUT' });
    expect(await call('accounts.importKey', { label: 'Twice', privateKey: trader2.privateKey, vault: 'passphrase', passphrase: PASSPHRASE })).toHaveProperty('failed');

    const draft = sellWethDraft({ account: trader2.address, buyAmount: '2900000000', validTo: Math.floor(Date.now() / 1000) + 3600 });
    // Signed as the dialog signs: with the digest of the preview it showed, first with a mistyped passphrase.
    const preview = await call('signing.preview', draft);
    if ('failed' in preview) throw new Error(`preview failed: ${preview.failed}`);
    expect(await call('signing.signOrder', { draft, passphrase: `${PASSPHRASE}-wrong`, expectedDigest: preview.digest })).toHaveProperty('failed');
    const signed = await call('signing.signOrder', { draft, passphrase: PASSPHRASE, expectedDigest: preview.digest });
    if ('failed' in signed) throw new Error(`signing failed: ${signed.failed}`);
    const submitted = await call('trade.submit', { draft, signed, quoteId: null });
    expect(submitted).toMatchObject({ uid: signed.uid });
    // The same order again is the order already placed (never a failure, never a second order);
    // one whose signature was tampered with is refused.
    expect(await call('trade.submit', { draft, signed, quoteId: null })).toMatchObject({ uid: signed.uid });
    const forged = { ...signed, signature: `${signed.signature.slice(0, -4)}0000` as `0x${string}` };
    expect(await call('trade.submit', { draft: { ...draft, buyAmount: '2800000000' }, signed: forged, quoteId: null })).toHaveProperty('failed');

    Object.assign(secrets, {
      'keychain private key': trader.privateKey.slice(2),
      'vault private key': trader2.privateKey.slice(2),
      passphrase: PASSPHRASE,
      signature: signed.signature.slice(2),
      'signing digest (the EIP-712 input)': signed.digest.slice(2),
    });
    const logs = join(dir.path, LOG_DIR);
    logText = readdirSync(logs).map((file) => readFileSync(join(logs, file), 'utf8')).join('\n');
  }, 60_000);

  afterAll(async () => {
    await services.close();
    await sandbox.close();
    dir.remove();
    const keytar = await loadKeytar();
    for (const { account } of await keytar.findCredentials(SERVICE)) await keytar.deletePassword(SERVICE, account);
  });

  it('records each failure the user saw, one JSON line each, with its code and message', () => {
    const lines = logText.trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
    const failures = lines.filter((line) => line.message === 'command failed');
    expect(failures.map((line) => line.command)).toEqual(['accounts.importKey', 'accounts.importKey', 'signing.signOrder', 'trade.submit']);
    for (const line of failures) expect(line).toMatchObject({ level: 'warn', code: expect.any(String), shown: expect.any(String), ms: expect.any(Number) });
    expect(failures[0]).toMatchObject({ code: 'INVALID_INPUT', shown: expect.stringContaining('A private key is 64 hex digits') });
  });

  it('holds no key material, passphrase, signature, signing input or request body', () => {
    expect(logText.length).toBeGreaterThan(0);
    for (const [name, secret] of Object.entries(secrets)) expect(logText.toLowerCase().includes(secret.toLowerCase()), name).toBe(false);
    expect(logText).not.toMatch(/"signature"\s*:\s*"0x/);
    expect(logText).not.toContain('"sellAmount":"1000000000000000000"');
  });
});
