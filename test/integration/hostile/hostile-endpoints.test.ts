import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HoldersResult } from '../../../main/common/market/market-schema';
import type { LookupResult } from '../../../main/common/history/history-schema';
import { WETH } from '../sandbox/sandbox-kit';
import { TEST_DEADLINES, SCALE, startHostileKit, trader, type Answer, type HostileKit } from './hostile-kit';
import type { HostileMode } from './hostile-server';
import { watchMemory } from './memory';

const RSS_BUDGET_MIB = 300;

interface Case {
  name: string;
  mode: HostileMode;
  /** What the failed answers must say (code or words), beyond "something". */
  says: RegExp;
}

/**
 * The hostile endpoints, each played by a small server in front of the
 * sandbox, against the app's real services through the IPC router. Deadlines
 * run at a tenth (reads 2 s, submissions 3 s), so "25 s latency" is 2.5 s.
 */
const CASES: Case[] = [
  { name: 'gzip bomb (700 MiB inflated)', mode: { kind: 'gzipBomb', inflatedMiB: 700 }, says: /RESPONSE_TOO_LARGE|more than \d+ (kB|MB)|OFFLINE|is offline/ },
  { name: 'endless body', mode: { kind: 'endless' }, says: /RESPONSE_TOO_LARGE|more than \d+ (kB|MB)|is offline/ },
  { name: 'drip-feed (a byte every 200 ms)', mode: { kind: 'drip', everyMs: 200 }, says: /did not finish answering|stopped sending|did not confirm|is offline|stopped waiting/ },
  { name: 'never answers', mode: { kind: 'silent' }, says: /did not start answering|did not answer|did not confirm|is offline|stopped waiting/ },
  { name: 'no headers', mode: { kind: 'noHeaders' }, says: /did not start answering|did not answer|did not confirm|is offline|stopped waiting/ },
  { name: '25 s latency (2.5 s scaled)', mode: { kind: 'slow', delayMs: 25_000 * SCALE }, says: /did not start answering|did not answer|did not confirm|is offline|stopped waiting/ },
  // Under every size limit (the quote's is 64 KiB), so only the depth can stop it.
  { name: 'deeply nested JSON (32 KiB, 16384 levels)', mode: { kind: 'deepJson', kib: 32 }, says: /127\.0\.0\.1:\d+ answered .* nested more than 64 levels deep|is offline/ },
  { name: 'invalid Retry-After on 429', mode: { kind: 'badRetryAfter', value: 'soon' }, says: /rate|too many|slow down|wait|is offline/i },
];

const measured: Record<string, unknown>[] = [];
const said: string[] = [];

