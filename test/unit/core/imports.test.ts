import { execFileSync } from 'node:child_process';
import { readdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeTempDir } from '../../helpers/temp-dir';

// Every main/core module must load under plain Node: none may reach for Electron, directly or
// through a dependency (electron-log/main, electron-updater), nor for a browser global at import.
// Importing them in this process proved nothing: `electron` is installed here and resolves. So they
// load in a child Node where resolving `electron` fails, and the probes below show that it does.
const root = join(process.cwd(), 'main/core');
const LOADER = join(import.meta.dirname, 'no-electron/load-without-electron.mjs');
const modules = readdirSync(root, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.ts'))
  .map((file) => join(root, file));

/** The modules that failed to load in a Node without Electron, with why. */
function failuresLoading(files: string[]): { file: string; error: string }[] {
  const out = execFileSync(process.execPath, ['--import', 'tsx', LOADER, ...files], { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 });
  const results = out
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { file: string; error: string | null });
  expect(results.map((result) => result.file)).toEqual(files);
  return results.filter((result) => result.error !== null).map((result) => ({ file: relative(process.cwd(), result.file), error: result.error! }));
}

describe('main/core under plain Node, without Electron', () => {
  it('loads every module', { timeout: 60_000 }, () => {
    expect(modules.length).toBeGreaterThan(5);
    // The signer process's entry loads everything it imports, then refuses to run outside a child of main.
    expect(failuresLoading(modules)).toEqual([{ file: 'main/core/signer/process/signer-process.ts', error: "The signer runs only as a child of CoW Desk's main process." }]);
  });

  it('the check fails for a module importing electron, directly or through a dependency that requires it', { timeout: 30_000 }, () => {
    const dir = makeTempDir('cow-desk-imports-');
    try {
      const direct = join(dir.path, 'direct.ts');
      const throughDependency = join(dir.path, 'through-dependency.ts');
      const browserGlobal = join(dir.path, 'browser-global.ts');
      const clean = join(dir.path, 'clean.ts');
      writeFileSync(direct, "import { app } from 'electron';\nexport const x = app;\n");
      // Resolved from the project's node_modules: electron-log's main-process entry requires electron.
      writeFileSync(throughDependency, `import log from '${join(process.cwd(), 'node_modules/electron-log/main.js')}';\nexport const x = log;\n`);
      writeFileSync(browserGlobal, 'export const width = window.innerWidth;\n');
      writeFileSync(clean, "import { join } from 'node:path';\nexport const x = join('a', 'b');\n");
      const failed = failuresLoading([direct, throughDependency, browserGlobal, clean]);
      expect(failed.map((failure) => failure.file)).toEqual([relative(process.cwd(), direct), relative(process.cwd(), throughDependency), relative(process.cwd(), browserGlobal)]);
      expect(failed[0]!.error).toMatch(/"electron" imported by .*direct\.ts/);
      expect(failed[1]!.error).toMatch(/"electron" imported by .*electron-log/);
      expect(failed[2]!.error).toMatch(/window is not defined/);
    } finally {
      dir.remove();
    }
  });
});
