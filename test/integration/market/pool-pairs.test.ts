import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PoolsResult } from '../../../main/common/market/market-schema';
import { NO_PAIR_FUNCTIONS } from '../../../main/core/market/pool-pairs';
import { type Services } from '../../../main/core/services';
import { composeApp } from '../../helpers/compose-app';
import { recordingLogger } from '../../helpers/recording-logger';
import { makeTempDir } from '../../helpers/temp-dir';
import { startSandbox, type Sandbox } from '../../sandbox';
import { poolsOf } from '../../sandbox/bff/pools-fixture';
import { sandboxTokenListUrls } from '../../sandbox/bff/token-lists';
import { PAIR_PROJECTS, sandboxPairOf } from '../../sandbox/chain/pool-pairs';
import { TOKENS } from '../../sandbox/token-fixtures';

/**
 * The app's pools answer names each pool's pair from the pool's contract on the
 * sandbox's real chains (Uniswap's own UniswapV2Pair code at the pool
 * addresses the yield endpoint serves), through the wallet's node per chain.
 */
describe('pool pairs read on chain', () => {
  let sandbox: Sandbox;
  let services: Services;
  let dir: ReturnType<typeof makeTempDir>;
  beforeAll(async () => {
    sandbox = await startSandbox({ chain: true });
    dir = makeTempDir();
    services = composeApp({
      userDataDir: dir.path,
      appVersion: 'test',
      log: recordingLogger(),
      defaultEndpoints: { production: { orderbook: sandbox.orderbookUrl, tokenService: sandbox.bffUrl } },
      tokenListUrls: sandboxTokenListUrls(sandbox.bffUrl),
      defaultRpcUrls: sandbox.chain!.rpcUrls,
    });
    // The sandbox's list names every sandbox token; the shipped snapshot only the real ones.
    await services.tokenLists.refresh();
  });
  afterAll(async () => {
    await services?.close();
    dir?.remove();
    await sandbox?.close();
  });

  const pools = async (chain: number): Promise<PoolsResult> => {
    const answer = await services.router.handle('market.pools', { chain, addresses: [] });
    expect(answer).toMatchObject({ ok: true });
    return (answer as { value: PoolsResult }).value;
  };
  const symbol = (chainId: number, address: string) => TOKENS[chainId]!.find((token) => token.address.toLowerCase() === address.toLowerCase())!.symbol;

  it.each([1, 8453])('names every top pool of chain %i that answers token0/token1 by its listed symbols, and says why the others have none', async (chainId) => {
    const result = await pools(chainId);
    const fixture = poolsOf(1, chainId);
    expect(result.pools.length).toBeGreaterThan(100);
    for (const pool of result.pools) {
      const index = fixture.findIndex((entry) => entry.contract_address === pool.address.toLowerCase());
      if (PAIR_PROJECTS.has(pool.project)) {
        const { token0, token1 } = sandboxPairOf(chainId, index);
        expect(pool.pair).toEqual({ ok: true, token0, token1, name: `${symbol(chainId, token0)} / ${symbol(chainId, token1)}` });
      } else {
        expect(pool.pair).toEqual({ ok: false, reason: NO_PAIR_FUNCTIONS });
      }
    }
    const names = new Set(result.pools.flatMap((pool) => (pool.pair.ok ? [pool.pair.name] : [])));
    // The contract's order is the tokens' address order: USDC before WETH on Ethereum, WETH (0x4200…) first on Base.
    expect(names).toContain(chainId === 1 ? 'USDC / WETH' : 'WETH / USDC');
  });

  it('names a pool looked up by address as in the top pools', async () => {
    const live = await pools(1);
    const first = live.pools.find((pool) => PAIR_PROJECTS.has(pool.project));
    expect(first?.pair).toMatchObject({ ok: true });
    const answer = await services.router.handle('market.pools', { chain: 1, addresses: [first!.address] });
    expect((answer as { value: PoolsResult }).value.pools[0]!.pair).toEqual(first!.pair);
  });
});
