import { z } from 'zod';
import {
  accountOrdersSchema,
  apiOrderSchema,
  appDataGetSchema,
  appDataUploadResponseSchema,
  byUidsResponseSchema,
  cancellationRequestSchema,
  cancellationResponseSchema,
  MAX_UIDS_PER_REQUEST,
  orderCreatedSchema,
  orderCreationSchema,
  orderStatusSchema,
  quoteRequestSchema,
  quoteResponseSchema,
  solverCompetitionSchema,
  tradesResponseSchema,
  type ApiOrder,
  type OrderCreation,
  type QuoteRequest,
} from '../../common/protocol/api';
import { RESPONSE_LIMITS, type ResponseLimitName } from '../../common/limits';
import { parseAmount } from '../../common/protocol/amounts';
import { resolveChain } from '../../common/protocol/chains';
import { CONTRACTS } from '../../common/protocol/contracts';
import type { Environment } from '../../common/protocol/environments';
import { parseOrderUid } from '../../common/protocol/order-uid';
import { ApiError } from './api-error';
import { chunk, mapConcurrent } from './batching';
import { request, requestBody, type AnswerBody, type HttpDeps, type HttpMethod, type HttpRequest } from './http-client';
import { parseRequest } from './request-validation';

export const ACCOUNT_ORDERS_PAGE_LIMIT = 1000;
/** by_uids requests one read of many UIDs sends side by side. */
export const BY_UIDS_CONCURRENCY = 2;

export interface ByUidsResult {
  orders: ApiOrder[];
  /** Orders the service found but could not convert, per UID. */
  errors: { uid: string; description: string }[];
}

/** The orderbook API of one environment, for every chain (`{base}/{segment}/api/...`). */
export class OrderbookClient {
  constructor(
    private readonly deps: HttpDeps,
    private readonly baseUrl: () => string,
    private readonly environment: () => Environment,
  ) {}

  /** `sellToken`: its symbol and decimals, so an error names amounts of it in its units. */
  async quote(chainId: number, body: QuoteRequest, signal?: AbortSignal, sellToken?: { symbol: string; decimals: number }) {
    const request = parseRequest(quoteRequestSchema, body, 'quote request');
    return this.call(chainId, 'POST', '/api/v1/quote', quoteResponseSchema, { body: request, buckets: ['orderbook:quote'], signal, limit: 'small', ...(sellToken ? { sellToken } : {}) });
  }

  /** Answers the UID the service assigned; the caller compares it with its own. */
  async submitOrder(chainId: number, order: OrderCreation, signal?: AbortSignal) {
    // Amounts first, for their own codes (SellAmountOverflow, ...): nothing oversized is ever sent.
    parseAmount(order.sellAmount, 'sellAmount');
    parseAmount(order.buyAmount, 'buyAmount');
    const request = parseRequest(orderCreationSchema, order, 'order');
    return this.call(chainId, 'POST', '/api/v1/orders', orderCreatedSchema, { body: request, buckets: ['orderbook:submit'], signal, limit: 'small', changes: 'order' });
  }

  async getOrder(chainId: number, uid: string, signal?: AbortSignal) {
    parseOrderUid(uid);
    return this.call(chainId, 'GET', `/api/v1/orders/${uid}`, apiOrderSchema, { signal, limit: 'order', endpoint: 'GET /api/v1/orders/{uid}' });
  }

  async getOrderStatus(chainId: number, uid: string, signal?: AbortSignal) {
    parseOrderUid(uid);
    return this.call(chainId, 'GET', `/api/v1/orders/${uid}/status`, orderStatusSchema, { signal, limit: 'order', endpoint: 'GET /api/v1/orders/{uid}/status' });
  }

  /** Any number of UIDs, sent 128 at a time; UIDs the service does not know are simply absent. */
  async ordersByUids(chainId: number, uids: readonly string[], signal?: AbortSignal): Promise<ByUidsResult> {
    const unique = [...new Set(uids.map((uid) => (parseOrderUid(uid), uid.toLowerCase())))];
    const pages = await mapConcurrent(chunk(unique, MAX_UIDS_PER_REQUEST), BY_UIDS_CONCURRENCY, (page) =>
      this.call(chainId, 'POST', '/api/v1/orders/by_uids', byUidsResponseSchema, { body: page, signal, limit: 'ordersByUids' }),
    );
    const orders = new Map<string, ApiOrder>();
    const errors: ByUidsResult['errors'] = [];
    for (const element of pages.flat()) {
      if ('order' in element) orders.set(element.order.uid.toLowerCase(), element.order);
      else errors.push(element.error);
    }
    return { orders: [...orders.values()], errors };
  }

  /** One signed batch (the signature covers exactly these UIDs, so it is not split). */
  async cancelOrders(chainId: number, cancellation: z.input<typeof cancellationRequestSchema>, signal?: AbortSignal): Promise<void> {
    const request = parseRequest(cancellationRequestSchema, cancellation, 'cancellation');
    await this.call(chainId, 'DELETE', '/api/v1/orders', cancellationResponseSchema, { body: request, buckets: ['orderbook:submit'], signal, limit: 'small', changes: 'cancellation' });
  }

