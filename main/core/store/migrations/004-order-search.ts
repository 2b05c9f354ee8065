import type { Migration } from '../migrate';

/**
 * Full-text search over the order history: UID, owner, receiver, both tokens
 * (address and symbol), appCode and status. An external-content FTS5 table
 * reads its text from `orders`, so nothing is stored twice; triggers keep it in
 * step inside the same transaction as the write that changed the order.
 */
export const orderSearchMigration: Migration = {
  version: 4,
  name: 'order-search',
  up(db) {
    db.exec(`
      CREATE VIRTUAL TABLE orders_fts USING fts5(
        uid, owner, receiver, sell_token, buy_token, sell_symbol, buy_symbol, app_code, status,
        content = 'orders', content_rowid = 'rowid'
      );
      CREATE TRIGGER orders_fts_insert AFTER INSERT ON orders BEGIN
        INSERT INTO orders_fts (rowid, uid, owner, receiver, sell_token, buy_token, sell_symbol, buy_symbol, app_code, status)
        VALUES (new.rowid, new.uid, new.owner, new.receiver, new.sell_token, new.buy_token, new.sell_symbol, new.buy_symbol, new.app_code, new.status);
      END;
      CREATE TRIGGER orders_fts_delete AFTER DELETE ON orders BEGIN
        INSERT INTO orders_fts (orders_fts, rowid, uid, owner, receiver, sell_token, buy_token, sell_symbol, buy_symbol, app_code, status)
        VALUES ('delete', old.rowid, old.uid, old.owner, old.receiver, old.sell_token, old.buy_token, old.sell_symbol, old.buy_symbol, old.app_code, old.status);
      END;
      CREATE TRIGGER orders_fts_update
        AFTER UPDATE OF owner, receiver, sell_token, buy_token, sell_symbol, buy_symbol, app_code, status ON orders BEGIN
        INSERT INTO orders_fts (orders_fts, rowid, uid, owner, receiver, sell_token, buy_token, sell_symbol, buy_symbol, app_code, status)
        VALUES ('delete', old.rowid, old.uid, old.owner, old.receiver, old.sell_token, old.buy_token, old.sell_symbol, old.buy_symbol, old.app_code, old.status);
        INSERT INTO orders_fts (rowid, uid, owner, receiver, sell_token, buy_token, sell_symbol, buy_symbol, app_code, status)
        VALUES (new.rowid, new.uid, new.owner, new.receiver, new.sell_token, new.buy_token, new.sell_symbol, new.buy_symbol, new.app_code, new.status);
      END;
      -- Rows written before this migration (none in a fresh file, but a file may predate it).
      INSERT INTO orders_fts (orders_fts) VALUES ('rebuild');
    `);
  },
};
