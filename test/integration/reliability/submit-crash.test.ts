import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadKeytar } from '../../../main/core/signer/keychain-vault';
import { STORE_FILE } from '../../../main/core/services';
import { composeApp } from '../../helpers/compose-app';
import { startSandbox, TEST_ACCOUNTS, type Sandbox } from '../../sandbox';
import { recordingLogger } from '../../helpers/recording-logger';
import { makeTempDir } from '../../helpers/temp-dir';
import { sandboxTokenListUrls } from '../../sandbox/bff/token-lists';
import { UNTHROTTLED } from '../sandbox/sandbox-kit';
import { testKeychainService } from '../../helpers/keychain-service';

const CHILD = join(import.meta.dirname, 'fixtures/submit-child.ts');
const SERVICE = testKeychainService('CoW Desk crash tests');
const { trader } = TEST_ACCOUNTS;

interface Run {
  uid: string | undefined;
  acknowledged: boolean;
}

/**
 * Submits in a child process and SIGKILLs it `delayMs` after it reports the
 * signed order, while every request to the sandbox takes `latencyMs`: small
 * delays land before the POST (during the appData upload or the journal write),
 * middle ones while the POST is in flight, larger ones after the service
 * answered but before or after the app recorded the answer.
 */
/** When the child is killed: `delayMs` after it reported the signed order, once the service holds the order, or never. */
type Kill = number | 'stored' | null;

function submitAndKill(dir: string, sandbox: Sandbox, validTo: number, kill: Kill): Promise<Run> {
  const args = [CHILD, dir, sandbox.orderbookUrl, sandbox.bffUrl, SERVICE, trader.privateKey, String(validTo)];
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  const run: Run = { uid: undefined, acknowledged: false };
  const lines = createInterface({ input: child.stdout });
  lines.on('line', (line) => {
    if (line.startsWith('ACK ')) run.acknowledged = true;
    if (!line.startsWith('SIGNED ')) return;
    run.uid = line.slice(7);
    if (typeof kill === 'number') setTimeout(() => child.kill('SIGKILL'), kill);
    if (kill === 'stored') {
      // The service keeps the POST's answer (a lost answer, 'timeout'), so the app cannot have acknowledged it.
      const watch = setInterval(() => {
        if (!sandbox.orders.get(run.uid!)) return;
        clearInterval(watch);
        child.kill('SIGKILL');
      }, 5);
      child.on('close', () => clearInterval(watch));
    }
  });
  return new Promise((resolve) => child.on('close', () => resolve(run)));
}

function localRows(dir: string, uid: string) {
  const db = new BetterSqlite3(join(dir, STORE_FILE), { readonly: true });
  try {
    return {
      integrity: db.pragma('integrity_check', { simple: true }),
      submissions: db.prepare('SELECT state FROM submissions WHERE uid = ?').all(uid) as { state: string }[],
      orders: (db.prepare('SELECT COUNT(*) AS n FROM orders WHERE uid = ?').get(uid) as { n: number }).n,
    };
  } finally {
    db.close();
  }
}

describe('SIGKILL during submission: nothing lost, nothing duplicated', () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    // Each run is a fresh app process with its own limiter, one after the other: together they may pass the live 5/s, which is not what this suite tests.
    sandbox = await startSandbox({ now: Math.floor(Date.now() / 1000), rateLimits: UNTHROTTLED });
    sandbox.faults.set({ latencyMs: 60 });
  });
  afterAll(async () => {
    await sandbox.close();
    const keytar = await loadKeytar();
    for (const { account } of await keytar.findCredentials(SERVICE)) await keytar.deletePassword(SERVICE, account);
  });

  /** What each run came to, so the last test can show the kills landed in every phase. */
  const outcomes: string[] = [];
  // Each run its own order (its own validTo, hence its own UID) in its own user-data folder.
  // Delays after signing land in different phases on an idle machine; on a busy one they shift, so one run
  // is killed exactly between the service storing the order and the app hearing of it.
  const kills: Kill[] = [0, 5, 30, 60, 90, 120, 150, 180, 240, 'stored', null];

  it.each(kills.map((kill, index) => [kill, index]))('killed at %s (ms after signing, or once the service stored it), the restarted app agrees with the service', { timeout: 60_000 }, async (kill, index) => {
    const dir = makeTempDir('cow-desk-submit-crash-');
    if (kill === 'stored') sandbox.lostAnswers.set({ method: 'POST', pathEndsWith: '/api/v1/orders', mode: 'timeout' });
    try {
      const validTo = Math.floor(Date.now() / 1000) + 3600 + (index as number);
      const run = await submitAndKill(dir.path, sandbox, validTo, kill as Kill);
      sandbox.lostAnswers.clear();
      expect(run.uid).toMatch(/^0x[0-9a-f]{112}$/);
      const uid = run.uid!;
      // An order the app acknowledged is on the service.
      if (run.acknowledged) expect(sandbox.orders.get(uid)).toBeDefined();

      // Restart. A POST cut off by the kill may still be landing at the service, so
      // the check is that the app converges: each start reconciles its journal.
      const services = composeApp({
        userDataDir: dir.path,
        appVersion: 'restart',
        log: recordingLogger(),
        keychainService: SERVICE,
        defaultEndpoints: { production: { orderbook: sandbox.orderbookUrl, tokenService: sandbox.bffUrl } },
        tokenListUrls: sandboxTokenListUrls(sandbox.bffUrl),
      });
      try {
        await expect
          .poll(async () => {
            await services.history.journal!.reconcile((chainId, orderUid) => services.api.orderbook.getOrder(chainId, orderUid));
            const onService = sandbox.orders.get(uid) !== undefined;
            const states = localRows(dir.path, uid).submissions.map((row) => row.state);
            // Not lost: what the service holds, the app knows as submitted. Never shown as placed otherwise.
            return onService ? states.join() === 'submitted' : !states.includes('submitted');
          })
          .toBe(true);
      } finally {
        await services.close();
      }
      outcomes.push(run.acknowledged ? 'acknowledged' : sandbox.orders.get(uid) ? 'on the service, not acknowledged' : 'never reached the service');
      const local = localRows(dir.path, uid);
      expect(local.integrity).toBe('ok');
      expect(local.submissions.length).toBeLessThanOrEqual(1);
      expect(local.orders).toBeLessThanOrEqual(1);
    } finally {
      dir.remove();
    }
  });

  it('killed the app before the POST, with it in flight or answered, and after the acknowledgement', () => {
    expect(new Set(outcomes)).toEqual(new Set(['never reached the service', 'on the service, not acknowledged', 'acknowledged']));
  });
});
