import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { HoldersResult } from '../../../main/common/market/market-schema';
import { STORE_FILE } from '../../../main/core/services';
import { WETH } from '../sandbox/sandbox-kit';
import { startRpcStub } from '../market/rpc-stub';
import { startHostileServer } from './hostile-server';
import { watchMemory } from './memory';
import { startHostileKit, TEST_DEADLINES, trader, type HostileKit } from './hostile-kit';

/**
 * What a user sees when the endpoint is broken in the two ways the issues single
 * out: a submission whose answer is lost (its outcome is unclear: resolved by
 * UID, never signed again), and a service health already knows is offline
 * (reads fail within a second, and work again by themselves).
 */
describe('user actions against a broken endpoint', () => {
  let kit: HostileKit;
  let userDataDir: string;

  beforeAll(async () => {
    kit = await startHostileKit();
    userDataDir = kit.userDataDir;
    await kit.call('accounts.importKey', { label: 'Trader', privateKey: trader.privateKey, vault: 'keychain' });
    await kit.call('settings.update', { enabledChains: [1] });
    await kit.healthWhere((h) => h.services.every((s) => s.state === 'ok'));
  }, 60_000);

  afterAll(async () => {
    kit.mode({ kind: 'pass' });
    await kit?.stop();
  });

  it('a submission that reached the service but whose answer was lost is an unclear outcome when its deadline ends the wait: not failed, not signed again', { timeout: 30_000 }, async () => {
    const order = await kit.signedOrder();
    kit.orderbook.mode({ kind: 'swallow' }, (method, path) => method === 'POST' && path.endsWith('/api/v1/orders'));
    const answer = await kit.timed('trade.submit', order);
    kit.orderbook.mode({ kind: 'pass' });

    // It did land: the service holds exactly the order that was signed once.
    expect(kit.sandbox.orders.get(order.signed.uid)).toBeDefined();
    // The trading flow then asks the service for the order's UID. Within what is left of the deadline it usually
    // cannot, so the order stays "submitting" for the journal to settle and the user is told not to sign again;
    // when the answer to that question does come in time (the machine's timing decides), the order is shown placed.
    if (answer.envelope.ok) {
      expect(answer.envelope.value).toMatchObject({ uid: order.signed.uid.toLowerCase() });
      return;
    }
    expect(answer.envelope).toMatchObject({ ok: false, error: { code: 'SUBMISSION_UNCONFIRMED' } });
    expect(answer.envelope.error.message).toMatch(/Use "Send again": it posts the same signed order, with the same UID/);
    const posts = kit.orderbook.seen.filter((r) => r.method === 'POST' && r.path.endsWith('/api/v1/orders'));
    expect(posts.length).toBeGreaterThanOrEqual(1);
    const db = new BetterSqlite3(join(userDataDir, STORE_FILE), { readonly: true });
    try {
      const row = db.prepare('SELECT state FROM submissions WHERE uid = ?').get(order.signed.uid.toLowerCase()) as { state: string } | undefined;
      expect(row?.state).not.toBe('failed');
    } finally {
      db.close();
    }
    // "Send again" with the service answering: the same UID, now confirmed.
    expect((await kit.call('trade.resend', { uid: order.signed.uid })).uid).toBe(order.signed.uid.toLowerCase());
  });

  it('a cancellation whose answer was lost is an unclear outcome when its deadline ends the wait, saying it may have gone through', { timeout: 30_000 }, async () => {
    const placed = await kit.call('trade.submit', await kit.signedOrder());
    kit.orderbook.mode({ kind: 'swallow' }, (method, path) => method === 'DELETE' && path.endsWith('/api/v1/orders'));
    const answer = await kit.timed('trade.cancel', { orderUids: [placed.uid] });
    kit.orderbook.mode({ kind: 'pass' });
    expect(answer.envelope).toMatchObject({ ok: false, error: { code: 'OUTCOME_UNCLEAR', message: expect.stringMatching(/may have gone through/) } });
  });

  // Out of reach (each connection dropped at once: the issue's walk-through took 37 s) or silent (never answered).
  it.each([{ kind: 'reset' }, { kind: 'silent' }] as const)(
    'when health already says offline (service $kind), a quote and a holders lookup fail at once saying so, without waiting on the network, and work again by themselves',
    async (down) => {
      kit.mode(down);
      await kit.healthWhere((h) => h.services.every((s) => s.state === 'offline'));

      const [quote, holders] = await Promise.all([kit.timed('trade.quote', kit.quoteInput), kit.timed('market.holders', { chain: 1, token: WETH })]);
      expect(quote.envelope).toMatchObject({ ok: false, error: { code: 'OFFLINE' } });
      // Said once (issue 33: the host and "keeps working from its local data" came twice, the attempt's message inside the offline one).
      expect(quote.envelope.ok ? null : quote.envelope.error.message).toMatch(
        /^[\d.]+:\d+ is offline: it (cannot be reached|does not answer in time)\. CoW Desk works from its local data meanwhile, keeps checking, and this works again by itself once the service answers\.$/,
      );
      console.log(`offline fast path (${down.kind}): quote ${Math.round(quote.ms)} ms, holders ${Math.round(holders.ms)} ms`);
      const parts = holders.envelope.ok ? holders.envelope.value as HoldersResult : undefined;
      expect(parts?.price).toMatchObject({ ok: false, code: 'OFFLINE' });
      expect(parts?.holders).toMatchObject({ ok: false, code: 'OFFLINE' });

      // Back: nobody presses anything; the probes notice and the next quote simply works.
      kit.mode({ kind: 'pass' });
      await kit.healthWhere((h) => h.services.every((s) => s.state === 'ok' || s.state === 'slow'));
      const again = await kit.timed('trade.quote', kit.quoteInput);
      expect(again.envelope.ok, JSON.stringify(again.envelope)).toBe(true);
    },
    30_000,
  );

  it('a 429 asking to wait a billion seconds makes the orderbook unavailable for the cap, not until restart: the quote says so in time, and quotes work again by themselves', { timeout: 30_000 }, async () => {
    kit.orderbook.mode({ kind: 'retryAfter', seconds: 1_000_000_000 });
    const quote = await kit.timed('trade.quote', kit.quoteInput);
    kit.orderbook.mode({ kind: 'pass' });
    const passedAt = performance.now();
    expect(quote.envelope).toMatchObject({ ok: false, error: { message: expect.stringMatching(/unavailable now/) } });
    if (!quote.envelope.ok) expect(quote.envelope.error.message).not.toMatch(/\d{6,} s/);

    // Nobody restarts anything: health probes again once the cap has passed, and the next quote works.
    await kit.healthWhere((h) => kit.stateOf(h, 'orderbook') === 'ok' || kit.stateOf(h, 'orderbook') === 'slow');
    const again = await kit.timed('trade.quote', kit.quoteInput);
    expect(again.envelope.ok, JSON.stringify(again.envelope)).toBe(true);
    const recoveredMs = performance.now() - passedAt;
    console.log(`Retry-After 1e9: quote answered in ${Math.round(quote.ms)} ms (${quote.envelope.ok ? 'ok' : quote.envelope.error.message}); quoting again after ${Math.round(recoveredMs)} ms (cap ${TEST_DEADLINES.retryAfterCapMs} ms)`);
  });

  it('a JSON-RPC node answering with a gzip bomb costs the holders screen a notice, not memory or time', { timeout: 30_000 }, async () => {
    const stub = await startRpcStub(1, { [WETH]: { symbol: 'WETH', decimals: 18, totalSupply: 10n ** 24n } });
    const node = await startHostileServer(stub.url);
    try {
      await kit.call('settings.setRpcUrl', { chainId: 1, url: `${node.url}/rpc` });
      node.mode({ kind: 'gzipBomb', inflatedMiB: 700 });
      const rssBefore = process.memoryUsage.rss();
      const answer = await kit.timed('market.holders', { chain: 1, token: WETH });
      const grewMiB = (process.memoryUsage.rss() - rssBefore) / 1024 / 1024;
      const result = answer.envelope.ok ? (answer.envelope.value as HoldersResult) : undefined;
      expect(result?.holders.ok).toBe(true);
      expect(result?.meta.totalSupply).toBeNull();
      expect(result?.meta.notice).toMatch(/Could not read the token from 127.0.0.1:\d+|did not return the total supply/);
      console.log(`JSON-RPC gzip bomb: holders answered in ${Math.round(answer.ms)} ms, RSS +${Math.round(grewMiB)} MiB: ${result?.meta.notice}`);
      expect(grewMiB).toBeLessThan(300);
    } finally {
      await kit.call('settings.setRpcUrl', { chainId: 1, url: null });
      await node.close();
      await stub.close();
    }
  });

  it('a JSON-RPC node answering with 4 MB of JSON nested 2 million deep (under its size limit) costs the holders screen a notice naming the node, not memory or time', { timeout: 30_000 }, async () => {
    const stub = await startRpcStub(1, { [WETH]: { symbol: 'WETH', decimals: 18, totalSupply: 10n ** 24n } });
    const node = await startHostileServer(stub.url);
    try {
      await kit.call('settings.setRpcUrl', { chainId: 1, url: `${node.url}/rpc` });
      node.mode({ kind: 'deepJson', kib: 4000 });
      const memory = watchMemory();
      const answer = await kit.timed('market.holders', { chain: 1, token: WETH });
      const used = memory.stop();
      const result = answer.envelope.ok ? (answer.envelope.value as HoldersResult) : undefined;
      console.log(`JSON-RPC deep JSON: holders answered in ${Math.round(answer.ms)} ms, RSS peak +${Math.round(used.sampledMiB)} MiB: ${result?.meta.notice}`);
      expect(result?.holders.ok).toBe(true);
      expect(result?.meta.totalSupply).toBeNull();
      expect(result?.meta.notice).toMatch(/127\.0\.0\.1:\d+ answered JSON-RPC with JSON nested more than 64 levels deep/);
      expect(used.sampledMiB).toBeLessThan(64);
    } finally {
      await kit.call('settings.setRpcUrl', { chainId: 1, url: null });
      await node.close();
      await stub.close();
    }
  });

  it('a redirect to another host carries no signed order, cancellation or read there, and each action says so', { timeout: 30_000 }, async () => {
    const placed = await kit.call('trade.submit', await kit.signedOrder());
    const elsewhere = await startHostileServer(kit.sandbox.orderbookUrl);
    try {
      const order = await kit.signedOrder();
      kit.orderbook.mode({ kind: 'redirect', to: elsewhere.url });
      const [submit, cancel, quote] = await Promise.all([
        kit.timed('trade.submit', order),
        kit.timed('trade.cancel', { orderUids: [placed.uid] }),
        kit.timed('trade.quote', kit.quoteInput),
      ]);
      kit.orderbook.mode({ kind: 'pass' });
      console.log(`redirect to another host: ${[submit, cancel, quote].map((a) => `${a.command} ${a.envelope.ok ? 'ok' : a.envelope.error.message}`).join(' | ')}`);

      expect(elsewhere.seen).toEqual([]);
      expect(kit.sandbox.orders.get(order.signed.uid)).toBeUndefined();
      for (const answer of [submit, cancel, quote]) {
        expect(answer.envelope).toMatchObject({ ok: false, error: { message: expect.stringMatching(/127\.0\.0\.1:\d+ answered .* with a redirect to http:\/\/127\.0\.0\.1:\d+/) } });
      }
    } finally {
      kit.orderbook.mode({ kind: 'pass' });
      await elsewhere.close();
    }
  });

  it.each([{ jump: '1 hour', ms: 3_600_000 }, { jump: '2 days', ms: 2 * 86_400_000 }])(
    'quotes answer as usual after the wall clock jumps back $jump',
    { timeout: 40_000 },
    async ({ ms }) => {
      await kit.healthWhere((h) => h.services.every((s) => s.state === 'ok' || s.state === 'slow'));
      // More quotes than the orderbook's 5 a second: the rate limiter's window is full of answers timed before the jump.
      for (let i = 0; i < 6; i += 1) expect((await kit.timed('trade.quote', kit.quoteInput)).envelope.ok).toBe(true);
      const wallClock = Date.now.bind(Date);
      const jumped = vi.spyOn(Date, 'now').mockImplementation(() => wallClock() - ms);
      try {
        for (let i = 0; i < 6; i += 1) {
          const quote = await kit.timed('trade.quote', kit.quoteInput);
          expect(quote.envelope.ok, `quote ${i + 1} after the jump: ${JSON.stringify(quote.envelope)} in ${Math.round(quote.ms)} ms`).toBe(true);
        }
      } finally {
        jumped.mockRestore();
      }
    },
  );
});
