import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { bundleApp } from './app-bundle';
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

/**
 * The app's main-process code bundled as it is built (app-bundle.ts), the memory child its entry, the signer
 * process's entry of its own next to it (where node-launcher.ts looks for it).
 */
async function bundleChild(): Promise<string> {
  const outdir = await bundleApp('bench-app', {
    'sync-memory-child': join(import.meta.dirname, 'fixtures/sync-memory-child.ts'),
    'signer-process': join(import.meta.dirname, '../../main/core/signer/process/signer-process.ts'),
  });
  return join(outdir, 'sync-memory-child.js');
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
    const entry = await bundleChild();
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
