import { PRICE_FRESH_MS } from '../../common/limits';
import type { Clock } from '../clock';
import { ApiError } from './api-error';

/**
 * The token service has no route for several prices at once (cowprotocol/bff: only
 * `GET /{chainId}/tokens/{token}/usdPrice`; `POST /{chainId}/tokens/details` gives names, not prices),
 * so a balance list costs one request per token. This keeps what each answered, with when, so the
 * same token is asked once however many screens show it, and not again while its answer is fresh.
 */
export interface PricedAt {
  /** USD per whole token; null when the service has no price for it ("Price not found"). */
  usd: number | null;
  /** When the answer came (the API clock's milliseconds). */
  at: number;
}

/**
 * The service keeps a missing price for 30 min (bff libs/services factories.ts
 * DEFAULT_CACHE_NULL_SECONDS): asking sooner brings the same 404.
 */
const MISSING_FRESH_MS = 30 * 60_000;

export class UsdPriceCache {
  private readonly answers = new Map<string, PricedAt>();
  private readonly asking = new Map<string, Promise<PricedAt | undefined>>();

  constructor(
    private readonly clock: Clock,
    /** One request to the service: the price, or an ApiError (404 = it has none). */
    private readonly fetchPrice: (chainId: number, token: string) => Promise<number>,
  ) {}

  /** The last answer for the token, fresh or not (undefined if never answered). */
  last(chainId: number, token: string): PricedAt | undefined {
    return this.answers.get(keyOf(chainId, token));
  }

  /**
   * The token's price: the kept answer while fresh, else one request shared by everyone asking
   * meanwhile. Resolves to the new answer, or to undefined when the service could not answer now
   * (the last answer, if any, is kept for the caller to show with its age).
   */
  get(chainId: number, token: string): Promise<PricedAt | undefined> {
    const key = keyOf(chainId, token);
    const kept = this.answers.get(key);
    if (kept && this.isFresh(kept)) return Promise.resolve(kept);
    const under = this.asking.get(key);
    if (under) return under;
    const asked = this.fetchPrice(chainId, token).then(
      (usd) => this.keep(key, usd),
      (error: unknown) => (error instanceof ApiError && error.status === 404 ? this.keep(key, null) : undefined),
    );
    const settled = asked.finally(() => this.asking.delete(key));
    this.asking.set(key, settled);
    return settled;
  }

  private isFresh(answer: PricedAt): boolean {
    return this.clock.now() - answer.at < (answer.usd === null ? MISSING_FRESH_MS : PRICE_FRESH_MS);
  }

  private keep(key: string, usd: number | null): PricedAt {
    const answer = { usd, at: this.clock.now() };
    this.answers.set(key, answer);
    return answer;
  }
}

/** Addresses in any case are one token; `-` is the chain's native asset. */
const keyOf = (chainId: number, token: string) => `${chainId}:${token.toLowerCase()}`;
