import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';

/** CPU-bound processes beside the measured work: the "under load" (a browser and a build on a 2-core laptop). */
export const HOGS = 2;

/**
 * Runs `task` with `HOGS` processes spinning on the CPU beside it (each a Node
 * busy loop), stopped by their own ids when it ends, however it ends.
 */
export async function underLoad<T>(task: () => Promise<T>): Promise<T> {
  const hogs: ChildProcess[] = Array.from({ length: HOGS }, () => spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
  try {
    await Promise.all(hogs.map((hog) => once(hog, 'spawn')));
    return await task();
  } finally {
    await Promise.all(hogs.map(async (hog) => {
      if (hog.exitCode !== null || hog.signalCode !== null) return;
      const exited = once(hog, 'exit');
      hog.kill('SIGKILL');
      await exited;
    }));
  }
}

/** Idle first, then the same under load: each row's name says which. */
export async function idleAndUnderLoad<T extends { name: string }>(rows: () => Promise<T[]>): Promise<T[]> {
  const idle = await rows();
  const busy = await underLoad(rows);
  return [...idle.map((row) => ({ ...row, name: `idle: ${row.name}` })), ...busy.map((row) => ({ ...row, name: `${HOGS} CPU hogs: ${row.name}` }))];
}
