import type { Trade } from '../../common/protocol/api';
import { StoreWriter } from '../store/store-writer';
import type { OrderColumns } from './order-row';
import { tradeParams, UPSERT_ORDER_SQL, UPSERT_TRADE_SQL, type OrdersRepo } from './orders-repo';

/** Where a sync pass writes: each call one transaction, answering the rows that changed. */
export interface SyncWriter {
  orders(rows: readonly OrderColumns[]): Promise<number>;
  trades(trades: readonly Trade[]): Promise<number>;
  /** After the batches already sent are written. */
  close(): Promise<void>;
}

/**
 * The sync's writes, on the store's writer thread when the store is a file:
 * the repository's own statements, so rows land exactly as repo.writeOrders()
 * and writeTrades() would write them. In memory (no file to share), on this
 * thread through the repository.
 */
export function openSyncWriter(repo: OrdersRepo): SyncWriter {
  const thread = StoreWriter.forDatabase(repo.db);
  if (!thread) {
    return {
      orders: async (rows) => repo.writeOrders(rows, { refetchable: true }),
      trades: async (trades) => repo.writeTrades(trades, { refetchable: true }),
      close: async () => undefined,
    };
  }
  return {
    orders: async (rows) => (await thread.run(UPSERT_ORDER_SQL, rows as unknown as Record<string, unknown>[])).changes,
    trades: async (trades) => (await thread.run(UPSERT_TRADE_SQL, trades.map(tradeParams))).changes,
    close: () => thread.close(),
  };
}
