import type { Database, Statement } from 'better-sqlite3';
import type { Trade } from '../../common/protocol/api';
import type { Environment } from '../../common/protocol/environments';
import { FINAL_STATUSES, ORDER_COLUMN_NAMES, type OrderColumns, type OrderParams } from './order-row';
import { unpackTradeRest } from './rest-codec';
import { runForEachRow } from '../store/rows-changed';
import { writeTransaction } from '../store/write-transaction';

export interface SyncScope {
  account: string;
  chainId: number;
  environment: Environment;
}

export interface SyncCursor {
  headUid: string | null;
  lastSyncedAt: number | null;
  lastError: string | null;
  /** Newest fill ("block:logIndex") of the last complete pass: the fill walk stops when it shows up again. */
  tradesHead?: string | null;
  /** UID after which the next rotating refresh of open orders starts. */
  refreshAfter?: string | null;
}

const FINAL_LIST = FINAL_STATUSES.map((status) => `'${status}'`).join(', ');
/** A scope's server orders that can still change: the terms of the orders_live index's own WHERE (migration 016), which the queries must repeat to read it alone. */
const LIVE_IN_SCOPE = `account = ? AND chain_id = ? AND environment = ? AND status NOT IN (${FINAL_LIST}) AND local_state IS NULL`;
/** The scope's live orders after a UID, in UID order, at most a limit: off the live-order index alone (migration 016). */
export const LIVE_WINDOW_SQL = `SELECT uid, expires_at FROM orders WHERE ${LIVE_IN_SCOPE} AND uid > ? ORDER BY uid LIMIT ?`;
const UPDATABLE = ORDER_COLUMN_NAMES.filter((name) => name !== 'uid');
/** A row is rewritten only when something the service says about it changed. */
const CHANGED = UPDATABLE.filter((name) => name !== 'synced_at').map((name) => `orders.${name} IS NOT excluded.${name}`).join(' OR ');

/** Stores an order, or rewrites it when something the service says about it changed (named parameters: OrderParams; `rest` packed here). */
export const UPSERT_ORDER_SQL = `INSERT INTO orders (${ORDER_COLUMN_NAMES.join(', ')}) VALUES (${ORDER_COLUMN_NAMES.map((name) => (name === 'rest' ? 'pack_order_rest(@rest)' : `@${name}`)).join(', ')})
  ON CONFLICT (uid) DO UPDATE SET ${UPDATABLE.map((name) => `${name} = excluded.${name}`).join(', ')} WHERE ${CHANGED}`;

/** What an order was when placed, as far as the transitions go (common/orders/transitions.ts). */
const PLACED: Partial<Record<keyof OrderParams, string>> = {
  status: "'open'",
  executed_sell_amount: "'0'",
  executed_sell_amount_before_fees: "'0'",
  executed_buy_amount: "'0'",
  filled_pct: '0',
};

/**
 * Stores an order the store does not hold yet as it was placed (open, nothing
 * executed), for UPSERT_ORDER_SQL to write what it is now: the transition
 * trigger (migration 008) then records what happened to it since, and an
 * order placed elsewhere, already filled when first seen, is told like any
 * change. Only for orders placed since the reader last looked: a plain insert
 * (old history, a first look) records nothing.
 */
export const INSERT_PLACED_SQL = `INSERT INTO orders (${ORDER_COLUMN_NAMES.join(', ')})
  VALUES (${ORDER_COLUMN_NAMES.map((name) => PLACED[name] ?? (name === 'rest' ? 'pack_order_rest(@rest)' : `@${name}`)).join(', ')})
  ON CONFLICT (uid) DO NOTHING`;

/** The statements that store orders as they are now, on any connection: placed first where the reader last looked before they were. */
export const orderStatements = (placedSinceLastLook: boolean): readonly string[] =>
  placedSinceLastLook ? [INSERT_PLACED_SQL, UPSERT_ORDER_SQL] : [UPSERT_ORDER_SQL];

