import { defineConfig } from 'vitest/config';

// The unit project alone, for `npm run mutation` (StrykerJS's vitest runner takes one config and
// runs the tests related to each mutated file; the integration and e2e layers need a keychain,
// the sandbox and Chromium, and are no mutation judges of main/common's pure rules).
// Left out: the lint tests (they lint the tree and import no rule) and the router fuzzer: 10,000 calls
// for every mutant of any command schema, checked against that same schema, so it judges the router,
// not the rules; it made the run hours long.
export default defineConfig({
  test: {
    include: ['test/unit/**/*.test.ts'],
    exclude: ['test/unit/lint/**', 'test/unit/core/ipc/router-fuzz.test.ts'],
    environment: 'node',
    setupFiles: ['test/helpers/fast-check-seed.ts'],
  },
});
