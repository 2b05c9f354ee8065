import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { countsOf } from '../../../scripts/test-counts.mjs';
import { makeTempDir } from '../../helpers/temp-dir';

describe("npm test's closing line", () => {
  const dir = makeTempDir('cow-desk-counts-');
  afterAll(() => dir.remove());

  it('counts a test file that fails to load as a failure, and names it and each failed test', () => {
    // A real vitest run over one passing file and one whose import cannot be found
    // (like the suites that could not find ../shared).
    mkdirSync(join(dir.path, 't'));
    writeFileSync(join(dir.path, 'vitest.config.mjs'), 'export default {};\n');
    writeFileSync(join(dir.path, 't', 'passes.test.mjs'), "import { it, expect } from 'vitest';\nit('adds', () => expect(1 + 1).toBe(2));\n");
    writeFileSync(join(dir.path, 't', 'unloadable.test.mjs'), "import '../../shared/missing.mjs';\nimport { it } from 'vitest';\nit('never runs', () => {});\n");
    writeFileSync(join(dir.path, 't', 'fails.test.mjs'), "import { describe, it, expect } from 'vitest';\ndescribe('sums', () => it('adds wrong', () => expect(1 + 1).toBe(3)));\n");
    const report = join(dir.path, 'report.json');
    const run = spawnSync('npx', ['vitest', 'run', '--root', dir.path, '--reporter=json', `--outputFile.json=${report}`], { encoding: 'utf8' });
    expect(run.status).toBe(1);

    const counts = countsOf(report, run.status);
    expect(counts).toMatchObject({ passed: 1, failed: 2, skipped: 0 });
    expect(counts.unloaded).toEqual([{ file: join(dir.path, 't', 'unloadable.test.mjs'), message: expect.stringContaining('shared/missing.mjs') }]);
    // A failed test is named with its message, for the summary at the end of a long CI log.
    expect(counts.failures).toEqual([{ file: join(dir.path, 't', 'fails.test.mjs'), test: 'sums adds wrong', message: expect.stringContaining('expected 2 to be 3') }]);
  }, 60_000);

  it('counts a layer whose runner died before writing a report as one failure', () => {
    expect(countsOf(join(dir.path, 'no-report.json'), 1)).toMatchObject({ passed: 0, failed: 1 });
    expect(countsOf(join(dir.path, 'no-report.json'), 0)).toMatchObject({ passed: 0, failed: 0 });
  });
});
