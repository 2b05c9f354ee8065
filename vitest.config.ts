import { defineConfig } from 'vitest/config';

const NO_UNHANDLED_REJECTIONS = 'test/setup/no-unhandled-rejections.ts';

// Three layers of tests, each run on its own by `npm test` so the counts show per layer.
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['test/unit/**/*.test.ts'], environment: 'node', setupFiles: [NO_UNHANDLED_REJECTIONS] } },
      {
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          environment: 'node',
          setupFiles: [NO_UNHANDLED_REJECTIONS],
          testTimeout: 30_000,
          // Background work runs in every composition: a condition can take seconds on a busy 2-core machine.
          // A poll still ends as soon as its condition holds.
          expect: { poll: { timeout: 10_000 } },
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          environment: 'node',
          setupFiles: [NO_UNHANDLED_REJECTIONS],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          fileParallelism: false,
          // A condition in Chromium (a refusal after sign + POST) can take seconds on a loaded 2-core CI
          // machine; vitest's 1 s default failed there. Polls still end as soon as the condition holds.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
