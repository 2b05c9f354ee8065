import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Envelope } from '../../../main/common/ipc/envelope';
import type { SigningPreview } from '../../../main/common/ipc/commands/signing';
import { serializeAppData } from '../../../main/common/protocol/app-data';
import { loadKeytar } from '../../../main/core/signer/keychain-vault';
import { STORE_FILE, type Services } from '../../../main/core/services';
import { composeApp } from '../../helpers/compose-app';
import { startSandbox, TEST_ACCOUNTS, type Sandbox } from '../../sandbox';
import { FakeClock } from '../../helpers/fake-clock';
import { recordingLogger } from '../../helpers/recording-logger';
import { makeTempDir } from '../../helpers/temp-dir';
import { USDC, WETH } from '../sandbox/sandbox-kit';
import { sandboxTokenListUrls } from '../../sandbox/bff/token-lists';
import { UNTHROTTLED } from '../sandbox/sandbox-kit';
import { testKeychainService } from '../../helpers/keychain-service';

const SERVICE = testKeychainService('CoW Desk fault tests');
const { trader, banned } = TEST_ACCOUNTS;
const SEEDED = 1_500;
const RETRY_AFTER_SECONDS = 2;

/** Codes the app answers with on purpose; anything else (INTERNAL above all) is a bug. */
const isTypedFailure = (answer: Envelope) => !answer.ok && answer.error.code !== 'INTERNAL' && answer.error.message.length > 20;

/**
 * Syncing, quoting and submitting at once while the services misbehave: 30% of
 * answers are 503, a storm of 429s with Retry-After, and dropped connections.
 * The API client runs on a fake clock so minutes of backoff take no time, and
 * every wait it chose can be read back.
 */
