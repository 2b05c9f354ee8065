import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { VIEWS } from '../../main/common/settings/views';
import { firstViewFiles } from './first-view.bench';
import type { Bench, BenchRow } from './measure';

const ASSETS = 'out/renderer/assets';
const GOAL = '< 60 KB';

const gzipKb = (files: Iterable<string>) => [...files].reduce((sum, file) => sum + gzipSync(readFileSync(join(ASSETS, file)), { level: 9 }).length, 0) / 1000;

/**
 * The renderer JS each view needs before it shows, from the built files (`npm run bench` builds first):
 * the page's entry and its static imports, the view's chunk and its static imports (first-view.bench.ts),
 * gzip at level 9. What a view loads when idle or on a click (a dialog, the quote, the appData check and
 * zod with it) is left out: it never holds up the screen. Issue 35's goal holds for every view, so the
 * heaviest one is the row that counts.
 */
export const bundleBench: Bench = {
  title: 'renderer bundle',
  conditions: 'none',
  async run() {
    const sizes = VIEWS.map((view) => ({ view: view.id, kb: gzipKb(firstViewFiles(view.id).firstView) }));
    const heaviest = sizes.reduce((a, b) => (b.kb > a.kb ? b : a));
    const rows: BenchRow[] = [
      { name: `renderer JS before the first view shows, gzip (heaviest: ${heaviest.view})`, value: heaviest.kb, unit: 'KB', goal: GOAL },
      ...sizes.map(({ view, kb }) => ({ name: `renderer JS before the ${view} view shows, gzip`, value: kb, unit: 'KB', goal: GOAL })),
    ];
    return rows;
  },
};