/** Stores a fill of an order we hold (fills of others are skipped); parameters from tradeParams(), `rest` packed here. */
export const UPSERT_TRADE_SQL = `INSERT INTO trades (order_uid, block_number, log_index, rest)
  SELECT @order_uid, @block_number, @log_index, pack_trade_rest(@rest) WHERE EXISTS (SELECT 1 FROM orders WHERE uid = @order_uid)
  ON CONFLICT DO UPDATE SET rest = excluded.rest WHERE rest IS NOT excluded.rest`;

/** Stores a scope's sync cursor (named parameters: OrdersRepo.cursorParams()). */
export const SAVE_CURSOR_SQL = `INSERT INTO sync_cursors (account, chain_id, environment, head_uid, last_synced_at, last_error, trades_head, refresh_after)
  VALUES (@account, @chain_id, @environment, @head_uid, @last_synced_at, @last_error, @trades_head, @refresh_after)
  ON CONFLICT (account, chain_id, environment) DO UPDATE SET
    head_uid = excluded.head_uid, last_synced_at = excluded.last_synced_at, last_error = excluded.last_error,
    trades_head = excluded.trades_head, refresh_after = excluded.refresh_after`;

/** A fill as UPSERT_TRADE_SQL takes it: its key as columns, everything else as JSON. */
export function tradeParams(trade: Trade): { order_uid: string; block_number: number; log_index: number; rest: string } {
  const { blockNumber, logIndex, orderUid, ...rest } = trade;
  return { order_uid: orderUid.toLowerCase(), block_number: blockNumber, log_index: logIndex, rest: JSON.stringify(rest) };
}

/** A fill's key as the fill walk compares it: block, then log index. */
export const tradeKey = (trade: Pick<Trade, 'blockNumber' | 'logIndex'>) => `${trade.blockNumber}:${trade.logIndex}`;
export const tradeAtOrBefore = (trade: Pick<Trade, 'blockNumber' | 'logIndex'>, key: string) => {
  const [block, log] = key.split(':').map(Number) as [number, number];
  return trade.blockNumber < block || (trade.blockNumber === block && trade.logIndex <= log);
};

/**
 * Reads and writes of the history cache. Every method that writes more than
 * one row does it in one transaction: a crash leaves either the whole batch or
 * none of it, never half an order set with its search index out of step.
 * The sync writes the same statements on the store's writer thread
 * (sync-writer.ts), off the main thread.
 */
export class OrdersRepo {
  private readonly upsertOrder: Statement;
  private readonly upsertTrade: Statement;
  private readonly insertPlaced: Statement;
  /** Prepared once: the CSV export asks for every exported order's fills. */
  private readonly selectTrades: Statement;
  /**
   * Prepared once: callers look orders up one at a time in loops (the watcher's newest fills, 100 a round), and
   * preparing `SELECT *` over the orders' columns cost 8-9x the lookup (0.15 against 0.018 ms at 100k orders).
   */
  private readonly selectOrder: Statement;
  /** The live orders' window (liveWindow): a sync's end reads a scope's live orders 250 at a time, one statement for all. */
  private readonly selectLiveWindow: Statement;

  constructor(readonly db: Database) {
    this.upsertOrder = db.prepare(UPSERT_ORDER_SQL);
    this.upsertTrade = db.prepare(UPSERT_TRADE_SQL);
    this.insertPlaced = db.prepare(INSERT_PLACED_SQL);
    this.selectTrades = db.prepare('SELECT order_uid, block_number, log_index, rest FROM trades WHERE order_uid = ? ORDER BY block_number, log_index');
    this.selectOrder = db.prepare('SELECT * FROM orders WHERE uid = ?');
    this.selectLiveWindow = db.prepare(LIVE_WINDOW_SQL);
  }

