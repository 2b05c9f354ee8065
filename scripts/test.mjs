// `npm test`: lint, typecheck, build, then every test layer on its own so the
// counts and the time show per layer; ends with one "N passed, N failed" line for
// all of them (a test file that fails to load counts as one failure). The
// sandbox's own contract tests are their own layer: they test the stand-in for
// the CoW services, not the app.
import { spawnSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { mkdirSync, rmSync } from 'node:fs';
import { relative } from 'node:path';
import { countsOf } from './test-counts.mjs';

const results = 'test-results';
mkdirSync(results, { recursive: true });

const steps = [
  { name: 'lint', cmd: ['npm', 'run', '--silent', 'lint'] },
  { name: 'typecheck', cmd: ['npm', 'run', '--silent', 'typecheck'] },
  { name: 'build', cmd: ['npm', 'run', '--silent', 'build'] },
  { name: 'unit', layer: true, cmd: ['npx', 'vitest', 'run', '--project', 'unit'] },
  { name: 'sandbox', layer: true, cmd: ['bash', 'scripts/with-keychain.sh', 'npx', 'vitest', 'run', '--project', 'sandbox'] },
  { name: 'integration', layer: true, cmd: ['bash', 'scripts/with-keychain.sh', 'npx', 'vitest', 'run', '--project', 'integration'] },
  { name: 'e2e', layer: true, cmd: ['bash', 'scripts/with-keychain.sh', 'npx', 'vitest', 'run', '--project', 'e2e'] },
];

const summary = [];
let failedSteps = 0;
for (const step of steps) {
  console.log(`\n=== ${step.name} ===`);
  const report = `${results}/${step.name}.json`;
  rmSync(report, { force: true });
  const args = step.layer ? [...step.cmd, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`] : step.cmd;
  const began = performance.now();
  const run = spawnSync(args[0], args.slice(1), { stdio: 'inherit' });
  const seconds = Math.round((performance.now() - began) / 1000);
  if (run.status !== 0) failedSteps += 1;
  if (step.layer) summary.push({ name: step.name, seconds, ...countsOf(report, run.status) });
  else summary.push({ name: step.name, seconds, ok: run.status === 0 });
}
const took = (row) => `(${row.seconds} s)`;

console.log('\n=== summary ===');
let passed = 0;
let failed = 0;
for (const row of summary) {
  if ('ok' in row) {
    console.log(`${row.name.padEnd(12)} ${row.ok ? 'ok' : 'FAILED'} ${took(row)}`);
    continue;
  }
  passed += row.passed;
  failed += row.failed;
  console.log(`${row.name.padEnd(12)} ${row.passed} passed, ${row.failed} failed, ${row.skipped} skipped ${took(row)}`);
  for (const { file, message } of row.unloaded) console.log(`${''.padEnd(12)} could not load ${relative('.', file)}: ${message}`);
  for (const { file, test, message } of row.failures) console.log(`${''.padEnd(12)} failed ${relative('.', file)} > ${test}: ${message}`);
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failedSteps > 0 || failed > 0 ? 1 : 0);