describe('fault suite against the sandbox', () => {
  let sandbox: Sandbox;
  let services: Services;
  let dir: ReturnType<typeof makeTempDir>;
  const clock = new FakeClock(Date.now());
  const answers: { op: string; answer: Envelope }[] = [];

  beforeAll(async () => {
    // The app's limiter runs on the fake API clock, so its windows pass at once: the sandbox's live 5/s would answer 429s the suite does not inject.
    sandbox = await startSandbox({ now: Math.floor(Date.now() / 1000), seed: { random: 7 }, rateLimits: UNTHROTTLED });
    sandbox.orders.seed(1, trader.address, SEEDED);
    dir = makeTempDir('cow-desk-faults-');
    services = composeApp({
      userDataDir: dir.path,
      appVersion: 'faults',
      log: recordingLogger(),
      keychainService: SERVICE,
      apiClock: clock,
      defaultEndpoints: { production: { orderbook: sandbox.orderbookUrl, tokenService: sandbox.bffUrl } },
      tokenListUrls: sandboxTokenListUrls(sandbox.bffUrl),
    });
    await services.router.handle('accounts.importKey', { label: 'Trader', privateKey: trader.privateKey, vault: 'keychain' });
    await services.router.handle('settings.update', { enabledChains: [1] });
    sandbox.resetRequests();
    sandbox.faults.set({ errorRate: 0.3, status: 503, dropRate: 0.05, rateLimitStorm: { count: 4, retryAfterSeconds: RETRY_AFTER_SECONDS } });

    const call = async (op: string, command: string, input: unknown) => answers.push({ op, answer: await services.router.handle(command, input) });
    const quote = (from: string, amount: string) => ({
      account: from, chainId: 1, sellToken: WETH, buyToken: USDC, kind: 'sell', amount, receiver: null, validFor: 1800,
      partiallyFillable: false, fullAppData: serializeAppData({ appCode: 'CoW Desk', metadata: {}, version: '1.3.0' }), signingScheme: 'eip712',
    });
    const submit = async (index: number) => {
      const draft = {
        account: trader.address, chainId: 1, sellToken: WETH, buyToken: USDC, receiver: null, sellAmount: '1000000000000000000',
        buyAmount: '2900000000', validTo: Math.floor(Date.now() / 1000) + 3600 + index, kind: 'sell', partiallyFillable: false,
        fullAppData: serializeAppData({ appCode: 'CoW Desk', metadata: {}, version: '1.3.0' }), signingScheme: 'eip712',
      };
      // As the signing dialog signs: with the digest of the preview it showed.
      const preview = await services.router.handle('signing.preview', draft);
      if (!preview.ok) throw new Error(preview.error.message);
      const signed = await services.router.handle('signing.signOrder', { draft, expectedDigest: (preview.value as SigningPreview).digest });
      if (!signed.ok) throw new Error(signed.error.message);
      await call('submit', 'trade.submit', { draft, signed: signed.value, quoteId: null });
    };
    await Promise.all([
      call('sync', 'history.syncNow', undefined),
      ...Array.from({ length: 8 }, () => call('quote', 'trade.quote', quote(trader.address, '1000000000000000000'))),
      call('quote 400', 'trade.quote', quote(trader.address, '1000')),
      call('quote 403', 'trade.quote', quote(banned.address, '1000000000000000000')),
      ...Array.from({ length: 4 }, (_, i) => submit(i)),
    ]);
    sandbox.faults.clear();
  }, 120_000);

  afterAll(async () => {
    await services.close();
    await sandbox.close();
    dir.remove();
    const keytar = await loadKeytar();
    for (const { account } of await keytar.findCredentials(SERVICE)) await keytar.deletePassword(SERVICE, account);
  });

  it('really was under fire: 503s, 429s and dropped connections all happened', () => {
    const statuses = sandbox.requests.map((request) => request.status);
    expect(statuses).toContain(503);
    expect(statuses).toContain(429);
    expect(statuses).toContain(0);
  });

  it('completes every operation or fails it with a clear typed error, never an internal one', () => {
    expect(answers).toHaveLength(15);
    for (const { op, answer } of answers) expect(answer.ok || isTypedFailure(answer), `${op}: ${JSON.stringify(answer)}`).toBe(true);
    expect(answers.find((a) => a.op === 'quote 400')?.answer).toMatchObject({ ok: false, error: { code: 'SellAmountDoesNotCoverFee' } });
    expect(answers.find((a) => a.op === 'quote 403')?.answer).toMatchObject({ ok: false, error: { code: 'Forbidden', retryable: false } });
  });

  it('honours Retry-After: the client waited the seconds the service asked for', () => {
    expect(Math.max(...clock.sleeps)).toBeGreaterThanOrEqual(RETRY_AFTER_SECONDS * 1000);
  });

  it('never repeats a request the service refused with 400 or 403', () => {
    const refusals = sandbox.requests.filter((request) => request.status === 400 || request.status === 403);
    expect(refusals.map((request) => request.status).sort()).toEqual([400, 403]);
  });

  it('loses and duplicates nothing in SQLite: the history is complete and every accepted order is journalled once', async () => {
    const sync = answers.find((a) => a.op === 'sync')!.answer;
    const status = sync.ok ? (sync.value as { lastError: string | null; offline: boolean; lastSyncedAt: number | null }) : undefined;
    if (!status || status.lastError || status.offline || status.lastSyncedAt === null) {
      // The storm may defeat a pass (an error, or dropped connections that made it stop as offline);
      // the next pass, with the service healthy again, must complete it.
      await services.router.handle('history.syncNow', undefined);
    }
    const db = new BetterSqlite3(join(dir.path, STORE_FILE), { readonly: true });
    try {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      const seeded = db.prepare("SELECT COUNT(*) AS n FROM orders WHERE account = ? COLLATE NOCASE AND uid NOT IN (SELECT uid FROM submissions)").get(trader.address) as { n: number };
      expect(seeded.n).toBe(SEEDED);
      const submissions = db.prepare('SELECT uid, state FROM submissions').all() as { uid: string; state: string }[];
      expect(new Set(submissions.map((s) => s.uid)).size).toBe(submissions.length);
      for (const submission of submissions) {
        const onService = sandbox.orders.get(submission.uid) !== undefined;
        if (submission.state === 'submitted') expect(onService, submission.uid).toBe(true);
      }
      const acknowledged = answers.filter((a) => a.op === 'submit' && a.answer.ok).map((a) => (a.answer as { value: { uid: string } }).value.uid);
      for (const uid of acknowledged) expect(submissions.find((s) => s.uid === uid)?.state, uid).toBe('submitted');
    } finally {
      db.close();
    }
  });
});
