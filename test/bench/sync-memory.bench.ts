import { makeTempDir } from '../helpers/temp-dir';
import { sandboxProcess } from '../integration/history/history-kit';
import { bundleChild, childReports } from './bench-child';
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
    const entry = await bundleChild('sync-memory-child');
    const sandbox = await sandboxProcess(ORDERS);
    const dir = makeTempDir('cow-desk-bench-');
    try {
      // The app in a child process of its own (fixtures/sync-memory-child.ts), so its resident set is the app's alone.
      const [report] = await childReports<ChildReport>(entry, [sandbox.orderbookUrl, sandbox.bffUrl, dir.path]);
      if (report!.orders !== sandbox.orders) throw new Error(`the sync stored ${report!.orders} of ${sandbox.orders} orders`);
      const size = report!.orders.toLocaleString('en');
      return [
        { name: `${size}: resident set at idle, before the sync`, value: report!.idleMb, unit: 'MB' },
        { name: `${size}: resident set at its peak during the sync (${report!.syncS.toFixed(0)} s)`, value: report!.peakMb, unit: 'MB', goal: `< 2x idle (${(2 * report!.idleMb).toFixed(0)} MB)`, baseline: { name: 'idle', value: report!.idleMb } },
        { name: `${size}: resident set a minute after the sync`, value: report!.afterMb, unit: 'MB', goal: `<= 1.5x idle (${(1.5 * report!.idleMb).toFixed(0)} MB)`, baseline: { name: 'idle', value: report!.idleMb } },
      ];
    } finally {
      dir.remove();
      await sandbox.stop();
    }
  },
};
