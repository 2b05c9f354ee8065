import { setImmediate } from 'node:timers/promises';
import { performance } from 'node:perf_hooks';

/**
 * Main-thread time a slice of rows may take to build (and, for an in-memory
 * store, to write): the event loop runs between slices, so IPC never waits
 * long behind a sync. The slice size follows the measured cost a row.
 */
const SLICE_BUDGET_MS = 5;
/** Rows a slice at most; each slice is written all or nothing (slices that reach the writer together share a transaction). */
const MAX_SLICE = 250;

/** Slices handed to the writer and not yet committed, at most: when it is the slower side, it gets them together. */
const MAX_IN_FLIGHT = 6;

/**
 * A pass's writes: each call hands `items` over in slices, `write` building a
 * slice's rows on this thread and passing them on (to the writer thread, or
 * writing them in place for an in-memory store); its synchronous part is what
 * is timed and kept under SLICE_BUDGET_MS. At most MAX_IN_FLIGHT slices wait
 * for their commit, across calls: the walk goes on to its next page while the
 * writer commits the last one, so the writer is never idle between pages.
 * Slices commit in the order they were handed over.
 */
export class SlicedWrites {
  private readonly inFlight: Promise<void>[] = [];
  /** What runs once writes are committed (progress): its failure is the pass's, like a write's. */
  private readonly followUps: Promise<void>[] = [];
  private size = 32;

  constructor(private readonly signal?: AbortSignal) {}

  /** Answers once every slice is handed over, with the promise of their commit (wrapped: a promise would be awaited with them). */
  async add<T>(items: readonly T[], write: (slice: readonly T[]) => Promise<void>): Promise<{ committed: Promise<void> }> {
    const slices: Promise<void>[] = [];
    for (let start = 0; start < items.length; ) {
      this.signal?.throwIfAborted();
      const slice = items.slice(start, start + this.size);
      const began = performance.now();
      const written = write(slice);
      // Its failure is taken up when it is awaited (backpressure, drain, the caller), not reported as unhandled meanwhile.
      written.catch(() => undefined);
      this.inFlight.push(written);
      slices.push(written);
      const perRow = (performance.now() - began) / slice.length;
      start += slice.length;
      this.size = Math.max(1, Math.min(MAX_SLICE, Math.floor(SLICE_BUDGET_MS / Math.max(perRow, 0.001))));
      if (this.inFlight.length >= MAX_IN_FLIGHT) await this.inFlight.shift();
      await setImmediate();
    }
    const committed = Promise.all(slices).then(() => undefined);
    committed.catch(() => undefined);
    return { committed };
  }

  /** Runs `then` once the writes `add` handed over are committed; a failure of either is thrown by drain(). */
  afterCommit({ committed }: { committed: Promise<void> }, then: () => void): void {
    const followUp = committed.then(then);
    followUp.catch(() => undefined);
    this.followUps.push(followUp);
  }

  /** After every slice handed over is committed and what follows it has run; throws the first failure. */
  async drain(): Promise<void> {
    while (this.inFlight.length > 0) await this.inFlight.shift();
    while (this.followUps.length > 0) await this.followUps.shift();
  }

  /** After every slice handed over has answered, committed or not: nothing is written after the pass returns. */
  async settle(): Promise<void> {
    await Promise.allSettled([...this.inFlight.splice(0), ...this.followUps.splice(0)]);
  }
}
