import { AppError } from '../../common/errors';
import { USER_ACTIVE_MS } from '../../common/limits';
import type { Clock } from '../clock';

/**
 * Sliding-window limits shared by every caller of one service: a request takes
 * a slot in each bucket it belongs to (for example the orderbook as a whole and
 * its quote endpoint), and waits until all of them have room. Keeping under the
 * service's limits ourselves means the app never provokes a 429 on its own.
 *
 * A slot's window starts when the request is sent, as the service counts it:
 * the orderbook's limit sits in front of it and counts a request when it
 * arrives (the services' own source has no inbound limiter; the sandbox counts
 * arrivals in a sliding second, test/sandbox/http/rate-limiter.ts). Arrival
 * is after sending, so only a difference in the network's delay between two
 * requests could bring them closer at the service than here: `SAFETY_MS`.
 * (Counting from the response instead, as before, kept each slot for its whole
 * round trip plus a second and held a full sync to 1.3x the service's rate.)
 *
 * Yet a request may leave late (this process held up between its grant and
 * the socket) or be counted late (a queue in front of the service's counter):
 * on a busy machine either moved two requests closer at the service than a
 * second and it answered 429 (issue 35: 2 to 5 in a 100-quote burst beside
 * two CPU hogs). An answer that comes later than the quickest of the last
 * answers of its kind (the same service, endpoint and page size:
 * http-client.ts `answersAlike()`) tells of such a delay: the slot then
 * counts from that much later (`Grant.answered()`), up to `LATE_CAP_MS`, so
 * an answer slow for the service's own work costs the budget at most that.
 */
export interface RateLimit {
  readonly perSecond: number;
  /**
   * Slots of the window background work leaves free for the user while the
   * user is active (asked within `USER_ACTIVE_MS`): background takes a slot
   * only where this many stay free after it, so a user's next requests, up to
   * that many at once, are sent at once, and a user asking more often than
   * that has background yield every slot to them. When the user is idle,
   * background work may use every slot.
   */
  readonly userReserve?: number;
}

const WINDOW_MS = 1_000;
/** Slack for the network delaying one request more than the next one (and the server's clock granularity). */
const SAFETY_MS = 30;
/** A slot counts for this long after its request was sent. */
const SPAN_MS = WINDOW_MS + SAFETY_MS;
/** The most a late answer moves its slot's window (a slow answer may be the service's own work, not a delay). */
export const LATE_CAP_MS = 100;
/** Round trips of each kind of request kept to find the quickest: recent ones, so a slower network is soon the norm. */
const ROUND_TRIPS_KEPT = 16;

interface Slot {
  /** When the request was granted (sent, as far as this process knows). */
  readonly at: number;
  readonly lane: Lane;
  readonly kind: string;
  /** Grant to answer, once the answer came. */
  roundTrip?: number;
}

/** A request's slots, granted: answered() when its answer's headers come. */
export interface Grant {
  answered(): void;
}

/**
 * Who is waiting: a person (quote, submit, cancel, lookups, holders) or
 * background work (history sync, watcher, tracker). Both share the one budget;
 * a waiting user request is always served before any waiting background one,
 * and background work yields its share while the user is active (`userReserve`).
 */
export type Lane = 'user' | 'background';

export interface AcquireOptions {
  lane?: Lane;
  /** A Retry-After hold longer than this fails the call at once (the user action's time left). */
  maxHoldMs?: number;
  /** Requests of one kind answer alike (http-client.ts answersAlike()): a late answer is late against the quickest of its kind. */
  kind?: string;
}

interface Waiter {
  readonly buckets: readonly string[];
  readonly lane: Lane;
  readonly maxHoldMs: number;
  readonly kind: string;
  readonly resolve: (grant: Grant) => void;
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
  /** When a user request for each bucket was last asked for or granted. */
  private readonly userSeen = new Map<string, number>();
  /** The last round trips (grant to answer) of each kind of request. */
  private readonly roundTrips = new Map<string, number[]>();

  constructor(
    private readonly limits: Readonly<Record<string, RateLimit>>,
    private readonly clock: Clock,
    /** A hold longer than this fails the call at once instead of waiting inside it. */
    private readonly maxHoldMs = Number.POSITIVE_INFINITY,
  ) {}

