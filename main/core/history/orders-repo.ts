import type { Database, Statement } from 'better-sqlite3';
import type { Trade } from '../../common/protocol/api';
import type { Environment } from '../../common/protocol/environments';
import { FINAL_STATUSES, ORDER_COLUMN_NAMES, type OrderColumns } from './order-row';

export interface SyncScope {
  account: string;
  chainId: number;
  environment: Environment;
}

export interface SyncCursor {
  headUid: string | null;
  lastSyncedAt: number | null;
  lastError: string | null;
}

const FINAL_LIST = FINAL_STATUSES.map((status) => `'${status}'`).join(', ');
const UPDATABLE = ORDER_COLUMN_NAMES.filter((name) => name !== 'uid');

/**
 * Reads and writes of the history cache. Every method that writes more than
 * one row does it in one transaction: a crash leaves either the whole page or
 * none of it, never half an order set with its search index out of step.
 */
export class OrdersRepo {
  private readonly upsertOrder: Statement;
  private readonly upsertAppData: Statement;
  private readonly insertTrade: Statement;

  constructor(readonly db: Database) {
    this.upsertOrder = db.prepare(
      `INSERT INTO orders (${ORDER_COLUMN_NAMES.join(', ')}) VALUES (${ORDER_COLUMN_NAMES.map((name) => `@${name}`).join(', ')})
       ON CONFLICT (uid) DO UPDATE SET ${UPDATABLE.map((name) => `${name} = excluded.${name}`).join(', ')}`,
    );
    this.upsertAppData = db.prepare(
      'INSERT INTO app_data (hash, full_app_data, app_code) VALUES (?, ?, ?) ON CONFLICT (hash) DO NOTHING',
    );
    this.insertTrade = db.prepare(
      `INSERT INTO trades (chain_id, block_number, log_index, order_uid, owner, sell_token, buy_token, sell_amount,
         sell_amount_before_fees, buy_amount, tx_hash, executed_protocol_fees, raw)
       SELECT @chain_id, @block_number, @log_index, @order_uid, @owner, @sell_token, @buy_token, @sell_amount,
         @sell_amount_before_fees, @buy_amount, @tx_hash, @executed_protocol_fees, @raw
       WHERE EXISTS (SELECT 1 FROM orders WHERE uid = @order_uid)
       ON CONFLICT (chain_id, block_number, log_index) DO UPDATE SET tx_hash = excluded.tx_hash, raw = excluded.raw`,
    );
  }

  /** Orders and their appData documents, all or nothing. */
  writeOrders(rows: readonly OrderColumns[]): void {
    this.db.transaction(() => {
      for (const row of rows) {
        this.upsertOrder.run(row);
        if (row.app_data_hash && row.full_app_data) this.upsertAppData.run(row.app_data_hash, row.full_app_data, row.app_code);
      }
    })();
  }

  /** Fills of orders we hold (fills of others are skipped); marks the orders' fills complete. */
  writeTrades(chainId: number, trades: readonly Trade[], completeFor: readonly string[]): void {
    const mark = this.db.prepare('UPDATE orders SET trades_for = executed_sell_amount WHERE uid = ?');
    this.db.transaction(() => {
      for (const trade of trades) {
        this.insertTrade.run({
          chain_id: chainId,
          block_number: trade.blockNumber,
          log_index: trade.logIndex,
          order_uid: trade.orderUid,
          owner: trade.owner,
          sell_token: trade.sellToken,
          buy_token: trade.buyToken,
          sell_amount: trade.sellAmount,
          sell_amount_before_fees: trade.sellAmountBeforeFees,
          buy_amount: trade.buyAmount,
          tx_hash: trade.txHash,
          executed_protocol_fees: trade.executedProtocolFees ? JSON.stringify(trade.executedProtocolFees) : null,
          raw: JSON.stringify(trade),
        });
      }
      for (const uid of completeFor) mark.run(uid);
    })();
  }

  hasTrade(chainId: number, blockNumber: number, logIndex: number): boolean {
    return this.db.prepare('SELECT 1 FROM trades WHERE chain_id = ? AND block_number = ? AND log_index = ?').get(chainId, blockNumber, logIndex) !== undefined;
  }

  get(uid: string): OrderColumns | undefined {
    return this.db.prepare('SELECT * FROM orders WHERE uid = ?').get(uid.toLowerCase()) as OrderColumns | undefined;
  }

  getMany(uids: readonly string[]): Map<string, OrderColumns> {
    const found = new Map<string, OrderColumns>();
    const statement = this.db.prepare('SELECT * FROM orders WHERE uid = ?');
    for (const uid of uids) {
      const row = statement.get(uid.toLowerCase()) as OrderColumns | undefined;
      if (row) found.set(row.uid, row);
    }
    return found;
  }

  tradesOf(uid: string): { raw: string }[] {
    return this.db.prepare('SELECT raw FROM trades WHERE order_uid = ? ORDER BY block_number, log_index').all(uid.toLowerCase()) as { raw: string }[];
  }

  /** Server orders of the scope that can still change (open, presignaturePending, anything new). */
  nonFinalUids(scope: SyncScope): string[] {
    const rows = this.db
      .prepare(
        `SELECT uid FROM orders WHERE account = ? AND chain_id = ? AND environment = ?
           AND local_state IS NULL AND status NOT IN (${FINAL_LIST}) ORDER BY created_at DESC`,
      )
      .all(scope.account, scope.chainId, scope.environment) as { uid: string }[];
    return rows.map((row) => row.uid);
  }

  /** Orders whose fills changed since they were last fetched. */
  ordersNeedingTrades(scope: SyncScope): { uid: string; owner: string }[] {
    return this.db
      .prepare(
        `SELECT uid, owner FROM orders WHERE account = ? AND chain_id = ? AND environment = ?
           AND executed_sell_amount IS NOT NULL AND executed_sell_amount <> '0' AND trades_for IS NOT executed_sell_amount`,
      )
      .all(scope.account, scope.chainId, scope.environment) as { uid: string; owner: string }[];
  }

  cursor(scope: SyncScope): SyncCursor {
    const row = this.db
      .prepare('SELECT head_uid, last_synced_at, last_error FROM sync_cursors WHERE account = ? AND chain_id = ? AND environment = ?')
      .get(scope.account, scope.chainId, scope.environment) as { head_uid: string | null; last_synced_at: number | null; last_error: string | null } | undefined;
    return { headUid: row?.head_uid ?? null, lastSyncedAt: row?.last_synced_at ?? null, lastError: row?.last_error ?? null };
  }

  saveCursor(scope: SyncScope, cursor: SyncCursor): void {
    this.db
      .prepare(
        `INSERT INTO sync_cursors (account, chain_id, environment, head_uid, last_synced_at, last_error) VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT (account, chain_id, environment) DO UPDATE SET
           head_uid = excluded.head_uid, last_synced_at = excluded.last_synced_at, last_error = excluded.last_error`,
      )
      .run(scope.account, scope.chainId, scope.environment, cursor.headUid, cursor.lastSyncedAt, cursor.lastError);
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
