import type { Clock } from '../../main/core/clock';

interface Timer {
  readonly at: number;
  readonly resolve: () => void;
}

/**
 * A clock that moves only when the test says so, waking sleepers in time
 * order: several actors (a sync, a user) can act at chosen moments while the
 * code under test sleeps exactly what it decided, as a discrete-event simulation.
 */
export class SteppedClock implements Clock {
  private time = 0;
  private timers: Timer[] = [];

  now(): number {
    return this.time;
  }

  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    return new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      const timer: Timer = { at: this.time + Math.max(0, ms), resolve };
      this.timers.push(timer);
      signal?.addEventListener(
        'abort',
        () => {
          this.timers = this.timers.filter((t) => t !== timer);
          reject(signal.reason);
        },
        { once: true },
      );
    });
  }

  /** Runs every sleeper due up to `until` in time order (promises settled between), then stands at `until`. */
  async runUntil(until: number): Promise<void> {
    for (;;) {
      await settle();
      const next = this.timers.reduce<Timer | undefined>((soonest, timer) => (!soonest || timer.at < soonest.at ? timer : soonest), undefined);
      if (!next || next.at > until) break;
      this.timers = this.timers.filter((timer) => timer !== next);
      this.time = Math.max(this.time, next.at);
      next.resolve();
    }
    this.time = Math.max(this.time, until);
    await settle();
  }
}

/** Lets every promise chain that can move on do so. */
async function settle(): Promise<void> {
  for (let i = 0; i < 5; i += 1) await new Promise((resolve) => setImmediate(resolve));
}
