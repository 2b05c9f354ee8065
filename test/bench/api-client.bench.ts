import { createApiClient } from '../../main/core/api/api-client';
import { startSandbox } from '../sandbox';
import { medianMs, type Bench } from './measure';

const WETH = '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2';
const RUNS = 300;

/**
 * What the API client adds to a request (limiter, retry bookkeeping, body
 * parsing, zod validation) over a bare fetch of the same URL from the sandbox.
 * Rate limits are lifted for the run: we measure overhead, not the budget.
 */
export const apiClientBench: Bench = {
  title: 'API client overhead per request (sandbox on 127.0.0.1)',
  async run() {
    const sandbox = await startSandbox();
    try {
      const unlimited = { perSecond: 1_000_000 };
      const client = createApiClient({
        endpoints: () => ({ orderbook: sandbox.orderbookUrl, tokenService: sandbox.bffUrl, explorer: 'https://explorer.cow.fi' }),
        environment: () => 'production',
        rateLimits: { orderbook: unlimited, tokenService: unlimited },
      });
      const url = `${sandbox.bffUrl}/1/tokens/${WETH}/topHolders`;
      const bare = await medianMs(async () => (await fetch(url)).json(), RUNS);
      const viaClient = await medianMs(() => client.tokenService.topHolders(1, WETH), RUNS);
      return [
        { name: 'topHolders via API client (median)', value: viaClient, unit: 'ms', baseline: { name: 'bare fetch + JSON.parse', value: bare } },
      ];
    } finally {
      await sandbox.close();
    }
  },
};
