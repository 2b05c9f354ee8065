import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PRICE_FRESH_MS } from '../../../main/common/limits';
import type { Services } from '../../../main/core/services';
import { composeApp } from '../../helpers/compose-app';
import { FakeClock } from '../../helpers/fake-clock';
import { makeTempDir } from '../../helpers/temp-dir';
import { startSandbox, NO_PRICE_TOKEN, type Sandbox } from '../../sandbox';
import { TOKENS } from '../../sandbox/token-fixtures';

/**
 * USD prices beside balances (the picker and the wallet panel ask `tokens.usdPrices`), through
 * the composed app's IPC router, counted at the sandbox's token service. Live has no route for
 * several prices at once, so a token costs one request; a repeat while fresh costs none.
 */
describe('USD prices beside balances', () => {
  const chainTokens = TOKENS[1]!.map((token) => token.address);
  const weth = chainTokens[0]!;
  let sandbox: Sandbox;
  let services: Services;
  let dir: ReturnType<typeof makeTempDir>;
  let clock: FakeClock;

  beforeEach(async () => {
    sandbox = await startSandbox();
    dir = makeTempDir();
    clock = new FakeClock(Date.now());
    services = composeApp({
      userDataDir: dir.path,
      defaultEndpoints: { production: { orderbook: sandbox.orderbookUrl, tokenService: sandbox.bffUrl } },
      apiClock: clock,
    });
  });
  afterEach(async () => {
    await services.close();
    dir.remove();
    await sandbox.close();
  });

  const prices = async (tokens: readonly string[]) => {
    const answer = await services.router.handle('tokens.usdPrices', { chainId: 1, tokens });
    if (!answer.ok) throw new Error(answer.error.message);
    return answer.value as Record<string, { usd: number; ageMs: number } | null>;
  };
  /** Price requests for these tokens (the health probe asks `-`, the native asset, on its own). */
  const priceRequests = () => sandbox.requests.filter((request) => /^\/1\/tokens\/0x[0-9a-fA-F]{40}\/usdPrice$/.test(request.path)).length;

  it('costs one request per token, none while fresh, and one per token for two screens asking at once', async () => {
    const first = await prices(chainTokens);
    expect(priceRequests()).toBe(chainTokens.length);

    // The same tokens again a minute later (the picker reopened, the panel's next block): nothing is sent.
    clock.advance(60_000);
    const again = await prices(chainTokens);
    expect(priceRequests()).toBe(chainTokens.length);

    expect(first[weth.toLowerCase()]).toEqual({ usd: 3000, ageMs: 0 });
    expect(again[weth.toLowerCase()]).toEqual({ usd: 3000, ageMs: 60_000 });
    // No price at the service is no price here, not zero.
    expect(again[NO_PRICE_TOKEN.toLowerCase()]).toBeNull();
    expect(Object.keys(again).sort()).toEqual(chainTokens.map((token) => token.toLowerCase()).sort());

    // Once stale, the picker and the wallet panel asking together share one request per token, and see the new price.
    sandbox.prices.set(1, weth, 3100);
    clock.advance(PRICE_FRESH_MS);
    const [picker, panel] = await Promise.all([prices(chainTokens.slice(0, 3)), prices(chainTokens)]);
    // The missing price is kept longer (the service keeps its 404 for 30 min): 5 priced tokens asked again, not 6 or 9.
    expect(priceRequests()).toBe(chainTokens.length + chainTokens.length - 1);
    expect(picker[weth.toLowerCase()]).toEqual({ usd: 3100, ageMs: 0 });
    expect(panel[weth.toLowerCase()]).toEqual({ usd: 3100, ageMs: 0 });
  });

  it('shows the last price with its age when the service cannot give a newer one', async () => {
    await prices([weth]);
    clock.advance(PRICE_FRESH_MS + 60_000);
    // Every answer a 503 until the retries give up (their backoff runs on the fake clock).
    sandbox.faults.set({ errorRate: 1, status: 503 });
    const answer = await prices([weth]);
    // At least as old as the clock says (the retries' backoff, on the fake clock, adds to it).
    expect(answer[weth.toLowerCase()]).toEqual({ usd: 3000, ageMs: expect.any(Number) });
    expect(answer[weth.toLowerCase()]?.ageMs).toBeGreaterThanOrEqual(PRICE_FRESH_MS + 60_000);
  });
});
