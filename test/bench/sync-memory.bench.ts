import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { build } from 'esbuild';
import { makeTempDir } from '../helpers/temp-dir';
import { sandboxProcess } from '../integration/history/history-kit';
import type { Bench, BenchRow } from './measure';

const ORDERS = 100_000;

interface ChildReport {
  idleMb: number;
  peakMb: number;
  afterMb: number;
  syncS: number;
  orders: number;
}

const ROOT = join(import.meta.dirname, '../..');
/**
 * Where the bundle is built: under the project's package.json (its .js files load as ES modules, and the
 * dependencies left out of it resolve from its node_modules), ignored by git, and outside out/, which is packaged.
 */
const BUNDLE_DIR = join(ROOT, 'test-results/bench-app');

/**
 * The app's main-process code bundled as electron.vite.config.ts bundles out/main: viem and zod inside, the other
 * dependencies (and electron) beside it, the writer thread and the signer process entries of their own next to it
 * (where store-writer.ts and node-launcher.ts look for them), sharing chunks. Rolldown and esbuild tree-shake a
 * little differently, so the code each entry loads is close to the build's, not the same. Run from source, tsx's
 * loader was in the process and in the writer thread: 85 MB of the idle figure and tens of MB of the thread's.
 */
async function bundleApp(): Promise<string> {
  const { dependencies } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
  await build({
    entryPoints: {
      'sync-memory-child': join(import.meta.dirname, 'fixtures/sync-memory-child.ts'),
      'writer-thread': join(ROOT, 'main/core/store/writer-thread.ts'),
      'signer-process': join(ROOT, 'main/core/signer/process/signer-process.ts'),
    },
    bundle: true,
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    platform: 'node',
    format: 'esm',
    target: 'node22',
    outdir: BUNDLE_DIR,
    external: ['electron', ...Object.keys(dependencies).filter((name) => name !== 'viem' && name !== 'zod')],
    logLevel: 'warning',
  });
  return join(BUNDLE_DIR, 'sync-memory-child.js');
}

/** The app in a child process of its own (fixtures/sync-memory-child.ts), so its resident set is the app's alone. */
async function appSync(entry: string, orderbookUrl: string, bffUrl: string, dataDir: string): Promise<ChildReport> {
  const child = spawn(process.execPath, [entry, orderbookUrl, bffUrl, dataDir], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout });
  let report: ChildReport | undefined;
  lines.on('line', (line) => {
    if (line.startsWith('{')) report = JSON.parse(line) as ChildReport;
  });
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0 || !report) throw new Error(`the sync-memory child stopped with code ${code} before reporting`);
  return report;
}

/**
 * The app's memory around a first sync of a 100,000-order account: composed
 * as Electron composes it and bundled as it is built, in a process of its
 * own, the sandbox in another.
 * Idle is read after start-up settles, the peak sampled every 100 ms during
 * the sync, and the resident set again a minute after it ended (no collection
 * forced: what the OS sees).
 */
export const syncMemoryBench: Bench = {
  title: 'Memory around a 100,000-order history sync (the app in its own process)',
  async run(): Promise<BenchRow[]> {
    const entry = await bundleApp();
    const sandbox = await sandboxProcess(ORDERS);
    const dir = makeTempDir('cow-desk-bench-');
    try {
      const report = await appSync(entry, sandbox.orderbookUrl, sandbox.bffUrl, dir.path);
      if (report.orders !== sandbox.orders) throw new Error(`the sync stored ${report.orders} of ${sandbox.orders} orders`);
      const size = report.orders.toLocaleString('en');
      return [
        { name: `${size}: resident set at idle, before the sync`, value: report.idleMb, unit: 'MB' },
        { name: `${size}: resident set at its peak during the sync (${report.syncS.toFixed(0)} s)`, value: report.peakMb, unit: 'MB', goal: `< 2x idle (${(2 * report.idleMb).toFixed(0)} MB)`, baseline: { name: 'idle', value: report.idleMb } },
        { name: `${size}: resident set a minute after the sync`, value: report.afterMb, unit: 'MB', goal: `<= 1.5x idle (${(1.5 * report.idleMb).toFixed(0)} MB)`, baseline: { name: 'idle', value: report.idleMb } },
      ];
    } finally {
      dir.remove();
      await sandbox.stop();
    }
  },
};
