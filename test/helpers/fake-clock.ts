import type { Clock } from '../../main/core/clock';

/**
 * A clock whose sleeps return at once and move time forward by what was asked,
 * recording each wait: minutes of backoff run in microseconds, and the test can
 * read exactly which waits the code chose.
 */
export class FakeClock implements Clock {
  readonly sleeps: number[] = [];
  constructor(private time = 1_800_000_000_000) {}

  now(): number {
    return this.time;
  }

  async sleep(ms: number, signal?: AbortSignal): Promise<void> {
    signal?.throwIfAborted();
    this.sleeps.push(ms);
    this.time += ms;
  }

  advance(ms: number): void {
    this.time += ms;
  }
}
