import type { Clock } from '../clock';

/**
 * Sliding-window limits shared by every caller of one service: a request takes
 * a slot in each bucket it belongs to (for example the orderbook as a whole and
 * its quote endpoint), and waits until all of them have room. Keeping under the
 * service's limits ourselves means the app never provokes a 429 on its own.
 */
export interface RateLimit {
  readonly perSecond: number;
}

const WINDOW_MS = 1_000;
// A little slack so a burst sent at the end of one of our windows cannot land
// inside one window of the server's, whose clock started at another instant.
const SAFETY_MS = 30;

export class RateLimiter {
  private readonly sent = new Map<string, number[]>();
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly limits: Readonly<Record<string, RateLimit>>,
    private readonly clock: Clock,
  ) {}

  /** Waits for a slot in every named bucket; callers are served in order. */
  acquire(buckets: readonly string[], signal?: AbortSignal): Promise<void> {
    const turn = this.queue.then(() => this.take(buckets, signal));
    this.queue = turn.catch(() => undefined);
    return turn;
  }

  private async take(buckets: readonly string[], signal?: AbortSignal): Promise<void> {
    for (;;) {
      signal?.throwIfAborted();
      const now = this.clock.now();
      let wait = 0;
      for (const bucket of buckets) {
        const limit = this.limits[bucket];
        if (!limit) continue;
        const recent = (this.sent.get(bucket) ?? []).filter((at) => at > now - WINDOW_MS - SAFETY_MS);
        this.sent.set(bucket, recent);
        if (recent.length >= limit.perSecond) {
          wait = Math.max(wait, recent[recent.length - limit.perSecond]! + WINDOW_MS + SAFETY_MS - now);
        }
      }
      if (wait <= 0) {
        for (const bucket of buckets) if (this.limits[bucket]) this.sent.get(bucket)!.push(now);
        return;
      }
      await this.clock.sleep(wait, signal);
    }
  }
}
