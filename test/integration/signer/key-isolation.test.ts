import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { getAddress, type Hex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recoverDigestSigner } from '../../../main/common/protocol/signatures';
import { loadKeytar } from '../../../main/core/signer/keychain-vault';
import { composeApp } from '../../helpers/compose-app';
import { scanWritableMemory, secretForms } from '../../helpers/process-memory';
import { sellWethDraft, USDC } from '../../helpers/order-drafts';
import { recordingLogger } from '../../helpers/recording-logger';
import { makeTempDir } from '../../helpers/temp-dir';
import { startSandbox, TEST_ACCOUNTS, type Sandbox } from '../../sandbox';
import { testKeychainService } from '../../helpers/keychain-service';

const SERVICE = testKeychainService('CoW Desk key isolation tests');
const FIXTURE = join(import.meta.dirname, 'fixtures/sign-and-approve.ts');
const { noAllowance } = TEST_ACCOUNTS;

describe('the key lives in the signer process only', () => {
  let sandbox: Sandbox;
  let dir: ReturnType<typeof makeTempDir>;
  beforeAll(async () => {
    sandbox = await startSandbox({ now: Math.floor(Date.now() / 1000), chain: true });
    dir = makeTempDir();
  }, 120_000);
  afterAll(async () => {
    await sandbox?.close();
    dir?.remove();
    const keytar = await loadKeytar();
    for (const { account } of await keytar.findCredentials(SERVICE)) await keytar.deletePassword(SERVICE, account);
  });

  it('restarted after an import, main signs an order and sends an approve, and its writable memory holds the key 0 times', async () => {
    // The import, in a first run of the app.
    const first = composeApp({ userDataDir: dir.path, appVersion: 'test', log: recordingLogger(), keychainService: SERVICE });
    expect(await first.router.handle('accounts.importKey', { label: 'Trader', privateKey: noAllowance.privateKey, vault: 'keychain' })).toMatchObject({ ok: true });
    await first.close();

    // The restarted app, in a process of its own that never saw the key.
    const draft = sellWethDraft({ account: noAllowance.address, validTo: Math.floor(Date.now() / 1000) + 3600 });
    const intent = { intentId: 'key-isolation-approve', kind: 'approve', account: noAllowance.address, chainId: 1, token: USDC, amount: '25000000' };
    const config = { userDataDir: dir.path, keychainService: SERVICE, orderbookUrl: sandbox.orderbookUrl, tokenServiceUrl: sandbox.bffUrl, rpcUrl: sandbox.chain!.rpcUrls[1], draft, intent };
    const child = spawn(process.execPath, ['--import', 'tsx', FIXTURE, JSON.stringify(config)], { stdio: ['pipe', 'pipe', 'inherit'] });
    const exited = once(child, 'exit');
    const [line] = (await once(createInterface({ input: child.stdout }), 'line')) as [string];
    const report = JSON.parse(line) as { mainPid: number; signerPid: number; signature: Hex; digest: Hex; hash: Hex };
    try {
      expect(report.mainPid).toBe(child.pid);
      expect(await recoverDigestSigner(report.digest, 'eip712', report.signature)).toBe(noAllowance.address);
      // The node recovered the sender from the signature: the approve was signed with the imported key.
      const mined = await sandbox.chain!.client(1).getTransaction({ hash: report.hash });
      expect(getAddress(mined.from)).toBe(noAllowance.address);
      expect(mined.to && getAddress(mined.to)).toBe(USDC);

      const forms = secretForms(noAllowance.privateKey);
      const main = scanWritableMemory(report.mainPid, forms);
      expect(main.scannedBytes).toBeGreaterThan(10_000_000);
      expect(main.counts).toEqual({ 'hex text': 0, 'HEX text': 0, 'hex text (UTF-16)': 0, 'raw bytes': 0 });
      // The same scan finds the key where it is: the signer keeps a keychain key loaded once used.
      const signer = scanWritableMemory(report.signerPid, forms);
      expect(signer.total, `the key in the signer process (${JSON.stringify(signer.counts)})`).toBeGreaterThan(0);
    } finally {
      child.stdin.end();
      await exited;
    }
  }, 120_000);
});
