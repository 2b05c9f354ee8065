import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PeriodicTask } from '../../../main/core/periodic-task';

/** A task whose rounds the test ends by hand, recording when each started (fake time) and what was logged. */
function harness(options: { intervalMs?: number | undefined; maxBackoffMs?: number } = {}) {
  const starts: number[] = [];
  const ends: (() => void)[] = [];
  const fails: ((error: Error) => void)[] = [];
  const logged: string[] = [];
  const task = new PeriodicTask({
    name: 'test task',
    run: () =>
      new Promise<void>((resolve, reject) => {
        starts.push(Date.now());
        ends.push(resolve);
        fails.push(reject);
      }),
    nextInMs: () => ('intervalMs' in options ? options.intervalMs : 1_000),
    log: { error: (message, fields) => logged.push(`${message} ${JSON.stringify(fields)}`) },
    ...(options.maxBackoffMs ? { maxBackoffMs: options.maxBackoffMs } : {}),
  });
  /** Ends round `n` (0-based) and lets its continuations run. */
  const end = async (n: number) => {
    ends[n]!();
    await vi.advanceTimersByTimeAsync(0);
  };
  const fail = async (n: number) => {
    fails[n]!(new Error(`round ${n} broke`));
    await vi.advanceTimersByTimeAsync(0);
  };
  /** Stops the task, ending whatever round is under way. */
  const finish = async () => {
    const stopping = task.stop();
    for (const resolve of ends) resolve();
    await stopping;
  };
  return { task, starts, logged, end, fail, finish };
}

describe('PeriodicTask', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 0 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs a round at start, the next one an interval after the end of the last, and none after stop', async () => {
    const { task, starts, end } = harness();
    task.start();
    expect(starts).toEqual([0]);
    await vi.advanceTimersByTimeAsync(5_000); // a long round: no second one meanwhile
    expect(starts).toEqual([0]);
    await end(0);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(starts).toEqual([0, 6_000]);
    const stopped = task.stop();
    let done = false;
    void stopped.then(() => (done = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(done).toBe(false); // waits for the round under way
    await end(1);
    expect(done).toBe(true);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(starts).toEqual([0, 6_000]);
  });

  it('joins the round under way on runNow; a nudge asks for one fresh round after it, however often it is asked', async () => {
    const { task, starts, end, finish } = harness();
    task.start();
    const joined = task.runNow();
    const nudges = [task.nudge(), task.nudge(), task.nudge()];
    expect(starts).toHaveLength(1);
    await end(0);
    await expect(joined).resolves.toBeUndefined();
    expect(starts).toHaveLength(2); // the follow-up started right away
    await end(1);
    await Promise.all(nudges);
    expect(starts).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(starts).toHaveLength(3); // and the schedule goes on from its end
    await finish();
  });

  it('logs a round that throws, never leaves an unhandled rejection, and backs off doubling to its cap until a round succeeds', async () => {
    const { task, starts, logged, end, fail, finish } = harness({ maxBackoffMs: 5_000 });
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      task.start();
      const failedAt: number[] = [];
      for (let n = 0; n < 4; n += 1) {
        failedAt.push(Date.now());
        await fail(n);
        await vi.advanceTimersByTimeAsync(60_000);
      }
      // The waits after failures 1, 2, 3 and 4 in a row: 2 s, 4 s, then the 5 s cap.
      expect(starts.slice(1, 5).map((at, i) => at - failedAt[i]!)).toEqual([2_000, 4_000, 5_000, 5_000]);
      const succeededAt = Date.now();
      await end(4);
      await vi.advanceTimersByTimeAsync(1_000);
      expect(starts.at(-1)! - succeededAt).toBe(1_000); // back to the interval
      expect(logged).toHaveLength(4);
      expect(logged[0]).toMatch(/^test task failed; the next round backs off .*round 0 broke.*"failuresInARow":1/);
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
      await finish();
    }
  });

  it('release lets the round under way go: the next runNow starts a fresh one, whose end alone schedules the next', async () => {
    const { task, starts, end } = harness();
    task.start();
    task.release();
    void task.runNow();
    expect(starts).toEqual([0, 0]);
    await end(0); // the old round ends: nothing scheduled by it
    await end(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(starts).toEqual([0, 0, 1_000]);
    await end(2);
    await task.stop();
  });

  it('arms no timer while nextInMs names none, and one when asked to schedule', async () => {
    const options: { intervalMs: number | undefined } = { intervalMs: undefined };
    const { task, starts, end } = harness(options);
    task.start();
    await end(0);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(starts).toEqual([0]);
    options.intervalMs = 500;
    task.schedule();
    await vi.advanceTimersByTimeAsync(500);
    expect(starts).toEqual([0, 60_500]);
    await end(1);
    await task.stop();
  });

  it('reschedule brings the armed round forward to what nextInMs answers now, never later; a round under way times its own next', async () => {
    const options = { intervalMs: 4_000 };
    const { task, starts, end } = harness(options);
    task.start();
    await end(0);
    await vi.advanceTimersByTimeAsync(1_500);
    options.intervalMs = 1_000;
    task.reschedule();
    await vi.advanceTimersByTimeAsync(500);
    task.reschedule(); // a second change 0.5 s later: the round stays at 2 500, not 3 000
    await vi.advanceTimersByTimeAsync(499);
    expect(starts).toEqual([0]);
    await vi.advanceTimersByTimeAsync(1);
    expect(starts).toEqual([0, 2_500]); // not at 4 000, the wait armed before
    task.reschedule(); // during a round: no second round beside it
    await vi.advanceTimersByTimeAsync(5_000);
    expect(starts).toEqual([0, 2_500]);
    await end(1);
    options.intervalMs = 8_000;
    task.reschedule(); // a longer wait named: the round armed for 1 s later stays
    await vi.advanceTimersByTimeAsync(1_000);
    expect(starts).toEqual([0, 2_500, 8_500]);
    await end(2);
    await task.stop();
  });
});
