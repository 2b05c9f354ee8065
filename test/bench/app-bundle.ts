import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const ROOT = join(import.meta.dirname, '../..');
/** Under the project's package.json (its .js files load as ES modules, and what is left out of a bundle resolves from its node_modules), ignored by git, and outside out/, which is packaged. */
const BUNDLES = join(ROOT, 'test-results');
const WRITER_THREAD = join(ROOT, 'main/core/store/writer-thread.ts');

/**
 * Bundles app code as electron.vite.config.ts bundles out/main: viem and zod
 * inside, the other dependencies (and electron) beside it, with the writer
 * thread's entry of its own next to it (where store-writer.ts looks for it),
 * sharing chunks. Rolldown and esbuild tree-shake a little differently, so the
 * code each entry loads is close to the build's, not the same. Run from
 * source instead, tsx's loader is in the process and in the writer thread: 85
 * MB of the app's idle memory, and 0.5 s of every writer thread's start (70 ms
 * built) that the shipped app does not pay.
 */
export async function bundleApp(folder: string, entries: Record<string, string>): Promise<string> {
  const { dependencies } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
  const outdir = join(BUNDLES, folder);
  await build({
    entryPoints: { ...entries, 'writer-thread': WRITER_THREAD },
    bundle: true,
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    platform: 'node',
    format: 'esm',
    target: 'node22',
    outdir,
    external: ['electron', ...Object.keys(dependencies).filter((name) => name !== 'viem' && name !== 'zod')],
    logLevel: 'warning',
  });
  return outdir;
}

type BuiltApp = typeof import('./fixtures/built-app');
let built: Promise<BuiltApp> | undefined;

/** The app's modules the in-process benches run (fixtures/built-app.ts), bundled once per bench process. */
export function builtApp(): Promise<BuiltApp> {
  built ??= bundleApp('bench-built-app', { 'built-app': join(import.meta.dirname, 'fixtures/built-app.ts') }).then(
    (outdir) => import(pathToFileURL(join(outdir, 'built-app.js')).href) as Promise<BuiltApp>,
  );
  return built;
}
