import { cpSync, existsSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir } from '../../helpers/temp-dir';

interface Finding {
  id: string;
  file: string;
  location: { line: number };
  severity: { name: string };
  confidence: { name: string };
  description: string;
}
type Runner = (options: Record<string, unknown>) => Promise<{ issues: Finding[]; errors: unknown[]; atomicChecks: number }>;

/**
 * Doyensec's electronegativity over what decides CoW Desk's Electron security:
 * the Electron layer and preload as written (its eng-disable review notes live
 * there; the bundler strips comments) and the renderer pages as built (with
 * their CSP). The tool downloads translations and Electron release data at run
 * time; tests never touch the internet, so `got` is replaced by a stub that
 * refuses at once (the English texts ship inside the package) and the release
 * check, which needs that data, is left out.
 */
function loadElectronegativity(): Runner {
  const require = createRequire(import.meta.url);
  const runnerPath = require.resolve('@doyensec/electronegativity/dist/runner.js');
  const gotPath = createRequire(runnerPath).resolve('got');
  const refuse = () => Promise.reject(new Error('no network in tests'));
  require.cache[gotPath] = { id: gotPath, filename: gotPath, loaded: true, exports: refuse } as unknown as NodeJS.Module;
  return require(runnerPath) as Runner;
}

describe('electronegativity', () => {
  const dir = makeTempDir('cow-desk-electronegativity-');
  let findings: Finding[];

  beforeAll(async () => {
    if (!existsSync('out/renderer/index.html')) throw new Error('Build first (npm run build): the scan reads the built renderer pages.');
    for (const [from, to] of [['main/electron', 'main/electron'], ['preload', 'preload'], ['out/renderer/index.html', 'renderer/index.html'], ['out/renderer/preview.html', 'renderer/preview.html'], ['package.json', 'package.json']]) {
      mkdirSync(dirname(join(dir.path, to!)), { recursive: true });
      cpSync(from!, join(dir.path, to!), { recursive: true });
    }
    const run = loadElectronegativity();
    const result = await run({
      input: dir.path,
      severitySet: 'informational',
      confidenceSet: 'tentative',
      isRelative: true,
      excludeFromScan: ['AvailableSecurityFixesGlobalCheck'],
    });
    expect(result.errors).toEqual([]);
    expect(result.atomicChecks).toBeGreaterThan(30);
    findings = result.issues;
  }, 60_000);
  afterAll(() => dir.remove());

  it('finds nothing of high or medium severity', () => {
    const serious = findings.filter((f) => f.severity.name === 'HIGH' || f.severity.name === 'MEDIUM');
    expect(serious.map((f) => `${f.severity.name} ${f.id} ${f.file}:${f.location.line} ${f.description}`)).toEqual([]);
  });

  it('sees the CSP in both built pages (so the check above is not vacuous)', () => {
    const cspFiles = findings.filter((f) => f.id === 'CSP_GLOBAL_CHECK').map((f) => f.file).sort();
    expect(cspFiles).toEqual(['renderer/index.html', 'renderer/preview.html']);
  });
});
