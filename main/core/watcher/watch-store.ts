import type { Database } from 'better-sqlite3';
import type { NotificationType } from '../../common/protocol/api/notifications';
import type { Environment } from '../../common/protocol/environments';
import type { NotificationsQuery, WatchEvent } from '../../common/notifications/notification-schema';

const FINAL = "'fulfilled', 'expired', 'cancelled'";

/** The last state the watcher saw of an order. */
export interface OrderSnapshot {
  uid: string;
  status: string;
  executedSell: string;
  executedBuy: string;
}

interface EventRow {
  id: string;
  type: NotificationType;
  environment: Environment;
  account: string;
  chain_id: number | null;
  order_uid: string | null;
  source: 'orders' | 'service';
  occurred_at: number;
  title: string;
  body: string;
  read: number;
  notified: number;
}

const toEvent = (row: EventRow): WatchEvent => ({
  id: row.id,
  type: row.type,
  environment: row.environment,
  account: row.account,
  chainId: row.chain_id,
  orderUid: row.order_uid,
  source: row.source,
  occurredAt: row.occurred_at,
  title: row.title,
  body: row.body,
  read: row.read === 1,
  notified: row.notified === 1,
});

/** Events and order snapshots of the watcher (migration 006). */
export class WatchStore {
  constructor(private readonly db: Database) {}

  /** Stores the event unless one with its id exists; true when it is new (and may be shown). */
  record(event: Omit<WatchEvent, 'read'>): boolean {
    const result = this.db
      .prepare(
        `INSERT INTO watch_events (id, type, environment, account, chain_id, order_uid, source, occurred_at, title, body, notified)
         VALUES (@id, @type, @environment, @account, @chainId, @orderUid, @source, @occurredAt, @title, @body, @notified)
         ON CONFLICT (id) DO NOTHING`,
      )
      .run({ ...event, notified: event.notified ? 1 : 0 });
    return result.changes === 1;
  }

  list(query: NotificationsQuery & { limit: number }): { events: WatchEvent[]; total: number } {
    const where: string[] = [];
    const params: unknown[] = [];
    if (query.type) {
      where.push('type = ?');
      params.push(query.type);
    }
    if (query.account) {
      where.push('lower(account) = lower(?)');
      params.push(query.account);
    }
    if (query.unreadOnly) where.push('read = 0');
    const clause = where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
    const rows = this.db.prepare(`SELECT * FROM watch_events ${clause} ORDER BY occurred_at DESC, rowid DESC LIMIT ?`).all(...params, query.limit) as EventRow[];
    const { n } = this.db.prepare(`SELECT COUNT(*) AS n FROM watch_events ${clause}`).get(...params) as { n: number };
    return { events: rows.map(toEvent), total: n };
  }

  unread(): number {
    return (this.db.prepare('SELECT COUNT(*) AS n FROM watch_events WHERE read = 0').get() as { n: number }).n;
  }

  markRead(ids: readonly string[] | 'all'): void {
    if (ids === 'all') {
      this.db.prepare('UPDATE watch_events SET read = 1 WHERE read = 0').run();
      return;
    }
    const mark = this.db.prepare('UPDATE watch_events SET read = 1 WHERE id = ?');
    this.db.transaction(() => ids.forEach((id) => mark.run(id)))();
  }

  snapshot(uid: string): OrderSnapshot | undefined {
    const row = this.db.prepare('SELECT uid, status, executed_sell, executed_buy FROM watch_orders WHERE uid = ?').get(uid.toLowerCase()) as
      | { uid: string; status: string; executed_sell: string; executed_buy: string }
      | undefined;
    return row && { uid: row.uid, status: row.status, executedSell: row.executed_sell, executedBuy: row.executed_buy };
  }

  /**
   * Orders of the scope to read: every order the history holds as still able
   * to change, judged by the watcher's own last sighting when it has one. The
   * history sync may already have stored an order as final that the watcher
   * has not yet seen change; it stays watched until the watcher tells it.
   * Orders the watcher never saw open (old history) are not watched.
   */
  watchedUids(account: string, chainId: number, environment: Environment): string[] {
    const rows = this.db
      .prepare(
        `SELECT o.uid FROM orders o LEFT JOIN watch_orders w ON w.uid = o.uid
         WHERE o.account = ? AND o.chain_id = ? AND o.environment = ? AND o.local_state IS NULL
           AND (w.uid IS NULL AND o.status NOT IN (${FINAL}) OR w.status NOT IN (${FINAL}))`,
      )
      .all(account, chainId, environment) as { uid: string }[];
    return rows.map((row) => row.uid);
  }

  saveSnapshot(snapshot: OrderSnapshot, seenAt: number): void {
    this.db
      .prepare(
        `INSERT INTO watch_orders (uid, status, executed_sell, executed_buy, seen_at) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (uid) DO UPDATE SET status = excluded.status, executed_sell = excluded.executed_sell,
           executed_buy = excluded.executed_buy, seen_at = excluded.seen_at`,
      )
      .run(snapshot.uid.toLowerCase(), snapshot.status, snapshot.executedSell, snapshot.executedBuy, seenAt);
  }
}
