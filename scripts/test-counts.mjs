// Counts of one test layer from vitest's JSON report, for the closing line of `npm test`.
import { readFileSync } from 'node:fs';

/**
 * A test file that fails to load (a missing import, a syntax error) has no test results at all;
 * it counts as one failure, with its error kept so the summary can say which file and why.
 */
export function countsOf(file, status) {
  let json;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    // The runner died before writing its report: count the layer as one failure.
    return { passed: 0, failed: status === 0 ? 0 : 1, skipped: 0, unloaded: [], failures: [] };
  }
  const unloaded = json.testResults
    .filter((result) => result.status === 'failed' && !result.assertionResults.some((test) => test.status === 'failed'))
    .map((result) => ({ file: result.name, message: result.message.split('\n')[0] }));
  // Each failed test by file and full name, with its message's first line: the summary is the
  // part of a long CI log that is always kept, so it has to say what failed.
  const failures = json.testResults.flatMap((result) =>
    result.assertionResults
      .filter((test) => test.status === 'failed')
      .map((test) => ({ file: result.name, test: test.fullName, message: (test.failureMessages[0] ?? '').split('\n')[0] })),
  );
  return {
    passed: json.numPassedTests,
    failed: json.numFailedTests + unloaded.length,
    skipped: json.numPendingTests + json.numTodoTests,
    unloaded,
    failures,
  };
}
