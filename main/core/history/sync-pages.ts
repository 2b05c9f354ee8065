import type { Database } from 'better-sqlite3';
import type { z } from 'zod';
import { accountOrdersSchema, tradesResponseSchema } from '../../common/protocol/api';
import { JSON_DEPTH_LIMIT } from '../../common/limits';
import { withinJsonDepth } from '../api/json-depth';
import { parseBodyBytes } from '../api/response-body';
import { FINAL_STATUSES, toOrderParams } from './order-row';
import { orderStatements, stillLiveIn, tradeAtOrBefore, tradeKey, tradeParams, UPSERT_TRADE_SQL, type SyncScope } from './orders-repo';

/**
 * What a sync asks of a page of account orders besides its bytes: whose
 * orders they are, and what the last complete pass knew.
 */
export interface OrdersPageAsk {
  kind: 'orders';
  scope: SyncScope;
  /** When the rows are stored (their synced_at). */
  now: number;
  /** The newest order of the last complete pass: the walk stops at the page that holds it. */
  headUid: string | null;
  /** The last pass looked recently: the orders newer than its head were placed since, and one not held yet is news (placedSinceIsNews). */
  placedAreNews: boolean;
}

/** What a sync asks of a page of the owner's fills: the newest fill the last complete pass stored. */
export interface TradesPageAsk {
  kind: 'trades';
  known: string | null;
}

export type PageAsk = OrdersPageAsk | TradesPageAsk;

/** What the walk needs of a page, and all the main thread gets of it: the rest stays where the page is read. */
export interface PageSummary {
  /** Orders (or fills) on the page. */
  count: number;
  /** The page's first order's UID (its first fill's key): the head the next pass starts from. */
  first: string | null;
  /** The page reaches what the last pass stored: no page after it is asked for. */
  reachesKnown: boolean;
  /**
   * Lower case: orders: those the service still calls live (the refresh skips them, they are current); fills: their
   * orders the store holds as still able to change (the refresh looks at those; the pass's end checks them again,
   * once its writes are in). Only these UIDs cross to the main thread: a first sync's fills name most of its orders,
   * and their UIDs (with every page's own, once sent too) held on until the pass's end doubled the main thread's
   * young generation and raised its old one: 10-15 MB of a 100k sync's peak (issue 35).
   */
  followUp: string[];
}

/**
 * A page nested deeper than any answer may be (JSON_DEPTH_LIMIT): refused unparsed, and told apart from one the
 * schema refuses, as the fetch tells a body too deep from a bad one (the service's health, the error's words).
 */
export const TOO_DEEP = 'tooDeep';

/** What checking a page came to: what the walk needs of it, null when its schema refused it, or TOO_DEEP. */
export type PageCheck = PageSummary | null | typeof TOO_DEEP;

/** What the walk is told of a decoded page (decodePage's answer): its summary, or why it was refused. */
export function pageCheck(page: DecodedPage | null | typeof TOO_DEEP): PageCheck {
  return page === TOO_DEEP ? TOO_DEEP : (page?.summary ?? null);
}

/** A page as the store takes it: each group's statements run for each of its rows, the groups in one transaction. */
export interface DecodedPage {
  summary: PageSummary;
  groups: { statements: readonly string[]; rows: Record<string, unknown>[] }[];
}

const FINAL = new Set<string>(FINAL_STATUSES);

/**
 * A page's bytes checked and turned into rows: the same schema and the same
 * row building the main thread used, run where the page is stored (the
 * store's writer thread), so the main thread never parses or collects it.
 * Answers null for an answer the schema refuses (or that is not JSON): the
 * caller reports it as the client does (badResponseError); TOO_DEEP for one
 * nested deeper than any answer may be, refused unparsed (the fetch hands
 * pages over unscanned: SentRequest.unscanned in http-attempt.ts). Nothing of
 * either is stored. `store` is the connection the page is written on: a fill
 * page's orders are looked up there (PageSummary.followUp), maybe before the
 * pass's order pages sent ahead of it are written. Nothing is missed: an
 * order such a page brings is current if live (the walk skips it anyway) or
 * final. The pass's end checks them again, for one a later page closed.
 */
export function decodePage(bytes: ArrayBuffer, ask: PageAsk, store: Database): DecodedPage | null | typeof TOO_DEEP {
  if (!withinJsonDepth(bytes, JSON_DEPTH_LIMIT)) return TOO_DEEP;
  const body = parseBodyBytes(bytes);
  return ask.kind === 'orders' ? decodeOrders(body, ask) : decodeTrades(body, ask, store);
}

/**
 * The page's items checked with the page's own schema one at a time, each parsed item let go (taken out of the
 * page) once checked and turned into what is kept of it: an order's row, where its checked copy dies young on the
 * writer thread's small young generation instead of a whole page's checked copy being promoted to its old one to
 * wait for a full collection (a fill's checked copy is what its row is built from, so it is kept). Null when the
 * body is not an array or an item is refused: nothing of the page is stored.
 */
function eachChecked<T, R>(body: unknown, schema: z.ZodType<T>, keep: (item: T, at: number) => R): R[] | null {
  if (!Array.isArray(body)) return null;
  const kept: R[] = [];
  for (let at = 0; at < body.length; at += 1) {
    const checked = schema.safeParse(body[at]);
    body[at] = undefined;
    if (!checked.success) return null;
    kept.push(keep(checked.data, at));
  }
  return kept;
}

function decodeOrders(body: unknown, ask: OrdersPageAsk): DecodedPage | null {
  const { account, chainId, environment } = ask.scope;
  let knownAt = -1;
  const followUp: string[] = [];
  const page = eachChecked(body, accountOrdersSchema.element, (order, at) => {
    if (knownAt === -1 && ask.headUid !== null && order.uid === ask.headUid) knownAt = at;
    if (!FINAL.has(order.status)) followUp.push(order.uid.toLowerCase());
    return { uid: order.uid, row: toOrderParams(order, account, chainId, environment, ask.now) as unknown as Record<string, unknown> };
  });
  if (!page) return null;
  // Newer than the last head and not held yet: news, stored as placed first; the rest as they are.
  const placed = !ask.placedAreNews ? 0 : knownAt === -1 ? page.length : knownAt;
  const rows = page.map((order) => order.row);
  return {
    summary: {
      count: page.length,
      first: page[0]?.uid ?? null,
      reachesKnown: knownAt !== -1,
      followUp,
    },
    groups: [
      { statements: orderStatements(true), rows: rows.slice(0, placed) },
      { statements: orderStatements(false), rows: rows.slice(placed) },
    ],
  };
}

function decodeTrades(body: unknown, ask: TradesPageAsk, store: Database): DecodedPage | null {
  const page = eachChecked(body, tradesResponseSchema.element, (trade) => trade);
  if (!page) return null;
  const { known } = ask;
  const fresh = known === null ? page : page.filter((trade) => !tradeAtOrBefore(trade, known));
  return {
    summary: {
      count: page.length,
      first: page[0] ? tradeKey(page[0]) : null,
      reachesKnown: fresh.length < page.length,
      followUp: stillLiveIn(store, [...new Set(fresh.map((trade) => trade.orderUid.toLowerCase()))]),
    },
    groups: [{ statements: [UPSERT_TRADE_SQL], rows: fresh.map(tradeParams) }],
  };
}
