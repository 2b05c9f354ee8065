import { performance } from 'node:perf_hooks';

/** One line of the report: a figure, the goal it is held to, and where there is one, the bare baseline doing the same work. */
export interface BenchRow {
  name: string;
  value: number;
  unit: string;
  /** The goal for this figure, printed beside it (e.g. "< 10 ms"). */
  goal?: string;
  baseline?: { name: string; value: number };
}

export interface Bench {
  title: string;
  /**
   * Unset: `npm run bench` runs the bench idle, then again beside the CPU hogs
   * it starts (cpu-hogs.ts), and prints both. 'own': run() prints its figures
   * idle and beside the hogs itself (sharing a costly set-up, such as a
   * 100k-order sandbox, between the two). 'none': its figures are sizes or
   * counts that no load on the machine changes.
   */
  conditions?: 'own' | 'none';
  run(): Promise<BenchRow[]>;
}

const median = (samples: number[]) => [...samples].sort((a, b) => a - b)[Math.floor(samples.length / 2)]!;

async function time(task: () => Promise<unknown> | unknown): Promise<number> {
  const start = performance.now();
  await task();
  return performance.now() - start;
}

/** Median of `runs` timings of `task` (milliseconds), after `warmup` untimed runs. */
export async function medianMs(task: () => Promise<unknown> | unknown, runs: number, warmup = Math.ceil(runs / 10)): Promise<number> {
  for (let i = 0; i < warmup; i += 1) await task();
  const samples: number[] = [];
  for (let i = 0; i < runs; i += 1) samples.push(await time(task));
  return median(samples);
}

/**
 * App and baseline timed in turns (app, bare, app, bare, ...), so load on the
 * machine hits both alike; the median of each. Timing one after the other let
 * a busy neighbour decide the ratio.
 */
export async function interleavedMedians(
  app: () => Promise<unknown> | unknown,
  bare: () => Promise<unknown> | unknown,
  runs: number,
  warmup = Math.ceil(runs / 10),
  /** Untimed, before every timed call (e.g. waiting out a rate limiter's spacing). */
  pause: () => Promise<unknown> | unknown = () => undefined,
): Promise<{ app: number; bare: number }> {
  const timed = async (task: () => Promise<unknown> | unknown) => {
    await pause();
    return time(task);
  };
  for (let i = 0; i < warmup; i += 1) {
    await app();
    await bare();
  }
  const a: number[] = [];
  const b: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    // Alternate which goes first, so neither always runs on a warm cache.
    if (i % 2 === 0) {
      a.push(await timed(app));
      b.push(await timed(bare));
    } else {
      b.push(await timed(bare));
      a.push(await timed(app));
    }
  }
  return { app: median(a), bare: median(b) };
}

/** The value below which `fraction` of `samples` lie (nearest rank: p99 of 40 samples is the largest). */
export function percentile(samples: readonly number[], fraction: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)]!;
}
