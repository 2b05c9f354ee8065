import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEADLINES } from '../../../main/common/limits';
import { buildOrder } from '../../../main/core/signer/order-draft';
import { TEST_ACCOUNTS, type LostAnswerMode } from '../../sandbox';
import { startTradingKit, type TradingKit } from './trading-kit';

const { trader } = TEST_ACCOUNTS;
/** The app's own timeout is 30 s; for the 'timeout' trials the test gives up on a POST after this instead. */
const SHORT_TIMEOUT_MS = 400;
const MODES: LostAnswerMode[] = ['reset', '502', 'timeout'];

/**
 * The orderbook stores the order and the answer is lost (reset, 502, no answer
 * until the client's timeout), once or on the retry too. Whatever the point,
 * the app must show the order as placed, never failed, and never lead to a
 * second order.
 */
describe('a lost answer on submit', () => {
  let kit: TradingKit;
  beforeAll(async () => {
    const shortTimeout: typeof fetch = (input, init) =>
      init?.method === 'POST' && String(input).endsWith('/api/v1/orders')
        ? fetch(input, { ...init, signal: AbortSignal.any([init.signal ?? new AbortController().signal, AbortSignal.timeout(SHORT_TIMEOUT_MS)]) })
        : fetch(input, init);
    kit = await startTradingKit({ fetch: shortTimeout });
    await kit.importKey(trader.privateKey);
  });
  afterAll(async () => kit.stop());

  it('20 trials, the answer dropped at different points: 0 failed while open, 0 second orders', async () => {
    const outcomes: { mode: LostAnswerMode; lookupLost: boolean; state: string | undefined; status: string | undefined; error: string | null }[] = [];
    for (let trial = 0; trial < 20; trial += 1) {
      const mode = MODES[trial % MODES.length]!;
      // Trials 10-19 also lose the answer to the app's first question about its own order (reset or 502).
      const lookupLost = trial >= 10;
      const { draft } = await kit.quoteDraft(trader.address, { amount: (BigInt(trial + 1) * 10n ** 16n).toString() });
      const post = { method: 'POST', pathEndsWith: '/api/v1/orders', mode };
      const ownUid = buildOrder(draft, 'production', Math.floor(Date.now() / 1000)).uid;
      const lookup = { method: 'GET', pathEndsWith: `/api/v1/orders/${ownUid}`, mode: trial % 2 === 0 ? ('reset' as const) : ('502' as const) };
      kit.sandbox.lostAnswers.set(post, ...(lookupLost ? [lookup] : []));
      let error: string | null = null;
      let uid: string | undefined;
      try {
        uid = (await kit.signAndSubmit(draft)).uid;
      } catch (caught) {
        error = caught instanceof Error ? caught.message : String(caught);
      }
      kit.sandbox.lostAnswers.clear();
      const rows = (await kit.call('history.query', {})).rows;
      const journalled = uid ?? ownUid;
      outcomes.push({
        mode,
        lookupLost,
        state: journalled ? kit.services.history.journal?.find(journalled)?.state : undefined,
        status: rows.find((row) => row.uid === journalled)?.status,
        error,
      });
    }
    // Every order the service holds is shown placed: no error, journal submitted, history open.
    expect(outcomes.filter((outcome) => outcome.error !== null || outcome.state !== 'submitted' || outcome.status !== 'open')).toEqual([]);
    // Every trial lost the POST's answer; half also lost the answer to the app's first question about the order.
    expect(kit.sandbox.lostAnswers.lost()).toBe(30);
    // Asked through the app's own client, whose limiter keeps under the service's ~5 requests a second.
    const held = await kit.services.api.orderbook.accountOrders(1, trader.address, { offset: 0, limit: 1000 });
    expect(held).toHaveLength(20);
    const posted = kit.sandbox.requests.filter((entry) => entry.method === 'POST' && entry.path.endsWith('/api/v1/orders'));
    // Each retry of an order already stored met DuplicatedOrder; no order was stored twice or anew.
    expect(posted.filter((entry) => entry.status === 201)).toHaveLength(0);
  }, 180_000);
});

