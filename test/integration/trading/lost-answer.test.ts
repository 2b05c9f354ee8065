import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOrder } from '../../../main/core/signer/order-draft';
import { TEST_ACCOUNTS, type LostAnswerMode } from '../../sandbox';
import { call as http, orderbook } from '../sandbox/sandbox-kit';
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
    const held = await http(orderbook(kit.sandbox, `/v1/account/${trader.address}/orders?limit=1000`));
    expect(held.body).toHaveLength(20);
    const posted = kit.sandbox.requests.filter((entry) => entry.method === 'POST' && entry.path.endsWith('/api/v1/orders'));
    // Each retry of an order already stored met DuplicatedOrder; no order was stored twice or anew.
    expect(posted.filter((entry) => entry.status === 201)).toHaveLength(0);
  }, 180_000);
});