  /**
   * Orders, all or nothing; answers how many orders actually changed (an
   * identical order is not rewritten). `refetchable`: the sync's copies of
   * what the service holds commit without waiting for the disk (WAL, then
   * synchronous=NORMAL): a crash keeps them, a power cut may lose the last
   * few, which the next pass fetches again; and the main thread does not
   * stall on fsync. The user's own submissions keep the store's FULL setting.
   * `placedSinceLastLook`: the orders were read since the writer last looked
   * at their account, so one the store does not hold yet is news: stored as
   * placed first (INSERT_PLACED_SQL), its change since is recorded.
   */
  writeOrders(rows: readonly OrderParams[], options: { refetchable?: boolean; placedSinceLastLook?: boolean } = {}): number {
    return this.commit(options.refetchable === true, () => {
      // The writer thread runs the same statements the same way (sync-writer.ts).
      return runForEachRow(options.placedSinceLastLook === true ? [this.insertPlaced, this.upsertOrder] : [this.upsertOrder], rows);
    });
  }

  private commit<T>(refetchable: boolean, write: () => T): T {
    if (!refetchable || this.db.inTransaction) return writeTransaction(this.db, write);
    const level = this.db.pragma('synchronous', { simple: true }) as number;
    this.db.pragma('synchronous = NORMAL');
    try {
      return writeTransaction(this.db, write);
    } finally {
      this.db.pragma(`synchronous = ${level}`);
    }
  }

  /** Fills of orders we hold (fills of others are skipped), all or nothing; answers how many rows changed. */
  writeTrades(trades: readonly Trade[], options: { refetchable?: boolean } = {}): number {
    return this.commit(options.refetchable === true, () => {
      return runForEachRow([this.upsertTrade], trades.map(tradeParams));
    });
  }

  get(uid: string): OrderColumns | undefined {
    return this.selectOrder.get(uid.toLowerCase()) as OrderColumns | undefined;
  }

  getMany(uids: readonly string[]): Map<string, OrderColumns> {
    const found = new Map<string, OrderColumns>();
    for (const uid of uids) {
      const row = this.selectOrder.get(uid.toLowerCase()) as OrderColumns | undefined;
      if (row) found.set(row.uid, row);
    }
    return found;
  }

  /** The order's fills, oldest first, as the service sent them. */
  tradesOf(uid: string): Trade[] {
    const rows = this.selectTrades.all(uid.toLowerCase()) as { order_uid: string; block_number: number; log_index: number; rest: Uint8Array }[];
    return rows.map((row) => ({ blockNumber: row.block_number, logIndex: row.log_index, orderUid: row.order_uid, ...(JSON.parse(unpackTradeRest(row.rest)) as object) }) as Trade);
  }

  /**
   * Server orders of the scope that can still change, for the refresh by UID:
   * those after `after` in UID order (the rotation), at most `limit`.
   */
  liveUids(scope: SyncScope, options: { after?: string | null; limit?: number } = {}): string[] {
    return this.liveWindow(scope, options.after ?? null, options.limit ?? -1).map((row) => row.uid);
  }

  /** How many of the scope's server orders can still change, counted off their index. */
  liveCount(scope: SyncScope): number {
    return (this.db.prepare(`SELECT count(*) AS n FROM orders WHERE ${LIVE_IN_SCOPE}`).get(scope.account, scope.chainId, scope.environment) as { n: number }).n;
  }

  /** Up to `limit` of the scope's server orders that can still change whose validity ran out by `by` (epoch seconds), off their index. */
  liveExpired(scope: SyncScope, by: number, limit: number): string[] {
    return (this.db.prepare(`SELECT uid FROM orders WHERE ${LIVE_IN_SCOPE} AND expires_at <= ? LIMIT ?`).all(scope.account, scope.chainId, scope.environment, by, limit) as { uid: string }[]).map((row) => row.uid);
  }

