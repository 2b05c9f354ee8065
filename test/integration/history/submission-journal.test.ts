import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { domainFor } from '../../../main/common/protocol/domain';
import { orderDigest } from '../../../main/common/protocol/order';
import { orderUid } from '../../../main/common/protocol/order-uid';
import { OrdersRepo } from '../../../main/core/history/orders-repo';
import { apiOrderOf } from '../../../main/core/history/order-row';
import { SubmissionJournal } from '../../../main/core/history/submission-journal';
import { openStore } from '../../../main/core/store/open-store';
import { startSandbox, TEST_ACCOUNTS, type Sandbox } from '../../sandbox';
import { call, orderbook, orderStruct, signedOrderBody, UNTHROTTLED } from '../sandbox/sandbox-kit';
import { historyKit } from './history-kit';

const trader = TEST_ACCOUNTS.trader;

describe('submission journal: written before the POST, reconciled after a crash', () => {
  let sandbox: Sandbox;
  let kit: ReturnType<typeof historyKit>;
  beforeEach(async () => {
    sandbox = await startSandbox({ rateLimits: UNTHROTTLED });
    kit = historyKit(sandbox);
  });
  afterEach(async () => {
    await kit.close();
    await sandbox.close();
  });

  const prepare = async () => {
    const struct = orderStruct(sandbox);
    const body = await signedOrderBody(trader.privateKey, struct);
    const uid = orderUid(orderDigest(struct, domainFor(1, 'production')), trader.address, struct.validTo);
    return { body, uid, input: { uid, account: trader.address, chainId: 1, environment: 'production' as const, order: body } };
  };
  const post = (body: unknown) => call(orderbook(sandbox, '/v1/orders'), { body });
  /** A restart: the journal on a fresh connection to the same file. */
  const restart = () => {
    kit.store.close();
    kit.store = openStore(kit.path);
    kit.repo = new OrdersRepo(kit.store.db);
    return new SubmissionJournal(kit.repo);
  };
  const reconcile = (journal: SubmissionJournal) => journal.reconcile((chainId, uid) => kit.client.orderbook.getOrder(chainId, uid));
  const rows = (uid: string) => (kit.store.db.prepare('SELECT count(*) AS n FROM orders WHERE uid = ?').get(uid) as { n: number }).n;

  it('a crash before the POST: the order is kept as unsent, then sent once under the same UID', async () => {
    const { body, uid, input } = await prepare();
    new SubmissionJournal(kit.repo).recordSubmitting(input);
    expect(kit.repo.get(uid)).toMatchObject({ status: 'submitting', local_state: 'submitting' });

    const journal = restart();
    expect(await reconcile(journal)).toEqual([expect.objectContaining({ uid, state: 'unsent', error: expect.stringContaining('never received') })]);
    expect(kit.repo.get(uid)).toMatchObject({ status: 'unsent' });

    expect(journal.recordSubmitting(input).state).toBe('unsent');
    expect((await post(body)).status).toBe(201);
    expect(await reconcile(journal)).toEqual([expect.objectContaining({ uid, state: 'submitted' })]);
    expect(kit.repo.get(uid)).toMatchObject({ status: 'open', local_state: null });
    expect(rows(uid)).toBe(1);
  });

  it('a crash after the POST, before the answer was recorded: the server record is adopted', async () => {
    const { body, uid, input } = await prepare();
    new SubmissionJournal(kit.repo).recordSubmitting(input);
    expect((await post(body)).status).toBe(201);
    const journal = restart();
    await reconcile(journal);
    expect(journal.find(uid)).toMatchObject({ state: 'submitted', error: null });
    expect(kit.repo.get(uid)).toMatchObject({ status: 'open', local_state: null });
    expect(apiOrderOf(kit.repo.get(uid)!).creationDate).toMatch(/Z$/);
  });

  it('records the answer: submitted, a UID that differs, a refusal; and refuses a UID of another order', async () => {
    const { uid, input } = await prepare();
    const journal = new SubmissionJournal(kit.repo);
    journal.recordSubmitting(input);
    expect(journal.markSubmitted(uid, uid.toUpperCase().replace('0X', '0x')).state).toBe('submitted');
    expect(kit.repo.get(uid)).toMatchObject({ status: 'open', local_state: null });

    const other = await prepare();
    const second = { ...other.input, order: { ...other.body, validTo: other.body.validTo + 1 } };
    expect(() => journal.recordSubmitting(second)).toThrowError(expect.objectContaining({ code: 'UID_MISMATCH' }));
    const third = await (async () => {
      const struct = orderStruct(sandbox, { sellAmount: 2n * 10n ** 18n });
      const body = await signedOrderBody(trader.privateKey, struct);
      return { uid: orderUid(orderDigest(struct, domainFor(1, 'production')), trader.address, struct.validTo), body };
    })();
    journal.recordSubmitting({ ...input, uid: third.uid, order: third.body });
    expect(journal.markSubmitted(third.uid, uid)).toMatchObject({ state: 'failed', error: expect.stringContaining('not the UID CoW Desk computed') });
    expect(journal.markFailed(third.uid, 'InsufficientBalance').state).toBe('failed');
    expect(kit.repo.get(third.uid)).toMatchObject({ status: 'failed', local_state: 'failed' });
  });
});
