import type { Logger } from './log';

export interface PeriodicTaskOptions {
  /** Names the task in the log: "history sync", "watcher". */
  name: string;
  /** One round. It reports its own failures; one that escapes is logged, and the next round backs off. */
  run: () => Promise<void>;
  /**
   * Milliseconds from the end of a round to the next one, read after each
   * round (it may depend on what the round found); undefined: none until asked.
   */
  nextInMs: () => number | undefined;
  log: Pick<Logger, 'error'>;
  /** Ceiling of the backoff after rounds that threw (the wait doubles per failure in a row): 5 min. */
  maxBackoffMs?: number;
}

const DEFAULT_MAX_BACKOFF_MS = 5 * 60_000;

/**
 * Something CoW Desk does again and again (history sync, the watcher, the
 * order tracker, health probes): one round at a time, the next one timed from
 * the end of the last, a round on demand that joins the one under way, a nudge
 * that asks for a fresh round after it, a release of a round whose inputs
 * changed under it, and a stop that waits for it. A round
 * that throws never becomes an unhandled rejection: it is logged and the wait
 * before the next doubles, up to maxBackoffMs, until one succeeds. Timers are
 * unref'd, so a pending round never keeps a quitting app (or a test) alive.
 */
export class PeriodicTask {
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** When the armed timer fires (Date.now() time). */
  private dueAt = 0;
  private current: Promise<void> | undefined;
  /** A fresh round asked for while one runs: it starts when that one ends. */
  private following: Promise<void> | undefined;
  private started = false;
  private failures = 0;
  /** Bumped by release(): a round let go no longer owns the schedule. */
  private owner = 0;
  /** Bumped by stop() and release(): a follow-up asked for before is dropped. */
  private followUps = 0;

  constructor(private readonly options: PeriodicTaskOptions) {}

  /** Rounds follow each other from now on; the first runs now unless `runFirst` is false. */
  start({ runFirst = true }: { runFirst?: boolean } = {}): void {
    if (this.started) return;
    this.started = true;
    if (runFirst) void this.runNow();
    else this.schedule();
  }

  /** No further rounds; resolves when the one under way (if any) has ended. */
  async stop(): Promise<void> {
    this.started = false;
    this.followUps += 1;
    this.following = undefined;
    this.cancelTimer();
    await this.current;
  }

  get isStarted(): boolean {
    return this.started;
  }

  /** A round now, or the one under way: resolves when it has ended (never rejects). */
  runNow(): Promise<void> {
    this.current ??= this.round();
    return this.current;
  }

  /**
   * A round that starts after this call: now when none runs, else right after
   * the one under way (which may have read before the change the caller knows
   * of). Several nudges during one round ask for one more round, not several.
   */
  nudge(): Promise<void> {
    if (!this.current) return this.runNow();
    const asked = this.followUps;
    this.following ??= this.current.then(() => (asked === this.followUps ? this.runNow() : undefined));
    return this.following;
  }

  /**
   * What a round reads changed under it (other hosts, say): the round under
   * way is let go. It may finish in the background, but its end schedules
   * nothing, and the next runNow starts a fresh round instead of joining it.
   */
  release(): void {
    this.owner += 1;
    this.followUps += 1;
    this.current = undefined;
    this.following = undefined;
  }

  /** Arms the timer for the next round, if rounds are on, none runs or is armed, and nextInMs names a time. */
  schedule(): void {
    if (!this.started || this.current || this.following || this.timer) return;
    const delay = this.delay();
    if (delay === undefined) return;
    this.dueAt = Date.now() + delay;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.runNow();
    }, delay);
    this.timer.unref?.();
  }

  /**
   * What nextInMs answers changed: the next round is armed if none is, or
   * comes sooner if the wait nextInMs names now ends earlier; never later
   * (changes in a row do not keep pushing it back). A round under way times
   * its own next.
   */
  reschedule(): void {
    if (this.timer) {
      const delay = this.delay();
      if (delay === undefined || Date.now() + delay >= this.dueAt) return;
      this.cancelTimer();
    }
    this.schedule();
  }

  /** The wait before the next round: nextInMs, doubled per failure in a row up to maxBackoffMs. */
  private delay(): number | undefined {
    const base = this.options.nextInMs();
    if (base === undefined) return undefined;
    return this.failures === 0 ? base : Math.min(this.options.maxBackoffMs ?? DEFAULT_MAX_BACKOFF_MS, base * 2 ** this.failures);
  }

  private async round(): Promise<void> {
    this.cancelTimer();
    this.following = undefined;
    const owner = this.owner;
    try {
      await this.options.run();
      this.failures = 0;
    } catch (error) {
      this.failures += 1;
      this.options.log.error(`${this.options.name} failed; the next round backs off`, { error: String(error), failuresInARow: this.failures });
    }
    // Let go by release(): the fresh round owns the schedule.
    if (owner !== this.owner) return;
    this.current = undefined;
    this.schedule();
  }

  private cancelTimer(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }
}
