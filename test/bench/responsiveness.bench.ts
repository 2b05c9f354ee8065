import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { setTimeout as pace } from 'node:timers/promises';
import { composeApp, routerCaller } from '../helpers/compose-app';
import { recordingLogger } from '../helpers/recording-logger';
import { makeTempDir } from '../helpers/temp-dir';
import { TEST_ACCOUNTS } from '../sandbox';
import { sandboxProcess } from '../integration/history/history-kit';
import type { Bench, BenchRow } from './measure';

const ORDERS = 10_000;
/** A user's cadence (a scroll or a poll every few frames) between rounds, not a wait for anything. */
const USER_PACE_MS = 20;
/** The figure a user would notice: a History page or the health panel answering later than this. */
const GOAL = '< 50 ms';

/**
 * The app's own services (createServices, default rate limits) sync a watched
 * account's 10,000 orders from the sandbox in its own process, while a user
 * keeps asking for a sorted History page and the health panel. This was the
 * 250 ms assertion of test/integration/history/responsiveness.test.ts: a
 * wall-clock bound the suite could fail on a busy machine, so it is a figure here.
 */
export const responsivenessBench: Bench = {
  title: 'Main process responsiveness during a 10,000-order history sync',
  async run(): Promise<BenchRow[]> {
    const sandbox = await sandboxProcess(ORDERS);
    const dir = makeTempDir('cow-desk-bench-');
    const services = composeApp({
      userDataDir: dir.path,
      appVersion: '0.1.0',
      log: recordingLogger(),
      defaultEndpoints: { production: { orderbook: sandbox.orderbookUrl, tokenService: sandbox.bffUrl } },
    });
    const call = routerCaller(services);
    try {
      await call('settings.update', { enabledChains: [1] });
      await call('accounts.addWatchOnly', { label: 'Watched', address: TEST_ACCOUNTS.trader.address });
      const delay = monitorEventLoopDelay({ resolution: 2 });
      delay.enable();
      let syncing = true;
      const sync = call('history.syncNow').finally(() => (syncing = false));
      const rounds: number[] = [];
      while (syncing) {
        const began = performance.now();
        await call('history.query', { sort: { column: 'sellAmount', direction: 'desc' }, limit: 100 });
        await call('health.status');
        rounds.push(performance.now() - began);
        await pace(USER_PACE_MS);
      }
      delay.disable();
      await sync;
      const sorted = [...rounds].sort((a, b) => a - b);
      return [
        { name: `slowest History page + health round of ${rounds.length}, during the sync`, value: sorted.at(-1)!, unit: 'ms', goal: GOAL },
        { name: 'History page + health round, median, during the sync', value: sorted[sorted.length >> 1]!, unit: 'ms', goal: GOAL },
        { name: 'event loop delay max during the sync (OS preemption on a busy machine included)', value: delay.max / 1e6, unit: 'ms', goal: GOAL },
      ];
    } finally {
      await services.close();
      await sandbox.stop();
      dir.remove();
    }
  },
};