describe('hostile endpoints: bounded memory and time, recovery by itself', () => {
  let kit: HostileKit;
  let startRss: number;
  let placedUid: string;

  beforeAll(async () => {
    kit = await startHostileKit();
    await kit.call('accounts.importKey', { label: 'Trader', privateKey: trader.privateKey, vault: 'keychain' });
    await kit.call('settings.update', { enabledChains: [1] });
    await kit.healthWhere((h) => h.services.every((s) => s.state === 'ok'));
    const order = await kit.signedOrder();
    placedUid = (await kit.call('trade.submit', order)).uid;
    startRss = process.memoryUsage.rss();
  }, 60_000);

  afterAll(async () => {
    console.log(`hostile-server measurements (deadlines x${SCALE}: read ${TEST_DEADLINES.userReadMs} ms, submit ${TEST_DEADLINES.userSubmitMs} ms)`);
    console.table(measured);
    console.log(said.join('\n'));
    await kit?.stop();
  });

  /** Every user action of the issue, at once, as a user clicking around would. */
  async function userActions(): Promise<Answer[]> {
    const order = await kit.signedOrder(); // signing is local: done before the clock starts
    return Promise.all([
      kit.timed('trade.quote', kit.quoteInput),
      kit.timed('trade.submit', order),
      kit.timed('trade.cancel', { orderUids: [placedUid] }),
      kit.timed('history.lookup', { chainId: 1, inputs: [placedUid] }),
      kit.timed('market.holders', { chain: 1, token: WETH }),
    ]);
  }

  /** What the answer tells the user: the error, or the failed parts of a holders answer. */
  function messagesOf(answer: Answer): string[] {
    if (!answer.envelope.ok) return [`${answer.envelope.error.code} ${answer.envelope.error.message}`];
    if (answer.command === 'market.holders') {
      const result = answer.envelope.value as HoldersResult;
      return [result.price, result.holders].flatMap((part) => (part.ok ? [] : [`${part.code} ${part.message}`]));
    }
    if (answer.command === 'history.lookup') {
      return (answer.envelope.value as LookupResult[]).flatMap((row) => (row.message ? [row.message] : []));
    }
    return [];
  }

  for (const hostile of CASES) {
    it(`${hostile.name}: every user action answers with what happened, its deadline ending the wait; memory stays bounded; the app recovers by itself`, { timeout: 60_000 }, async () => {
      const memory = watchMemory(startRss);
      kit.orderbook.sent.bytes = 0;
      kit.bff.sent.bytes = 0;
      kit.mode(hostile.mode);
      const answers = await userActions();
      kit.mode({ kind: 'pass' });
      const used = memory.stop();

      for (const answer of answers) {
        if (!answer.envelope.ok) {
          expect(answer.envelope.error.code, answer.command).not.toBe('INTERNAL');
          expect(answer.envelope.error.message.length, answer.command).toBeGreaterThan(30);
        }
      }
      // The reads the endpoint broke say what happened (a lookup may answer from the local copy and say so).
      const quote = answers.find((a) => a.command === 'trade.quote')!;
      expect(quote.envelope.ok).toBe(false);
      expect(messagesOf(quote).join(' ')).toMatch(hostile.says);
      const holders = answers.find((a) => a.command === 'market.holders')!;
      expect(messagesOf(holders).join(' ')).toMatch(hostile.says);
      const submit = answers.find((a) => a.command === 'trade.submit')!;
      if (!submit.envelope.ok) expect(submit.envelope.error.code).toMatch(/OUTCOME_UNCLEAR|DEADLINE_EXCEEDED|RESPONSE_TOO_LARGE|RESPONSE_TOO_DEEP|TooManyRequests|HTTP_429|RateLimited|TIMEOUT|NETWORK/);
      expect(used.sampledMiB).toBeLessThan(RSS_BUDGET_MIB);
      expect(used.maxRssMiB).toBeLessThan(RSS_BUDGET_MIB);

      // Healthy again: health sees it by its own probes, and every action works.
      const recoveryStarted = performance.now();
      await kit.healthWhere((h) => h.services.every((s) => s.state === 'ok' || s.state === 'slow'));
      const recoveredMs = performance.now() - recoveryStarted;
      const after = await userActions();
      for (const answer of after) expect(answer.envelope.ok, `${answer.command} after recovery: ${JSON.stringify(answer.envelope)}`).toBe(true);
      expect(messagesOf(after.find((a) => a.command === 'market.holders')!)).toEqual([]);
      const lookup = after.find((a) => a.command === 'history.lookup')!.envelope;
      expect(lookup.ok && (lookup.value as LookupResult[])[0]!.state).toBe('found');

      for (const answer of answers) said.push(`${hostile.name} | ${answer.command}: ${messagesOf(answer).join(' / ') || 'ok'}`);
      measured.push({
        case: hostile.name,
        ...Object.fromEntries(answers.map((a) => [a.command, `${Math.round(a.ms)} ms ${a.envelope.ok ? 'ok' : a.envelope.error.code}`])),
        'rss peak +MiB': Math.round(used.sampledMiB),
        'max rss +MiB': Math.round(used.maxRssMiB),
        'sent to app': `${Math.round((kit.orderbook.sent.bytes + kit.bff.sent.bytes) / 1024)} KiB`,
        'healthy again': `${Math.round(recoveredMs)} ms`,
      });
    });
  }
});
