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
  /**
   * Slots of the window only user requests may take. A long sync sends as
   * fast as the budget allows, five at a time then none until they age out:
   * a quote in that pause waited up to a second (issue 17: 412 ms median).
   * With a slot kept, a user action never waits for background work.
   */
  readonly userReserve?: number;
}

const WINDOW_MS = 1_000;
/** Slack for the server's clock granularity. */
const SAFETY_MS = 30;

interface Slot {
  /** When the response arrived; undefined while the request is in flight. */
  end: number | undefined;
}

export type Release = () => void;

/**
 * Who is waiting: a person (quote, submit, cancel, lookups, holders) or
 * background work (history sync, watcher, tracker). Both share the one budget;
 * a waiting user request is always served before any waiting background one.
 */
export type Lane = 'user' | 'background';

export interface AcquireOptions {
  lane?: Lane;
  /** A Retry-After hold longer than this fails the call at once (the user action's time left). */
  maxHoldMs?: number;
}

interface Waiter {
  readonly buckets: readonly string[];
  readonly lane: Lane;
  readonly maxHoldMs: number;
  readonly resolve: (release: Release) => void;
  readonly reject: (reason: unknown) => void;
  readonly detach: () => void;
}

export class RateLimiter {
  private readonly slots = new Map<string, Slot[]>();
  /** Waiters per service (the first bucket): a full orderbook never holds up the token service. */
  private readonly waiting = new Map<string, Waiter[]>();
  /** Services whose scheduler loop is running, and how to wake it early. */
  private readonly pumps = new Map<string, () => void>();
  /** Buckets closed until a time the service named in a Retry-After. */
  private readonly holds = new Map<string, number>();

  constructor(
    private readonly limits: Readonly<Record<string, RateLimit>>,
    private readonly clock: Clock,
    /** A hold longer than this fails the call at once instead of waiting inside it. */
    private readonly maxHoldMs = Number.POSITIVE_INFINITY,
  ) {}

  /**
   * Waits for a slot in every named bucket. Callers of one service are served
   * in order within their lane, the user lane first. Call the result when the
   * response is in.
   */
  acquire(buckets: readonly string[], signal?: AbortSignal, options: AcquireOptions = {}): Promise<Release> {
    const service = buckets[0] ?? '';
    return new Promise<Release>((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      const onAbort = () => {
        this.remove(service, waiter);
        reject(signal?.reason);
        this.wake(service);
      };
      const waiter: Waiter = {
        buckets,
        lane: options.lane ?? 'background',
        maxHoldMs: Math.min(this.maxHoldMs, options.maxHoldMs ?? Number.POSITIVE_INFINITY),
        resolve,
        reject,
        detach: () => signal?.removeEventListener('abort', onAbort),
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiting.set(service, [...(this.waiting.get(service) ?? []), waiter]);
      this.wake(service);
      void this.pump(service);
    });
  }

  /** The service said to wait (429 Retry-After): nobody sends to `bucket` before `untilMs`. */
  hold(bucket: string, untilMs: number): void {
    this.holds.set(bucket, Math.max(untilMs, this.holds.get(bucket) ?? 0));
  }

  /** One loop per service hands out slots to the head waiter, sleeping only until something can change. */
  private async pump(service: string): Promise<void> {
    if (this.pumps.has(service)) return;
    this.pumps.set(service, () => undefined);
    try {
      for (;;) {
        const queue = this.waiting.get(service) ?? [];
        const head = queue.find((waiter) => waiter.lane === 'user') ?? queue[0];
        if (!head) return;
        const now = this.clock.now();
        let held: number;
        try {
          held = this.heldFor(head.buckets, now, head.maxHoldMs);
        } catch (error) {
          this.settle(service, head);
          head.reject(error);
          continue;
        }
        const { wait, inFlightBlocks } = this.room(head.buckets, head.lane, now);
        if (!inFlightBlocks && Math.max(held, wait) <= 0) {
          this.settle(service, head);
          head.resolve(this.occupy(service, head.buckets.filter((name) => this.limits[name])));
          continue;
        }
        await this.nap(service, inFlightBlocks && held <= 0 ? undefined : Math.max(held, wait));
      }
    } finally {
      this.pumps.delete(service);
    }
  }

  /** How long until `buckets` all have room; `inFlightBlocks` when only a response can free one. */
  private room(buckets: readonly string[], lane: Lane, now: number): { wait: number; inFlightBlocks: boolean } {
    let wait = 0;
    let inFlightBlocks = false;
    for (const bucket of buckets.filter((name) => this.limits[name])) {
      const { perSecond, userReserve = 0 } = this.limits[bucket]!;
      const limit = lane === 'user' ? perSecond : Math.max(1, perSecond - userReserve);
      const live = (this.slots.get(bucket) ?? []).filter((slot) => slot.end === undefined || slot.end > now - WINDOW_MS - SAFETY_MS);
      this.slots.set(bucket, live);
      if (live.length < limit) continue;
      const finished = live.flatMap((slot) => (slot.end === undefined ? [] : [slot.end])).sort((a, b) => a - b);
      const mustExpire = live.length - limit + 1;
      if (finished.length < mustExpire) inFlightBlocks = true;
      else wait = Math.max(wait, finished[mustExpire - 1]! + WINDOW_MS + SAFETY_MS - now);
    }
    return { wait, inFlightBlocks };
  }

  private heldFor(buckets: readonly string[], now: number, maxHoldMs: number): number {
    const until = Math.max(0, ...buckets.map((bucket) => this.holds.get(bucket) ?? 0));
    const wait = until - now;
    if (wait > maxHoldMs) {
      throw new AppError('RateLimited', `The service asked CoW Desk to wait ${Math.ceil(wait / 1000)} s before sending more. Try again then.`, {
        retryable: true,
        details: { retryAfterMs: wait },
      });
    }
    return wait;
  }

  private occupy(service: string, buckets: readonly string[]): Release {
    const slot: Slot = { end: undefined };
    for (const bucket of buckets) this.slots.set(bucket, [...(this.slots.get(bucket) ?? []), slot]);
    return () => {
      if (slot.end !== undefined) return;
      slot.end = this.clock.now();
      this.wake(service);
    };
  }

  /** Sleeps until `ms` passed (forever when undefined) or the service is woken: an arrival, a release, an abort. */
  private nap(service: string, ms: number | undefined): Promise<void> {
    return new Promise((resolve) => {
      const timer = new AbortController();
      const done = () => {
        timer.abort();
        resolve();
      };
      this.pumps.set(service, done);
      if (ms !== undefined) this.clock.sleep(ms, timer.signal).then(done, () => undefined);
    });
  }

  private wake(service: string): void {
    this.pumps.get(service)?.();
  }

  private settle(service: string, waiter: Waiter): void {
    waiter.detach();
    this.remove(service, waiter);
  }

  private remove(service: string, waiter: Waiter): void {
    const queue = this.waiting.get(service) ?? [];
    const index = queue.indexOf(waiter);
    if (index >= 0) queue.splice(index, 1);
  }
}
