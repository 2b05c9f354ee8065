import { apiClientBench } from './api-client.bench';
import { appBench } from './app.bench';
import { bundleBench } from './bundle.bench';
import { firstViewBench } from './first-view.bench';
import { historyBench } from './history.bench';
import { marketPoolsBench } from './market-pools.bench';
import type { Bench } from './measure';
import { responsivenessBench } from './responsiveness.bench';
import { sandboxBench } from './sandbox.bench';
import { quotesBench } from './quotes.bench';
import { resyncBench, syncBench, syncLargeBench } from './sync.bench';
import { syncMainThreadBench } from './sync-main-thread.bench';
import { syncMemoryBench } from './sync-memory.bench';
import { walletConfirmBench } from './wallet-confirm.bench';

/** Every bench of the project by its short name, in the order `npm run bench` runs them. */
export const BENCHES: Record<string, Bench> = {
  sync: syncBench,
  sync100k: syncLargeBench,
  resync: resyncBench,
  quotes: quotesBench,
  syncMainThread: syncMainThreadBench,
  syncMemory: syncMemoryBench,
  history: historyBench,
  responsiveness: responsivenessBench,
  app: appBench,
  bundle: bundleBench,
  api: apiClientBench,
  pools: marketPoolsBench,
  sandbox: sandboxBench,
  firstView: firstViewBench,
  walletConfirm: walletConfirmBench,
};
