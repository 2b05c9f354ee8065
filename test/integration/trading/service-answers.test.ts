import { afterEach, describe, expect, it } from 'vitest';
import { TEST_ACCOUNTS } from '../../sandbox';
import { startTradingKit, type TradingKit } from './trading-kit';

const { trader } = TEST_ACCOUNTS;
const isOrderPost = (input: Parameters<typeof fetch>[0], init?: RequestInit) => init?.method === 'POST' && String(input).endsWith('/api/v1/orders');
const posts = (kit: TradingKit) => kit.sandbox.requests.filter((entry) => entry.method === 'POST' && entry.path.endsWith('/api/v1/orders'));

/** Answers of the service the sandbox does not give by itself, played between the app and the sandbox. */
describe('submitting: what the service answers decides what the user sees', () => {
  let kit: TradingKit;
  afterEach(async () => kit?.stop());

  // The live orderbook validates balance and allowance before it finds a duplicate UID, so sending an
  // order it already holds again, once the funds moved, is refused as InsufficientBalance. That refusal
  // is about the resend: the order placed before is still live and must not be shown failed.
  it('a resend refused by the service leaves the order placed before shown placed, never failed', async () => {
    let refuse = false;
    kit = await startTradingKit({
      fetch: async (input, init) =>
        refuse && isOrderPost(input, init)
          ? new Response(JSON.stringify({ errorType: 'InsufficientBalance', description: 'order owner must have funds worth at least x in his account' }), {
              status: 400,
              headers: { 'Content-Type': 'application/json' },
            })
          : fetch(input, init),
    });
    await kit.importKey(trader.privateKey);
    const { draft } = await kit.quoteDraft(trader.address);
    const placed = await kit.signAndSubmit(draft);
    refuse = true;
    const error = await kit.failure(kit.signAndSubmit(draft));
    expect(error.code).toBe('InsufficientBalance');
    expect(kit.services.history.journal?.find(placed.uid)?.state).toBe('submitted');
    const row = (await kit.call('history.query', {})).rows.find((entry) => entry.uid === placed.uid);
    expect(row?.status).toBe('open');
    // The service does hold it, open. Read from its state: a request of the test's own, beside the app's
    // use of the whole 5 a second, would be one too many for the service's window.
    expect(kit.sandbox.orders.get(placed.uid)).toMatchObject({ uid: placed.uid, status: 'open' });
  });

  // The order carries only the appData hash; if the service files the document under another hash,
  // the order would point at a document the service does not have (or another one).
  it('appData filed by the service under another hash: the order is not sent, not journalled, and the user is told', async () => {
    const otherHash = `0x${'11'.repeat(32)}`;
    kit = await startTradingKit({
      fetch: async (input, init) => {
        const answer = await fetch(input, init);
        if (init?.method !== 'PUT' || !String(input).includes('/app_data/') || !answer.ok) return answer;
        return new Response(JSON.stringify(otherHash), { status: answer.status, headers: { 'Content-Type': 'application/json' } });
      },
    });
    await kit.importKey(trader.privateKey);
    const { draft } = await kit.quoteDraft(trader.address);
    const error = await kit.failure(kit.signAndSubmit(draft));
    expect(error.code).toBe('AppDataHashMismatch');
    expect(error.message).toContain(otherHash);
    expect(error.message).toMatch(/the order was not sent/);
    expect(posts(kit)).toEqual([]);
    expect((await kit.call('history.query', {})).rows).toEqual([]);
  });
});