  /**
   * The next `limit` live orders of the scope after `after` (UID order): the
   * ones among them whose validity ran out by `by` (epoch seconds), and where
   * to go on from (null at the end). A window at a time, so a scope with
   * tens of thousands of open orders is read in short steps.
   */
  expiredWindow(scope: SyncScope, by: number, after: string | null, limit: number): { expired: string[]; next: string | null } {
    const rows = this.liveWindow(scope, after, limit);
    return { expired: rows.filter((row) => row.expires_at <= by).map((row) => row.uid), next: rows.length < limit ? null : (rows.at(-1)?.uid ?? null) };
  }

  private liveWindow(scope: SyncScope, after: string | null, limit: number): { uid: string; expires_at: number }[] {
    return this.selectLiveWindow.all(scope.account, scope.chainId, scope.environment, after ?? '', limit) as { uid: string; expires_at: number }[];
  }

  /**
   * Of these UIDs, the ones stored with a status that can still change, in the order given. One statement for
   * the list (json_each), not one call per UID: a first sync's fills name most of its orders, and a call each
   * was 0.6 s of the main thread for 100k orders beside a busy machine (5x the statement's time).
   */
  stillLive(uids: readonly string[]): string[] {
    return stillLiveIn(this.db, uids);
  }

  cursor(scope: SyncScope): SyncCursor {
    const row = this.db
      .prepare('SELECT head_uid, last_synced_at, last_error, trades_head, refresh_after FROM sync_cursors WHERE account = ? AND chain_id = ? AND environment = ?')
      .get(scope.account, scope.chainId, scope.environment) as
      | { head_uid: string | null; last_synced_at: number | null; last_error: string | null; trades_head: string | null; refresh_after: string | null }
      | undefined;
    return {
      headUid: row?.head_uid ?? null,
      lastSyncedAt: row?.last_synced_at ?? null,
      lastError: row?.last_error ?? null,
      tradesHead: row?.trades_head ?? null,
      refreshAfter: row?.refresh_after ?? null,
    };
  }

  saveCursor(scope: SyncScope, cursor: SyncCursor): void {
    this.db.prepare(SAVE_CURSOR_SQL).run(this.cursorParams(scope, cursor));
  }

  /** SAVE_CURSOR_SQL's parameters: a field the cursor leaves out keeps its stored value. */
  cursorParams(scope: SyncScope, cursor: SyncCursor): Record<string, string | number | null> {
    const previous = this.cursor(scope);
    return {
      account: scope.account,
      chain_id: scope.chainId,
      environment: scope.environment,
      head_uid: cursor.headUid,
      last_synced_at: cursor.lastSyncedAt,
      last_error: cursor.lastError,
      trades_head: cursor.tradesHead === undefined ? (previous.tradesHead ?? null) : cursor.tradesHead,
      refresh_after: cursor.refreshAfter === undefined ? (previous.refreshAfter ?? null) : cursor.refreshAfter,
    };
  }
  /** Oldest completion among the scopes: the history is as fresh as its stalest part. */
  lastSyncedAt(environment: Environment, scopes: readonly SyncScope[]): number | null {
    let oldest: number | null = null;
    for (const scope of scopes) {
      const at = this.cursor({ ...scope, environment }).lastSyncedAt;
      if (at === null) return null;
      oldest = oldest === null ? at : Math.min(oldest, at);
    }
    return oldest;
  }
}

/** OrdersRepo.stillLive() on a connection of its own: the writer thread's, where a sync's fill pages are read (sync-pages.ts). */
export function stillLiveIn(db: Database, uids: readonly string[]): string[] {
  return db
    .prepare(`SELECT asked.value FROM json_each(?) AS asked WHERE EXISTS (SELECT 1 FROM orders WHERE uid = lower(asked.value) AND status NOT IN (${FINAL_LIST})) ORDER BY asked.key`)
    .pluck()
    .all(JSON.stringify(uids)) as string[];
}
