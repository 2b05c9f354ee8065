import { performance } from 'node:perf_hooks';

/** One line of the report: a figure, and where there is one, the bare baseline it is compared with. */
export interface BenchRow {
  name: string;
  value: number;
  unit: string;
  baseline?: { name: string; value: number };
}

export interface Bench {
  title: string;
  run(): Promise<BenchRow[]>;
}

/** Median of `runs` timings of `task` (milliseconds), after `warmup` untimed runs. */
export async function medianMs(task: () => Promise<unknown> | unknown, runs: number, warmup = Math.ceil(runs / 10)): Promise<number> {
  for (let i = 0; i < warmup; i += 1) await task();
  const samples: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const start = performance.now();
    await task();
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)]!;
}
