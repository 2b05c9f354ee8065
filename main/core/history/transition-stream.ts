import type { Database } from 'better-sqlite3';
import type { Environment } from '../../common/protocol/environments';
import type { OrderState } from '../../common/orders/transitions';
import { writeTransaction } from '../store/write-transaction';

/** What a change records of each side: what the transitions are read from (common/orders/transitions.ts). */
export type RecordedState = Pick<OrderState, 'status' | 'executedSellAmount' | 'executedSellAmountBeforeFees' | 'executedBuyAmount'>;

/** One recorded change of an order row (migration 008's trigger, 012's amounts before fees). */
export interface RecordedChange {
  id: number;
  uid: string;
  environment: Environment;
  account: string;
  chainId: number;
  /** Epoch ms the change was written, within one tracking interval of the change at the service. */
  recordedAt: number;
  before: RecordedState;
  after: RecordedState;
}

interface ChangeRow {
  id: number;
  uid: string;
  environment: Environment;
  account: string;
  chain_id: number;
  from_status: string;
  to_status: string;
  from_executed_sell: string | null;
  to_executed_sell: string | null;
  from_executed_sell_before_fees: string | null;
  to_executed_sell_before_fees: string | null;
  from_executed_buy: string | null;
  to_executed_buy: string | null;
  recorded_at: number;
}

/**
 * Reads the one stream of order changes. A consumer that must see each change
 * exactly once across restarts (the notifications) keeps its cursor in the
 * same database, advanced in the transaction that stores what it made of the
 * change (pending/advance); one that only follows this session's changes (the
 * Trade tracker) keeps its place in memory (latestId/after).
 */
export class TransitionStream {
  constructor(private readonly db: Database) {}

  /** Changes after the consumer's cursor, oldest first. */
  pending(consumer: string, limit = 500): RecordedChange[] {
    const cursor = this.db.prepare('SELECT last_id FROM order_transition_cursors WHERE consumer = ?').get(consumer) as { last_id: number } | undefined;
    return this.after(cursor?.last_id ?? 0, limit);
  }

  /** The id of the newest change (0 for none): where a consumer of this session's changes only starts. */
  latestId(): number {
    return (this.db.prepare('SELECT coalesce(max(id), 0) AS id FROM order_transitions').get() as { id: number }).id;
  }

  /** Changes after `id`, oldest first. */
  after(id: number, limit = 500): RecordedChange[] {
    const rows = this.db.prepare('SELECT * FROM order_transitions WHERE id > ? ORDER BY id LIMIT ?').all(id, limit) as ChangeRow[];
    return rows.map((row) => ({
      id: row.id,
      uid: row.uid,
      environment: row.environment,
      account: row.account,
      chainId: row.chain_id,
      recordedAt: row.recorded_at,
      before: { status: row.from_status, executedSellAmount: row.from_executed_sell, executedSellAmountBeforeFees: row.from_executed_sell_before_fees, executedBuyAmount: row.from_executed_buy },
      after: { status: row.to_status, executedSellAmount: row.to_executed_sell, executedSellAmountBeforeFees: row.to_executed_sell_before_fees, executedBuyAmount: row.to_executed_buy },
    }));
  }

  /** Call inside the consumer's transaction. */
  advance(consumer: string, id: number): void {
    this.db
      .prepare('INSERT INTO order_transition_cursors (consumer, last_id) VALUES (?, ?) ON CONFLICT (consumer) DO UPDATE SET last_id = max(last_id, excluded.last_id)')
      .run(consumer, id);
  }

  transaction<T>(work: () => T): T {
    return writeTransaction(this.db, work);
  }
}
