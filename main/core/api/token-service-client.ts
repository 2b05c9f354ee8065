import type { z } from 'zod';
import {
  averageAprSchema,
  MAX_POOLS_PER_REQUEST,
  notificationsResponseSchema,
  poolsResponseSchema,
  tokenPriceSchema,
  topHoldersSchema,
  type Pool,
} from '../../common/protocol/api';
import { addressSchema } from '../../common/protocol/api';
import { PRICE_DECORATION_MS, RESPONSE_LIMITS, type ResponseLimitName } from '../../common/limits';
import { resolveChain } from '../../common/protocol/chains';
import type { AgedPrice } from '../../common/ipc/commands/tokens';
import { ApiError } from './api-error';
import { chunk, mapConcurrent } from './batching';
import { request, type HttpDeps, type HttpMethod } from './http-client';
import { parseRequest } from './request-validation';
import { UsdPriceCache } from './usd-price-cache';

const POOLS = 'POST /{chainId}/yield/pools';

/** `-` stands for the chain's native asset on the price endpoint. */
export const NATIVE_ASSET = '-';

/** Token prices and holders, pool yields and account notifications (numeric chain ids in paths). */
export class TokenServiceClient {
  private readonly prices: UsdPriceCache;

  constructor(
    private readonly deps: HttpDeps,
    private readonly baseUrl: () => string,
  ) {
    this.prices = new UsdPriceCache(deps.clock, async (chainId, token) => (await this.usdPrice(chainId, token)).price);
  }

  /** Cached for as long as the service's Cache-Control says (the live service sends none). */
  async usdPrice(chainId: number, token: string, signal?: AbortSignal) {
    return this.call('GET', `/${resolveChain(chainId).id}/tokens/${tokenPath(token)}/usdPrice`, tokenPriceSchema, { cache: true, signal, limit: 'small', endpoint: 'GET /{chainId}/tokens/{token}/usdPrice' });
  }

  /**
   * The USD price shown beside an amount or a fee: a decoration, so it is waited for at most
   * PRICE_DECORATION_MS, and a price the service does not have or does not send in time is null.
   */
  async decorationUsdPrice(chainId: number, token: string): Promise<number | null> {
    return (await this.decorationUsdPrices(chainId, [token]))[token.toLowerCase()]?.usd ?? null;
  }

  /**
   * USD prices beside balances, by lower-case address, each with its age: one request per token
   * (the service has no batch route), all at once within the rate limit, shared with every other
   * screen asking, and none while the last answer is fresh (UsdPriceCache). Waited for at most
   * PRICE_DECORATION_MS; a request still under way then goes on and fills the cache for the next
   * ask, and meanwhile the last answer (older, with its age) or null stands in.
   */
  async decorationUsdPrices(chainId: number, tokens: readonly string[]): Promise<Record<string, AgedPrice | null>> {
    resolveChain(chainId);
    const unique = [...new Set(tokens.map((token) => tokenPath(token).toLowerCase()))];
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), PRICE_DECORATION_MS)));
    try {
      const answers = await Promise.all(
        unique.map(async (token) => {
          const answer = (await Promise.race([this.prices.get(chainId, token), late])) ?? this.prices.last(chainId, token);
          return [token, answer && answer.usd !== null ? { usd: answer.usd, ageMs: Math.max(0, this.deps.clock.now() - answer.at) } : null] as const;
        }),
      );
      return Object.fromEntries(answers);
    } finally {
      clearTimeout(timer);
    }
  }

  async topHolders(chainId: number, token: string, signal?: AbortSignal) {
    return this.call('GET', `/${resolveChain(chainId).id}/tokens/${tokenPath(token)}/topHolders`, topHoldersSchema, { signal, limit: 'topHolders', endpoint: 'GET /{chainId}/tokens/{token}/topHolders' });
  }

  /**
   * No addresses: the top pools by TVL. Otherwise 500 addresses per request (the
   * live limit, below interface.md's 1000), merged and deduplicated.
   */
  async pools(chainId: number, addresses: readonly string[], signal?: AbortSignal): Promise<Pool[]> {
    const path = `/${resolveChain(chainId).id}/yield/pools`;
    if (addresses.length === 0) return this.call('POST', path, poolsResponseSchema, { body: [], signal, limit: 'pools', endpoint: POOLS });
    const unique = [...new Set(addresses.map((address) => parseRequest(addressSchema, address, 'pool address')))];
    const pages = await mapConcurrent(chunk(unique, MAX_POOLS_PER_REQUEST), 2, (page) =>
      this.call('POST', path, poolsResponseSchema, { body: page, signal, limit: 'pools', endpoint: POOLS }),
    );
    const merged = new Map<string, Pool>();
    for (const pool of pages.flat()) merged.set(pool.contract_address.toLowerCase(), pool);
    return [...merged.values()];
  }

  async poolsAverageApr(chainId: number, signal?: AbortSignal) {
    return this.call('GET', `/${resolveChain(chainId).id}/yield/pools-average-apr`, averageAprSchema, { cache: true, signal, limit: 'averageApr', endpoint: 'GET /{chainId}/yield/pools-average-apr' });
  }

  /** A 404 means the deployment has the notification integration switched off. */
  async accountNotifications(account: string, signal?: AbortSignal) {
    try {
      return await this.call('GET', `/accounts/${parseRequest(addressSchema, account, 'account address')}/notifications`, notificationsResponseSchema, { cache: true, signal, limit: 'notifications', endpoint: 'GET /accounts/{account}/notifications' });
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) {
        throw new ApiError({
          code: 'NOTIFICATIONS_UNAVAILABLE',
          message: 'Notifications are unavailable for this environment; order alerts still come from watching your orders.',
          retryable: false,
          status: 404,
        });
      }
      throw error;
    }
  }

  private call<T>(
    method: HttpMethod,
    path: string,
    schema: z.ZodType<T>,
    options: { body?: unknown; cache?: boolean; signal?: AbortSignal | undefined; limit: ResponseLimitName; endpoint: string },
  ): Promise<T> {
    return request(this.deps, {
      method,
      url: `${this.baseUrl()}${path}`,
      endpoint: options.endpoint,
      maxBytes: RESPONSE_LIMITS[options.limit],
      buckets: ['tokenService'],
      schema,
      ...(options.body === undefined ? {} : { body: options.body }),
      ...(options.cache ? { cache: true } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
    });
  }
}

function tokenPath(token: string): string {
  return token === NATIVE_ASSET ? NATIVE_ASSET : parseRequest(addressSchema, token, 'token address');
}
