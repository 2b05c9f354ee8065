import { AppError } from '../../common/errors';
import { apiOrderSchema, orderCreationSchema, type ApiOrder, type OrderCreation } from '../../common/protocol/api';
import type { Environment } from '../../common/protocol/environments';
import { parseOrderUid } from '../../common/protocol/order-uid';
import { ApiError } from '../api/api-error';
import { toOrderParams } from './order-row';
import type { OrdersRepo } from './orders-repo';
import { writeTransaction } from '../store/write-transaction';

export type SubmissionState = 'submitting' | 'submitted' | 'unsent' | 'failed';

export interface Submission {
  uid: string;
  account: string;
  chainId: number;
  environment: Environment;
  body: OrderCreation;
  state: SubmissionState;
  error: string | null;
}

interface SubmissionRow {
  uid: string;
  account: string;
  chain_id: number;
  environment: Environment;
  body: string;
  state: SubmissionState;
  error: string | null;
}

const UNSENT_MESSAGE =
  'The orderbook never received this order (CoW Desk stopped before it was sent). Send it again: it keeps its UID, so it cannot be placed twice.';

const toSubmission = (row: SubmissionRow): Submission => ({
  uid: row.uid,
  account: row.account,
  chainId: row.chain_id,
  environment: row.environment,
  body: JSON.parse(row.body) as OrderCreation,
  state: row.state,
  error: row.error,
});

/**
 * The local-first journal of orders this app submits. The composer records an
 * order (with the UID it computed) before the POST, so a crash at any point
 * leaves a row; on the next start `reconcile` asks the orderbook for each
 * unconfirmed UID: found means the POST landed (adopt the server record), 404
 * means it never did (left for the user to send again). The UID is the order's
 * identity on both sides, so a retry can never create a second order.
 */
export class SubmissionJournal {
  constructor(
    private readonly repo: OrdersRepo,
    private readonly now: () => number = Date.now,
    /** A journal write changed the stored history: open screens re-read it. */
    private readonly onChange: () => void = () => undefined,
  ) {}

  /** Idempotent: recording the same UID again keeps the first record. */
  recordSubmitting(input: { uid: string; account: string; chainId: number; environment: Environment; order: OrderCreation }): Submission {
    const body = orderCreationSchema.parse(input.order);
    const uid = input.uid.toLowerCase();
    const parts = parseOrderUid(uid);
    if (parts.validTo !== body.validTo || parts.owner.toLowerCase() !== input.account.toLowerCase()) {
      throw new AppError('UID_MISMATCH', `Order UID ${uid} does not belong to this order (owner ${input.account}, validTo ${body.validTo}); it was not recorded.`);
    }
    const existing = this.find(uid);
    if (existing) return existing;
    const now = this.now();
    const provisional = apiOrderSchema.parse({ ...body, uid, owner: parts.owner, status: 'submitting', creationDate: new Date(now).toISOString() });
    const columns = { ...toOrderParams(provisional, input.account, input.chainId, input.environment, now), local_state: 'submitting' };
    writeTransaction(this.repo.db, () => {
      this.repo.db
        .prepare('INSERT INTO submissions (uid, account, chain_id, environment, body, state, error, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, NULL, ?, ?)')
        .run(uid, input.account, input.chainId, input.environment, JSON.stringify(input.order), 'submitting', now, now);
      this.repo.writeOrders([columns]);
    });
    this.onChange();
    return this.find(uid)!;
  }

  /** The service answered 201 with its UID; a different UID means we signed something else than we think. */
  markSubmitted(uid: string, serverUid: string): Submission {
    const own = uid.toLowerCase();
    if (serverUid.toLowerCase() !== own) {
      return this.markFailed(own, `The orderbook filed the order under ${serverUid}, not the UID CoW Desk computed (${own}). Check it in the explorer before sending anything again.`);
    }
    this.setState(own, 'submitted', null, null);
    return this.get(own);
  }

  markFailed(uid: string, error: string): Submission {
    this.setState(uid.toLowerCase(), 'failed', error, 'failed');
    return this.get(uid);
  }

  /** Submissions a crash left unconfirmed; run at start, before the first sync. */
  async reconcile(getOrder: (chainId: number, uid: string) => Promise<ApiOrder>): Promise<Submission[]> {
    const pending = (this.repo.db.prepare("SELECT * FROM submissions WHERE state IN ('submitting', 'unsent')").all() as SubmissionRow[]).map(toSubmission);
    for (const submission of pending) {
      try {
        const order = await getOrder(submission.chainId, submission.uid);
        writeTransaction(this.repo.db, () => {
          this.repo.writeOrders([toOrderParams(order, submission.account, submission.chainId, submission.environment, this.now())]);
          this.setState(submission.uid, 'submitted', null, null);
        });
        this.onChange();
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) this.setState(submission.uid, 'unsent', UNSENT_MESSAGE, 'unsent');
        // Anything else (offline, 5xx): unknown yet, so the row stays as it is for the next start.
      }
    }
    return pending.map((submission) => this.get(submission.uid));
  }

  /** Orders of this account and chain sent with no answer yet (the POST's outcome is unknown): they may be live. */
  unconfirmed(account: string, chainId: number): Submission[] {
    const rows = this.repo.db
      .prepare("SELECT * FROM submissions WHERE state = 'submitting' AND lower(account) = lower(?) AND chain_id = ?")
      .all(account, chainId) as SubmissionRow[];
    return rows.map(toSubmission);
  }

  find(uid: string): Submission | undefined {
    const row = this.repo.db.prepare('SELECT * FROM submissions WHERE uid = ?').get(uid.toLowerCase()) as SubmissionRow | undefined;
    return row && toSubmission(row);
  }

  private get(uid: string): Submission {
    const found = this.find(uid);
    if (!found) throw new AppError('SUBMISSION_NOT_FOUND', `CoW Desk has no submission ${uid}.`);
    return found;
  }

  /** Journal row and provisional order move together; a server record already adopted is left alone. */
  private setState(uid: string, state: SubmissionState, error: string | null, orderState: 'unsent' | 'failed' | null): void {
    this.get(uid);
    writeTransaction(this.repo.db, () => {
      this.repo.db.prepare('UPDATE submissions SET state = ?, error = ?, updated_at = ? WHERE uid = ?').run(state, error, this.now(), uid);
      if (orderState) {
        this.repo.db.prepare('UPDATE orders SET status = ?, local_state = ? WHERE uid = ? AND local_state IS NOT NULL').run(orderState, orderState, uid);
      } else {
        // Accepted: live on the service until the next sync brings its full record.
        const status = this.get(uid).body.signingScheme === 'presign' ? 'presignaturePending' : 'open';
        this.repo.db.prepare('UPDATE orders SET status = ?, local_state = NULL WHERE uid = ? AND local_state IS NOT NULL').run(status, uid);
      }
    });
    // Inside reconcile's transaction, reconcile announces once it committed.
    if (!this.repo.db.inTransaction) this.onChange();
  }
}