/**
 * The POST's answer is lost and so is every answer to the app's lookup of its
 * own UID: the app cannot know whether the order is live. The way on is "Send
 * again" (the same signed order, same UID), never a new signature, which the
 * app refuses for the same trade until the user confirms the risk.
 */
describe('a lost answer whose lookup is lost too', () => {
  let kit: TradingKit;
  beforeAll(async () => {
    // The lookup's retries back off from 50 ms instead of 1 s: each trial gives up in about a second, not twenty.
    kit = await startTradingKit({ deadlines: { ...DEADLINES, backoffStartMs: 50, backoffCapMs: 200 } });
    await kit.importKey(trader.privateKey);
  });
  afterAll(async () => kit.stop());

  it('20 trials: unconfirmed, "Send again" keeps the UID, a new signature is refused unconfirmed; 0 second orders', async () => {
    const outcomes: { code: string | undefined; resentUid: string; twinCode: string | undefined; state: string | undefined }[] = [];
    for (let trial = 0; trial < 20; trial += 1) {
      const mode = MODES[trial % 2]!;
      const { draft } = await kit.quoteDraft(trader.address, { amount: (BigInt(trial + 1) * 10n ** 16n).toString() });
      const ownUid = buildOrder(draft, 'production', Math.floor(Date.now() / 1000)).uid;
      // The POST's answer, then every answer to the lookup of the order (the client's retries included).
      kit.sandbox.lostAnswers.set(
        { method: 'POST', pathEndsWith: '/api/v1/orders', mode },
        { method: 'GET', pathEndsWith: `/api/v1/orders/${ownUid}`, mode, count: 100 },
      );
      const unclear = await kit.failure(kit.signAndSubmit(draft));
      // The user signs the same trade again (a new validTo, so a new UID): refused, naming the risk.
      const again = { ...draft, validTo: draft.validTo + 1 };
      const twin = await kit.failure(kit.signAndSubmit(again));
      kit.sandbox.lostAnswers.clear();
      const resent = await kit.call('trade.resend', { uid: ownUid });
      outcomes.push({ code: unclear.code, resentUid: resent.uid, twinCode: twin.code, state: kit.services.history.journal?.find(ownUid)?.state });
      expect(resent.uid).toBe(ownUid);
      expect(twin.message).toMatch(/both could fill/);
      expect(unclear.message).not.toMatch(/do not sign/i);
    }
    expect(outcomes.every((outcome) => outcome.code === 'SUBMISSION_UNCONFIRMED' && outcome.twinCode === 'UNCLEAR_ORDER_PENDING' && outcome.state === 'submitted')).toBe(true);
    const held = await kit.services.api.orderbook.accountOrders(1, trader.address, { offset: 0, limit: 1000 });
    expect(held).toHaveLength(20);
  }, 300_000);

  it('a second order for the same trade is sent once the user confirms it', async () => {
    const { draft } = await kit.quoteDraft(trader.address, { amount: (3n * 10n ** 16n).toString() });
    const ownUid = buildOrder(draft, 'production', Math.floor(Date.now() / 1000)).uid;
    kit.sandbox.lostAnswers.set({ method: 'POST', pathEndsWith: '/api/v1/orders', mode: 'reset' }, { method: 'GET', pathEndsWith: `/api/v1/orders/${ownUid}`, mode: 'reset', count: 100 });
    expect((await kit.failure(kit.signAndSubmit(draft))).code).toBe('SUBMISSION_UNCONFIRMED');
    kit.sandbox.lostAnswers.clear();
    const second = { ...draft, validTo: draft.validTo + 7 };
    const signed = await kit.signOrder(second);
    const placed = await kit.call('trade.submit', { draft: second, signed, quoteId: null, acknowledgeUnclear: true });
    expect(placed.uid).not.toBe(ownUid);
  });
});
