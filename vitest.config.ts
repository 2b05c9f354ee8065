import { configDefaults, defineConfig } from 'vitest/config';

// The layers of tests, each run on its own by `npm test` so the counts show per layer. The sandbox's
// own contract tests (test/integration/sandbox) are a layer of their own: they test the stand-in
// for the CoW services, not the app. Every layer fails a test that leaves an unhandled rejection
// and seeds fast-check from SEED when given.
const setupFiles = ['test/setup/no-unhandled-rejections.ts', 'test/helpers/fast-check-seed.ts'];
export default defineConfig({
  test: {
    projects: [
      // Timeouts here catch hangs, never slowness: on a 2-core machine with other work beside the suite,
      // a property test or a lint run takes many times its idle time. Waits for a condition (expect.poll)
      // end as soon as it holds, so their patience costs nothing when the machine is idle.
      // Unit tests poll too (a monitor's next probe, a list written to disk): vitest's 1 s default is a timing budget.
      { test: { name: 'unit', include: ['test/unit/**/*.test.ts'], environment: 'node', setupFiles, testTimeout: 60_000, expect: { poll: { timeout: 30_000 } } } },
      {
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          exclude: [...configDefaults.exclude, 'test/integration/sandbox/**'],
          environment: 'node',
          setupFiles,
          testTimeout: 90_000,
          // A sandbox with its chains, and an app, start in each file's beforeAll.
          hookTimeout: 120_000,
          // Most of these files wait (on the sandbox's rate of 5 requests a second, a child process, a block):
          // three side by side take less than half the time of one after another, even on 2 cores. Each
          // test process has its own keychain service (test/helpers/keychain-service.ts) and its own sandbox.
          maxWorkers: 3,
          // Background work runs in every composition: a condition can take seconds on a busy 2-core machine.
          // A poll still ends as soon as its condition holds.
          expect: { poll: { timeout: 30_000 } },
        },
      },
      { test: { name: 'sandbox', include: ['test/integration/sandbox/**/*.test.ts'], environment: 'node', testTimeout: 90_000, hookTimeout: 120_000, setupFiles } },
      {
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          environment: 'node',
          setupFiles,
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // Two files side by side, each with its own app, sandbox, Chromium and keychain service: most of an
          // e2e test is waiting (on the sandbox's pace, a block, a poll), and one after another took 8 minutes
          // beside two CPU hogs.
          maxWorkers: 2,
          // A condition in Chromium (a refusal after sign + POST) can take seconds on a loaded 2-core CI
          // machine; vitest's 1 s default failed there. Polls still end as soon as the condition holds.
          expect: { poll: { timeout: 30_000 } },
        },
      },
    ],
  },
});
