// @ts-check
/**
 * `npm run mutation`: StrykerJS over main/common (the pure rules: amounts, statuses, policies,
 * formatters) judged by the unit tests alone. Slow (tens of minutes on 2 cores), so it is neither
 * in CI nor in `npm test`. `npm run mutation -- --mutate 'main/common/trade/**\/*.ts'` runs a part.
 * The score and the survivors judged equivalent are in the README (Tests).
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutation.config.ts', related: true },
  plugins: ['@stryker-mutator/vitest-runner'],
  mutate: ['main/common/**/*.ts', '!main/common/**/*.d.ts'],
  coverageAnalysis: 'perTest',
  // A mutant of a module-level constant runs every test that loads the module (the whole IPC contract,
  // for one); on 2 cores that took the run from minutes to an estimated 15 hours. They are reported as
  // ignored, not counted in the score.
  ignoreStatic: true,
  // Type-only files and constants tables give no mutants worth a run; timeouts count as killed (a hang is caught).
  concurrency: 2,
  timeoutMS: 10_000,
  reporters: ['clear-text', 'progress-append-only', 'html', 'json'],
  htmlReporter: { fileName: 'test-results/mutation/index.html' },
  jsonReporter: { fileName: 'test-results/mutation/mutation.json' },
  // A rerun after a test was added only runs the mutants whose code or tests changed.
  incremental: true,
  incrementalFile: 'test-results/mutation/incremental.json',
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
  thresholds: { high: 90, low: 85, break: null },
};
