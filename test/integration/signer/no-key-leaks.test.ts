import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SignedOrder, SigningPreview } from '../../../main/common/ipc/commands/signing';
import { createApiClient } from '../../../main/core/api/api-client';
import { loadKeytar } from '../../../main/core/signer/keychain-vault';
import { type Services } from '../../../main/core/services';
import { composeApp } from '../../helpers/compose-app';
import { startSandbox, TEST_ACCOUNTS, type Sandbox } from '../../sandbox';
import { sellWethDraft } from '../../helpers/order-drafts';
import { recordingLogger } from '../../helpers/recording-logger';
import { makeTempDir } from '../../helpers/temp-dir';
import { testKeychainService } from '../../helpers/keychain-service';

const SERVICE = testKeychainService('CoW Desk leak tests');
const { trader2 } = TEST_ACCOUNTS;
const keyHex = trader2.privateKey.slice(2);

describe('the private key never leaves the vault', () => {
  let dir: ReturnType<typeof makeTempDir>;
  let sandbox: Sandbox;
  let services: Services;
  const log = recordingLogger();
  const ipc: { command: string; input: unknown; output: unknown }[] = [];
  const events: unknown[] = [];

  beforeEach(async () => {
    dir = makeTempDir();
    sandbox = await startSandbox({ now: Math.floor(Date.now() / 1000) });
    services = composeApp({ userDataDir: dir.path, appVersion: 'test', log, keychainService: SERVICE });
    services.events.subscribe((event, payload) => events.push({ event, payload }));
  });
  afterEach(async () => {
    await services.close();
    await sandbox.close();
    dir.remove();
    const keytar = await loadKeytar();
    for (const { account } of await keytar.findCredentials(SERVICE)) await keytar.deletePassword(SERVICE, account);
  });

  const call = async (command: string, input: unknown) => {
    const output = await services.router.handle(command, input);
    ipc.push({ command, input, output });
    if (!output.ok) throw new Error(output.error.message);
    return output.value;
  };

  it('is absent from the SQLite files, the logs, every IPC answer and event of an import-sign-submit flow', async () => {
    await call('accounts.importKey', { label: 'Trader', privateKey: trader2.privateKey, vault: 'keychain' });
    await call('accounts.list', undefined);
    const draft = sellWethDraft({ account: trader2.address, buyAmount: '2900000000', validTo: Math.floor(Date.now() / 1000) + 3600 });
    const preview = (await call('signing.preview', draft)) as SigningPreview;
    const signed = (await call('signing.signOrder', { draft, expectedDigest: preview.digest })) as SignedOrder;

    const api = createApiClient({
      endpoints: () => ({ orderbook: sandbox.orderbookUrl, tokenService: sandbox.bffUrl, explorer: 'https://explorer.cow.fi' }),
      environment: () => 'production',
    });
    const { account: _account, chainId: _chainId, fullAppData: _fullAppData, ...order } = draft;
    const uid = await api.orderbook.submitOrder(1, {
      ...order,
      receiver: null,
      appData: draft.fullAppData,
      feeAmount: '0',
      sellTokenBalance: 'erc20',
      buyTokenBalance: 'erc20',
      signingScheme: 'eip712',
      signature: signed.signature,
      from: trader2.address,
    });
    expect(uid).toBe(signed.uid);
    const storeFiles = (when: string) =>
      readdirSync(dir.path, { recursive: true, encoding: 'utf8' })
        .filter((file) => file.includes('sqlite'))
        .map((file): [string, string] => [`${file} (${when})`, readFileSync(join(dir.path, file)).toString('latin1')]);
    const whileRunning = storeFiles('running');
    await services.close();

    const haystacks: [string, string][] = [
      ...whileRunning,
      ...storeFiles('closed'),
      ['logs', JSON.stringify(log.lines)],
      ['IPC answers', JSON.stringify(ipc.map(({ command, output }) => ({ command, output })))],
      ['IPC inputs after the import', JSON.stringify(ipc.slice(1).map(({ input }) => input))],
      ['events', JSON.stringify(events)],
    ];
    expect(haystacks.map(([name]) => name)).toEqual(expect.arrayContaining(['cow-desk.sqlite-wal (running)', 'cow-desk.sqlite (closed)']));
    for (const [name, text] of haystacks) {
      expect(text.toLowerCase().includes(keyHex), name).toBe(false);
    }
    // The one place it crosses IPC is the import itself: the user typed it into that form.
    expect(JSON.stringify(ipc[0]!.input)).toContain(keyHex);
    services = composeApp({ userDataDir: dir.path, appVersion: 'test', log, keychainService: SERVICE });
  });
});
