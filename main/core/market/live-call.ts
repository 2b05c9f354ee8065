import { AppError } from '../../common/errors';
import { ApiError } from '../api/api-error';

/**
 * The API client retries network errors and 5xx for about half a minute. A
 * screen that can fall back to a snapshot should not make the user wait that
 * long, so live calls get a deadline of their own.
 */
export const LIVE_DEADLINE_MS = 20_000;

export async function withDeadline<T>(run: (signal: AbortSignal) => Promise<T>, deadlineMs = LIVE_DEADLINE_MS): Promise<T> {
  const signal = AbortSignal.timeout(deadlineMs);
  try {
    return await run(signal);
  } catch (error) {
    if (signal.aborted && !(error instanceof ApiError)) {
      throw new AppError('SERVICE_TIMEOUT', `The token service did not answer within ${Math.round(deadlineMs / 1000)} s.`, { retryable: true });
    }
    throw error;
  }
}

/**
 * Whether the service could not answer now (network, 5xx, rate limit, deadline):
 * then the last snapshot is the honest next best. A 4xx says the request itself
 * is wrong, and a snapshot would hide that.
 */
export function isUnavailable(error: unknown): boolean {
  return error instanceof AppError && error.retryable;
}

/**
 * What to show in place of a part that failed. For a 404 the token service's
 * own message says it best ("Price not found", "Token holders not found").
 */
export function failure(error: unknown): { ok: false; code: string; message: string } {
  if (error instanceof ApiError && error.status === 404 && error.description) {
    return { ok: false, code: 'NOT_FOUND', message: error.description };
  }
  if (error instanceof AppError) return { ok: false, code: error.code, message: error.message };
  throw error;
}

/**
 * When a response was first received. The client's Cache-Control cache hands
 * back the very object it stored, so identity tells a cached answer from a
 * fresh one, and the age shown is the age of the data, not of the click.
 */
export class FirstSeen {
  private readonly seen = new WeakMap<object, number>();

  constructor(private readonly now: () => number) {}

  of(value: object): number {
    const known = this.seen.get(value);
    if (known !== undefined) return known;
    const at = this.now();
    this.seen.set(value, at);
    return at;
  }
}
