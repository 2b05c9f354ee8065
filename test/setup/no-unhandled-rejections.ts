import { afterEach } from 'vitest';

/**
 * Issue 28: no unhandled rejection anywhere. The app logs one in Electron and
 * dies of one in `npm run preview` (Node's default), so a test that leaves one
 * behind fails itself, by name, instead of a line in the run's summary.
 */
const left: unknown[] = [];
process.on('unhandledRejection', (reason) => void left.push(reason));

afterEach(async () => {
  // A rejection is reported after the microtasks of the turn that dropped it: give it that turn.
  await new Promise((resolve) => setImmediate(resolve));
  if (left.length === 0) return;
  const reasons = left.splice(0).map((reason) => (reason instanceof Error ? (reason.stack ?? reason.message) : String(reason)));
  throw new Error(`The test left ${reasons.length} unhandled rejection(s):\n${reasons.join('\n')}`);
});
