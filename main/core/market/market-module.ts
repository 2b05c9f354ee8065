import { join } from 'node:path';
import type { ApiClient } from '../api/api-client';
import type { ConnectionMonitor } from '../health/connection-monitor';
import type { StoreState } from '../health/health-service';
import type { Handlers } from '../ipc/router';
import type { SettingsService } from '../settings/settings-service';
import { HoldersService } from './holders-service';
import type { FindToken } from '../../common/market/pool-pair';
import { PoolPairs, type PairChains } from './pool-pairs';
import { PoolsService } from './pools-service';
import { SnapshotRepo } from './snapshot-repo';

type MarketCommand = 'market.pools' | 'market.averageApr' | 'market.exportPools' | 'market.holders' | 'market.exportHolders';

export interface MarketModuleOptions {
  storeState: StoreState;
  api: ApiClient;
  settings: SettingsService;
  /** The wallet's chain clients: pools' pairs are read through the user's node per chain. */
  chains: PairChains;
  /** The token lists' naming of a listed token (TokenLists.find). */
  tokens: FindToken;
  /** Lets the explorer show its snapshot at once when the token service is known to be down. */
  monitor?: ConnectionMonitor;
  userDataDir: string;
  now?: () => number;
  /** How long a live load may take before the snapshot answers instead. */
  deadlineMs?: number;
  fetch?: typeof fetch;
}

export interface MarketModule {
  readonly pools: PoolsService;
  readonly holders: HoldersService;
  readonly handlers: Pick<Handlers, MarketCommand>;
}

/** The same folder as the settings' "Export all", so every export is in one place. */
export const MARKET_EXPORT_DIR = 'exports';

/** Pool explorer, average APR and token holders: services over the token/yield client, wired to IPC. */
export function createMarketModule(options: MarketModuleOptions): MarketModule {
  const { storeState, api, settings, monitor } = options;
  const now = options.now ?? Date.now;
  const exportDir = join(options.userDataDir, MARKET_EXPORT_DIR);
  const pools = new PoolsService({
    tokenService: api.tokenService,
    repo: 'store' in storeState ? new SnapshotRepo(storeState.store.db) : undefined,
    pairs: new PoolPairs({ chains: options.chains, tokens: options.tokens }),
    storeError: 'error' in storeState ? storeState.error : undefined,
    serviceState: () => monitor?.snapshot().services.find((entry) => entry.service === 'tokenService')?.state,
    exportDir,
    now,
    ...(options.deadlineMs ? { deadlineMs: options.deadlineMs } : {}),
  });
  const holders = new HoldersService({
    tokenService: api.tokenService,
    rpcUrl: (chainId) => settings.current().rpcUrls[String(chainId)],
    exportDir,
    now,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  return {
    pools,
    holders,
    handlers: {
      'market.pools': ({ chain, addresses }) => pools.pools(chain, addresses),
      'market.averageApr': ({ chain }) => pools.averages(chain),
      'market.exportPools': ({ snapshotId, query }) => pools.exportPools(snapshotId, query),
      'market.holders': ({ chain, token }) => holders.holders(chain, token),
      'market.exportHolders': ({ chain, token }) => holders.exportHolders(chain, token),
    },
  };
}