  /**
   * Waits for a slot in every named bucket; send the request as soon as it
   * answers. Callers of one service are served in order within their lane, the
   * user lane first.
   */
  acquire(buckets: readonly string[], signal?: AbortSignal, options: AcquireOptions = {}): Promise<Grant> {
    const service = buckets[0] ?? '';
    const lane = options.lane ?? 'background';
    if (lane === 'user') this.seeUser(buckets);
    return new Promise<Grant>((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      const onAbort = () => {
        this.remove(service, waiter);
        reject(signal?.reason);
        this.wake(service);
      };
      const waiter: Waiter = {
        buckets,
        lane,
        maxHoldMs: Math.min(this.maxHoldMs, options.maxHoldMs ?? Number.POSITIVE_INFINITY),
        kind: options.kind ?? buckets.join(' '),
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

  /**
   * A person is about to ask (composing an order): the user counts as active
   * from now, so background work stops taking the slots it leaves them and
   * the first quote, asked a moment later, finds one free (without this
   * notice, it waited for the next of a full window's slots to age out).
   */
  expectUser(buckets: readonly string[]): void {
    this.seeUser(buckets);
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
        const wait = Math.max(held, this.room(head.buckets, head.lane, now));
        if (wait <= 0) {
          this.settle(service, head);
          head.resolve(this.occupy(head, now));
          continue;
        }
        await this.nap(service, wait);
      }
    } finally {
      this.pumps.delete(service);
    }
  }

  /** How long until `buckets` all have room for a request of `lane` (0: now). */
  private room(buckets: readonly string[], lane: Lane, now: number): number {
    let wait = 0;
    for (const bucket of this.limited(buckets)) {
      const { perSecond, userReserve = 0 } = this.limits[bucket]!;
      // Kept while a quicker answer to come could still move it into the window; counted while it is in it.
      const kept = (this.slots.get(bucket) ?? []).filter((slot) => slot.at > now - SPAN_MS - LATE_CAP_MS);
      this.slots.set(bucket, kept);
      const live = kept.filter((slot) => this.countsFrom(slot) > now - SPAN_MS);
      // The slot that must age out for room: the limit-th latest (a late answer may have moved one past the next).
      const until = (slots: readonly Slot[], limit: number) =>
        slots.length < limit ? now : slots.map((slot) => this.countsFrom(slot)).sort((a, b) => b - a)[limit - 1]! + SPAN_MS;
      wait = Math.max(wait, until(live, perSecond) - now);
      if (lane === 'user') continue;
      const own = live.filter((slot) => slot.lane === 'background');
      // Evenly spaced, never in bursts: a user's first request waits at most one spacing (and a late answer's
      // LATE_CAP_MS at most) for the next slot to free.
      if (own.length > 0) wait = Math.max(wait, Math.max(...own.map((slot) => this.countsFrom(slot))) + SPAN_MS / perSecond - now);
      const activeUntil = (this.userSeen.get(bucket) ?? Number.NEGATIVE_INFINITY) + USER_ACTIVE_MS;
      if (activeUntil > now && userReserve > 0) {
        // The user is active: background takes a slot only where `userReserve` stay free after it (the user's own
        // sends use them up; background then waits for one to age out), or once the user goes idle. Yet it always
        // keeps one a window of its own: a user quoting without pause slows a sync, never stops it.
        const yielded = Math.min(until(live, Math.max(1, perSecond - userReserve)), until(own, 1));
        wait = Math.max(wait, Math.min(yielded, activeUntil) - now);
      }
    }
    return wait;
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

  /** Takes the waiter's slots; the grant tells each its round trip when the answer comes. */
  private occupy({ buckets, lane, kind }: Waiter, now: number): Grant {
    if (lane === 'user') this.seeUser(buckets);
    const taken: Slot[] = this.limited(buckets).map((bucket) => {
      const slot: Slot = { at: now, lane, kind };
      this.slots.set(bucket, [...(this.slots.get(bucket) ?? []), slot]);
      return slot;
    });
    return {
      answered: () => {
        if (taken[0]?.roundTrip !== undefined) return;
        const roundTrip = this.clock.now() - now;
        for (const slot of taken) slot.roundTrip = roundTrip;
        this.roundTrips.set(kind, [...(this.roundTrips.get(kind) ?? []), roundTrip].slice(-ROUND_TRIPS_KEPT));
      },
    };
  }

  /**
   * When a slot's request may have reached the service: its grant, or as much later as its answer came after the
   * quickest recent one of its kind (held up on its way, or counted late), up to LATE_CAP_MS. Read afresh each time:
   * the first answers of a kind are judged by the quicker ones that come after them.
   */
  private countsFrom(slot: Slot): number {
    if (slot.roundTrip === undefined) return slot.at;
    const quickest = Math.min(...(this.roundTrips.get(slot.kind) ?? [slot.roundTrip]));
    return slot.at + Math.min(LATE_CAP_MS, Math.max(0, slot.roundTrip - quickest));
  }

  private seeUser(buckets: readonly string[]): void {
    for (const bucket of this.limited(buckets)) this.userSeen.set(bucket, this.clock.now());
  }

  private limited(buckets: readonly string[]): string[] {
    return buckets.filter((name) => this.limits[name]);
  }

  /** Sleeps until `ms` passed or the service is woken: an arrival or an abort. */
  private nap(service: string, ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = new AbortController();
      const done = () => {
        timer.abort();
        resolve();
      };
      this.pumps.set(service, done);
      this.clock.sleep(ms, timer.signal).then(done, () => undefined);
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
