import { AppError } from '../../common/errors';
import type { Clock } from '../clock';

/**
 * Sliding-window limits shared by every caller of one service: a request takes
 * a slot in each bucket it belongs to (for example the orderbook as a whole and
 * its quote endpoint), and waits until all of them have room. Keeping under the
 * service's limits ourselves means the app never provokes a 429 on its own.
 *
 * A slot is held from sending until the response arrives, and its window runs
 * from the response. The server received the request at some point in between,
 * so however late the send really left this process, the server never sees more
 * than `perSecond` requests inside any one second.
 */
export interface RateLimit {
  readonly perSecond: number;
}

const WINDOW_MS = 1_000;
/** Slack for the server's clock granularity. */
const SAFETY_MS = 30;

interface Slot {
  /** When the response arrived; undefined while the request is in flight. */
  end: number | undefined;
}

export type Release = () => void;

export class RateLimiter {
  private readonly slots = new Map<string, Slot[]>();
  /** One queue per service (the first bucket): a full orderbook never holds up the token service. */
  private readonly queues = new Map<string, Promise<unknown>>();
  /** Buckets closed until a time the service named in a Retry-After. */
  private readonly holds = new Map<string, number>();
  private released: (() => void) | undefined;

  constructor(
    private readonly limits: Readonly<Record<string, RateLimit>>,
    private readonly clock: Clock,
    /** A hold longer than this fails the call at once instead of waiting inside it. */
    private readonly maxHoldMs = Number.POSITIVE_INFINITY,
  ) {}

  /** Waits for a slot in every named bucket; callers of one service are served in order. Call the result when the response is in. */
  acquire(buckets: readonly string[], signal?: AbortSignal): Promise<Release> {
    const service = buckets[0] ?? '';
    const turn = (this.queues.get(service) ?? Promise.resolve()).then(() => this.take(buckets, signal));
    this.queues.set(service, turn.catch(() => undefined));
    return turn;
  }

  /** The service said to wait (429 Retry-After): nobody sends to `bucket` before `untilMs`. */
  hold(bucket: string, untilMs: number): void {
    this.holds.set(bucket, Math.max(untilMs, this.holds.get(bucket) ?? 0));
  }

  private async take(buckets: readonly string[], signal?: AbortSignal): Promise<Release> {
    for (;;) {
      signal?.throwIfAborted();
      const now = this.clock.now();
      let wait = this.heldFor(buckets, now);
      let inFlightBlocks = false;
      for (const bucket of buckets.filter((name) => this.limits[name])) {
        const limit = this.limits[bucket]!.perSecond;
        const live = (this.slots.get(bucket) ?? []).filter((slot) => slot.end === undefined || slot.end > now - WINDOW_MS - SAFETY_MS);
        this.slots.set(bucket, live);
        if (live.length < limit) continue;
        const finished = live.flatMap((slot) => (slot.end === undefined ? [] : [slot.end])).sort((a, b) => a - b);
        const mustExpire = live.length - limit + 1;
        if (finished.length < mustExpire) inFlightBlocks = true;
        else wait = Math.max(wait, finished[mustExpire - 1]! + WINDOW_MS + SAFETY_MS - now);
      }
      if (!inFlightBlocks && wait <= 0) return this.occupy(buckets.filter((name) => this.limits[name]));
      await (inFlightBlocks ? this.nextRelease(signal) : this.clock.sleep(wait, signal));
    }
  }

  private heldFor(buckets: readonly string[], now: number): number {
    const until = Math.max(0, ...buckets.map((bucket) => this.holds.get(bucket) ?? 0));
    const wait = until - now;
    if (wait > this.maxHoldMs) {
      throw new AppError('RateLimited', `The service asked CoW Desk to wait ${Math.ceil(wait / 1000)} s before sending more. Try again then.`, {
        retryable: true,
        details: { retryAfterMs: wait },
      });
    }
    return wait;
  }

  private occupy(buckets: readonly string[]): Release {
    const slot: Slot = { end: undefined };
    for (const bucket of buckets) this.slots.get(bucket)!.push(slot);
    return () => {
      if (slot.end !== undefined) return;
      slot.end = this.clock.now();
      const wake = this.released;
      this.released = undefined;
      wake?.();
    };
  }

  private nextRelease(signal?: AbortSignal): Promise<void> {
    return new Promise((resolve, reject) => {
      const previous = this.released;
      this.released = () => {
        previous?.();
        resolve();
      };
      signal?.addEventListener('abort', () => reject(signal.reason), { once: true });
    });
  }
}
