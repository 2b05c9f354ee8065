import { setTimeout as sleep } from 'node:timers/promises';
import { createApiClient } from '../../main/core/api/api-client';
import { startSandbox, TEST_ACCOUNTS } from '../sandbox';
import { interleavedMedians, type Bench } from './measure';

const ORDERS = 1000;
const RUNS = 15;

/**
 * What the API client adds to one real request (limiter, retry bookkeeping,
 * body parsing, zod validation of every order) over a bare fetch + JSON.parse
 * of the same URL: a page of 1000 orders (about 1.6 MB), at the client's
 * default rate limits. Each round waits out the limiter's spacing first, so
 * the figure is the client's own cost, not the 5 req/s budget it keeps.
 */
export const apiClientBench: Bench = {
  title: 'API client, one request (sandbox on 127.0.0.1)',
  async run() {
    const sandbox = await startSandbox();
    try {
      const owner = TEST_ACCOUNTS.trader.address;
      sandbox.orders.seed(1, owner, ORDERS);
      const client = createApiClient({
        endpoints: () => ({ orderbook: sandbox.orderbookUrl, tokenService: sandbox.bffUrl, explorer: 'https://explorer.cow.fi' }),
        environment: () => 'production',
      });
      const url = `${sandbox.orderbookUrl}/mainnet/api/v1/account/${owner}/orders?offset=0&limit=${ORDERS}`;
      const times = await interleavedMedians(
        () => client.orderbook.accountOrders(1, owner, { offset: 0, limit: ORDERS }),
        async () => (await fetch(url)).json(),
        RUNS,
        2,
        () => sleep(250),
      );
      return [
        { name: `page of ${ORDERS} orders via the API client (median)`, value: times.app, unit: 'ms', goal: 'its parse + validate cost; the limiter never waits here', baseline: { name: 'bare fetch + JSON.parse', value: times.bare } },
      ];
    } finally {
      await sandbox.close();
    }
  },
};
