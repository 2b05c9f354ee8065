import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { DEFAULT_VIEW, VIEWS, type ViewId } from '../../main/common/settings/views';
import type { Bench, BenchRow } from './measure';

/**
 * What the renderer fetches before the first view shows, from the built files (`npm run bench` builds
 * first): the entry script of index.html and every chunk it imports statically (and the page's modulepreload links), then the chunk of the
 * first view (the default, Trade) and its static imports. Dynamic imports (the other views) are not
 * followed: they load when opened or when the browser is idle. Gzip as a server or a cache would send it.
 */
const ASSETS = 'out/renderer/assets';

/** `import{a as b}from"./x.js"` and `import"./x.js"`; never `import("./x.js")`, which loads later. */
const STATIC_IMPORT = /\bimport\s*(?:[^"'();]*?\bfrom\s*)?["']\.\/([^"']+\.js)["']/g;

function closure(roots: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const [, next] of readFileSync(join(ASSETS, file), 'utf8').matchAll(STATIC_IMPORT)) visit(next!);
  };
  roots.forEach(visit);
  return seen;
}

const gzipKb = (files: Iterable<string>) => [...files].reduce((sum, file) => sum + gzipSync(readFileSync(join(ASSETS, file))).length, 0) / 1024;

/** The shell's files, and the shell's with `view`'s (the default view unless named): what shows it. */
export function firstViewFiles(view: ViewId = DEFAULT_VIEW): { shell: Set<string>; firstView: Set<string>; all: string[] } {
  const html = readFileSync('out/renderer/index.html', 'utf8');
  // Every module script and modulepreload link of the page: the browser fetches them all before the app starts.
  const entries = [...html.matchAll(/<(?:script type="module"|link rel="modulepreload")[^>]*(?:src|href)="\.\/assets\/([^"]+\.js)"/g)].map((match) => match[1]!);
  if (entries.length === 0) throw new Error('out/renderer/index.html names no module script: run `npm run build` first');
  const all = readdirSync(ASSETS).filter((file) => file.endsWith('.js'));
  const label = VIEWS.find((candidate) => candidate.id === view)!.label;
  const viewChunk = all.find((file) => file.startsWith(`${label}-`));
  if (!viewChunk) throw new Error(`no chunk for the ${label} view in ${ASSETS}`);
  const shell = closure(entries);
  return { shell, firstView: closure([...entries, viewChunk]), all };
}

export const firstViewBench: Bench = {
  title: 'start-up: renderer JS',
  conditions: 'none',
  run: async () => {
    const { shell, firstView, all } = firstViewFiles();
    const rows: BenchRow[] = [
      { name: `first-view JS (gzip): shell + ${DEFAULT_VIEW} view, ${firstView.size} files`, value: gzipKb(firstView), unit: 'KB', goal: '< 60 KB', baseline: { name: `all ${all.length} JS files (what loading every view at start fetched)`, value: gzipKb(all) } },
      { name: `shell JS (gzip): index.html entry and its static imports, ${shell.size} files`, value: gzipKb(shell), unit: 'KB' },
    ];
    return rows;
  },
};
