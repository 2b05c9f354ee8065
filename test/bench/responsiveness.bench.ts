import { makeTempDir } from '../helpers/temp-dir';
import { TEST_ACCOUNTS } from '../sandbox';
import { sandboxProcess } from '../integration/history/history-kit';
import { bundleChild, childReports } from './bench-child';
import type { Bench, BenchRow } from './measure';

const ORDERS = 10_000;
/** The figure a user would notice: a History page or the health panel answering later than this. */
const GOAL = '< 50 ms';

/**
 * The app's own services (createServices, default rate limits) sync a watched
 * account's 10,000 orders from the sandbox, in a process of its own and built
 * as it ships (fixtures/responsiveness-child.ts), while a user keeps asking for
 * a sorted History page and the health panel. This was the 250 ms assertion of
 * test/integration/history/responsiveness.test.ts: a wall-clock bound the suite
 * could fail on a busy machine, so it is a figure here. It ran in the bench's
 * own process until the main-thread bench showed what tsx's loader and the
 * harness in the heap cost each collection.
 */
export const responsivenessBench: Bench = {
  title: 'Main process responsiveness during a 10,000-order history sync (the app in its own process)',
  async run(): Promise<BenchRow[]> {
    const entry = await bundleChild('responsiveness-child');
    const sandbox = await sandboxProcess(ORDERS);
    const dir = makeTempDir('cow-desk-bench-');
    try {
      const [report] = await childReports<{ rounds: number[]; delayMax: number }>(entry, [sandbox.orderbookUrl, sandbox.bffUrl, dir.path, TEST_ACCOUNTS.trader.address]);
      const sorted = [...report!.rounds].sort((a, b) => a - b);
      return [
        { name: `slowest History page + health round of ${sorted.length}, during the sync`, value: sorted.at(-1)!, unit: 'ms', goal: GOAL },
        { name: 'History page + health round, median, during the sync', value: sorted[sorted.length >> 1]!, unit: 'ms', goal: GOAL },
        { name: 'event loop delay max during the sync (OS preemption on a busy machine included)', value: report!.delayMax, unit: 'ms', goal: GOAL },
      ];
    } finally {
      await sandbox.stop();
      dir.remove();
    }
  },
};