  /** Uploads the exact document string and checks the service agrees on its hash. */
  async uploadAppData(chainId: number, hash: string, fullAppData: string, signal?: AbortSignal): Promise<void> {
    const answered = await this.call(chainId, 'PUT', `/api/v1/app_data/${hash}`, appDataUploadResponseSchema, { body: { fullAppData }, signal, limit: 'small', endpoint: 'PUT /api/v1/app_data/{hash}' });
    if (answered.toLowerCase() !== hash.toLowerCase()) {
      throw new ApiError({
        code: 'AppDataHashMismatch',
        message: `The service stored the appData under ${answered}, not ${hash}; the order was not sent. Try again, and report it if it repeats.`,
        retryable: false,
      });
    }
  }

  async getAppData(chainId: number, hash: string, signal?: AbortSignal): Promise<string> {
    return (await this.call(chainId, 'GET', `/api/v1/app_data/${hash}`, appDataGetSchema, { signal, limit: 'small', endpoint: 'GET /api/v1/app_data/{hash}' })).fullAppData;
  }

  /** Newest first; `limit` 1..1000. */
  async accountOrders(chainId: number, owner: string, page: { offset: number; limit: number }, signal?: AbortSignal) {
    return request(this.deps, this.accountOrdersRequest(chainId, owner, page, signal));
  }

  /**
   * accountOrders() with the page unread: its bytes, for the store's writer
   * thread to check with the same schema (accountOrdersSchema) and store, so
   * a sync's pages cost the main thread no parsing, checking or collecting.
   */
  async accountOrdersBody(chainId: number, owner: string, page: { offset: number; limit: number }, signal?: AbortSignal): Promise<AnswerBody> {
    return requestBody(this.deps, this.accountOrdersRequest(chainId, owner, page, signal));
  }

  async trades(chainId: number, filter: { owner: string } | { orderUid: string }, page: { offset: number; limit: number }, signal?: AbortSignal) {
    return request(this.deps, this.tradesRequest(chainId, filter, page, signal));
  }

  /** trades() with the page unread, as accountOrdersBody() (checked with tradesResponseSchema where it is read). */
  async tradesBody(chainId: number, filter: { owner: string } | { orderUid: string }, page: { offset: number; limit: number }, signal?: AbortSignal): Promise<AnswerBody> {
    return requestBody(this.deps, this.tradesRequest(chainId, filter, page, signal));
  }

  private accountOrdersRequest(chainId: number, owner: string, page: { offset: number; limit: number }, signal?: AbortSignal) {
    const limit = Math.min(Math.max(1, Math.trunc(page.limit)), ACCOUNT_ORDERS_PAGE_LIMIT);
    const query = new URLSearchParams({ offset: String(Math.max(0, Math.trunc(page.offset))), limit: String(limit) });
    return this.build(chainId, 'GET', `/api/v1/account/${owner}/orders?${query}`, accountOrdersSchema, { signal, limit: 'accountOrders', endpoint: 'GET /api/v1/account/{owner}/orders' });
  }

  private tradesRequest(chainId: number, filter: { owner: string } | { orderUid: string }, page: { offset: number; limit: number }, signal?: AbortSignal) {
    const query = new URLSearchParams({ ...filter, offset: String(page.offset), limit: String(page.limit) });
    return this.build(chainId, 'GET', `/api/v2/trades?${query}`, tradesResponseSchema, { signal, limit: 'trades', endpoint: 'GET /api/v2/trades' });
  }

  async solverCompetition(chainId: number, by: { auctionId: number } | { txHash: string }, signal?: AbortSignal) {
    const path = 'auctionId' in by ? `/api/v2/solver_competition/${by.auctionId}` : `/api/v2/solver_competition/by_tx_hash/${by.txHash}`;
    return this.call(chainId, 'GET', path, solverCompetitionSchema, { signal, limit: 'solverCompetition', endpoint: `GET ${'auctionId' in by ? '/api/v2/solver_competition/{auctionId}' : '/api/v2/solver_competition/by_tx_hash/{txHash}'}` });
  }

  private call<T>(chainId: number, method: HttpMethod, path: string, schema: z.ZodType<T>, options: RequestOptions<T>): Promise<T> {
    return request(this.deps, this.build(chainId, method, path, schema, options));
  }

  private build<T>(chainId: number, method: HttpMethod, path: string, schema: z.ZodType<T>, options: RequestOptions<T>): HttpRequest<T> {
    const req: HttpRequest<T> = {
      method,
      url: `${this.baseUrl()}/${resolveChain(chainId).orderbookSegment}${path}`,
      endpoint: options.endpoint ?? `${method} ${path}`,
      maxBytes: RESPONSE_LIMITS[options.limit],
      ...(options.changes ? { changes: options.changes } : {}),
      buckets: ['orderbook', ...(options.buckets ?? [])],
      schema,
      context: { vaultRelayer: CONTRACTS[this.environment()].vaultRelayer, ...(options.sellToken ? { sellToken: options.sellToken } : {}) },
      ...(options.body === undefined ? {} : { body: options.body }),
      ...(options.signal ? { signal: options.signal } : {}),
    };
    return req;
  }
}

interface RequestOptions<T> {
  body?: unknown;
  buckets?: readonly string[];
  signal?: AbortSignal | undefined;
  limit: ResponseLimitName;
  /** The path template, when the path holds ids (messages name the endpoint, not the order). */
  endpoint?: string;
  changes?: HttpRequest<T>['changes'];
  sellToken?: { symbol: string; decimals: number };
}

