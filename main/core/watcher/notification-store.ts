import type { Database } from 'better-sqlite3';
import type { NotificationType } from '../../common/protocol/api/notifications';
import type { Environment } from '../../common/protocol/environments';
import type { NotificationsQuery, NotificationEvent } from '../../common/notifications/notification-schema';
import { writeTransaction } from '../store/write-transaction';

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

const toEvent = (row: EventRow): NotificationEvent => ({
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

/** The notifications the watcher told (migrations 006 and 010): each once, under its stable id. */
export class NotificationStore {
  constructor(private readonly db: Database) {}

  /** Stores the event unless one with its id exists; true when it is new (and may be shown). */
  record(event: Omit<NotificationEvent, 'read'>): boolean {
    const result = this.db
      .prepare(
        `INSERT INTO notifications (id, type, environment, account, chain_id, order_uid, source, occurred_at, title, body, notified)
         VALUES (@id, @type, @environment, @account, @chainId, @orderUid, @source, @occurredAt, @title, @body, @notified)
         ON CONFLICT (id) DO NOTHING`,
      )
      .run({ ...event, notified: event.notified ? 1 : 0 });
    return result.changes === 1;
  }

  list(query: NotificationsQuery & { limit: number }): { events: NotificationEvent[]; total: number } {
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
    const rows = this.db.prepare(`SELECT * FROM notifications ${clause} ORDER BY occurred_at DESC, rowid DESC LIMIT ?`).all(...params, query.limit) as EventRow[];
    const { n } = this.db.prepare(`SELECT COUNT(*) AS n FROM notifications ${clause}`).get(...params) as { n: number };
    return { events: rows.map(toEvent), total: n };
  }

  unread(): number {
    return (this.db.prepare('SELECT COUNT(*) AS n FROM notifications WHERE read = 0').get() as { n: number }).n;
  }

  markRead(ids: readonly string[] | 'all'): void {
    if (ids === 'all') {
      this.db.prepare('UPDATE notifications SET read = 1 WHERE read = 0').run();
      return;
    }
    const mark = this.db.prepare('UPDATE notifications SET read = 1 WHERE id = ?');
    writeTransaction(this.db, () => ids.forEach((id) => mark.run(id)));
  }

  /**
   * The stored event a service item speaks of, if one was told already: the
   * same id, or for a partial fill the item gives no amount for, the latest
   * partial fill of that order.
   */
  findOrderEvent(id: string, partialOfOrder: string | null): { id: string; exact: boolean; datedByBlock: boolean } | undefined {
    const exact = this.db.prepare('SELECT id, dated_by_block FROM notifications WHERE id = ?').get(id) as { id: string; dated_by_block: number } | undefined;
    if (exact) return { id: exact.id, exact: true, datedByBlock: exact.dated_by_block === 1 };
    if (!partialOfOrder) return undefined;
    const latest = this.db
      .prepare("SELECT id FROM notifications WHERE type = 'order_partially_filled' AND lower(order_uid) = lower(?) ORDER BY occurred_at DESC LIMIT 1")
      .get(partialOfOrder) as { id: string } | undefined;
    return latest && { id: latest.id, exact: false, datedByBlock: false };
  }

  /**
   * The service's own time for an event told before. The earlier of the two
   * stands, since nothing happened after it was first seen (the service's
   * item is written once it noticed; a fill's block is earlier still). An
   * expiry stays at its validTo.
   */
  restamp(id: string, occurredAt: number): void {
    this.db.prepare('UPDATE notifications SET occurred_at = min(occurred_at, ?) WHERE id = ?').run(occurredAt, id);
  }

  /** The chain's time of a fill (its trade's block): the truth, whatever the local clock read. */
  dateByBlock(id: string, occurredAt: number): void {
    this.db.prepare('UPDATE notifications SET occurred_at = ?, dated_by_block = 1 WHERE id = ?').run(occurredAt, id);
  }
}
