// SQL functions of the store's file format, defined on every connection to it:
// openStore's and the writer thread's. Self-contained (erasable TypeScript,
// relative imports with their extension): the writer thread imports it from
// source on Node's type stripping.
import type { Database } from 'better-sqlite3';
import { packOrderRest, packTradeRest } from '../history/rest-codec.ts';
import { searchRow } from '../history/search-rows.ts';
import { derivedLater } from './derived-in-bulk.ts';

const packer = (name: string, pack: (json: string) => Buffer) => (json: unknown) => {
  if (typeof json !== 'string') throw new TypeError(`${name} takes the JSON text of the fields to pack, not ${typeof json}`);
  return pack(json);
};

/**
 * pack_order_rest(json) and pack_trade_rest(json): the packed `rest` of an
 * order or a fill (history/rest-codec.ts). The statements that write `rest`
 * pack it where they run, so a sync's thousands of rows are deflated on the
 * writer thread, not on the main thread. search_row(match, ...columns): a
 * search checked on one row (history/search-rows.ts). derived_later(rowid):
 * whether a batch under way adds that order's derived rows itself
 * (store/derived-in-bulk.ts).
 */
export function defineSqlFunctions(db: Database): void {
  db.function('pack_order_rest', { deterministic: true }, packer('pack_order_rest', packOrderRest));
  db.function('pack_trade_rest', { deterministic: true }, packer('pack_trade_rest', packTradeRest));
  db.function('search_row', { deterministic: true, varargs: true }, searchRow);
  db.function('derived_later', derivedLater(db));
}
