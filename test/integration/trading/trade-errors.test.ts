import type { Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterEach, describe, expect, it } from 'vitest';
import { appDataHash } from '../../../main/common/protocol/app-data';
import { domainFor } from '../../../main/common/protocol/domain';
import { orderTypedData } from '../../../main/common/protocol/order';
import { buildOrder } from '../../../main/core/signer/order-draft';
import { NO_PRICE_TOKEN, TEST_ACCOUNTS, UNSUPPORTED_TOKEN } from '../../sandbox';
import { startTradingKit, type KitOptions, type TradingKit } from './trading-kit';

const { trader, trader2, noAllowance, unfunded, banned } = TEST_ACCOUNTS;
const requestsTo = (kit: TradingKit, fragment: string) => kit.sandbox.requests.filter((entry) => entry.path.includes(fragment));

/** Every error of interface.md's quote, submission and signing tables, as the message the composer shows. */
describe('trade errors reach the user as their own message', () => {
  let kit: TradingKit;
  const start = async (options: KitOptions = {}, key: Hex = trader.privateKey) => {
    kit = await startTradingKit(options);
    await kit.importKey(key);
    return kit;
  };
  afterEach(async () => kit?.stop());

  it('SellAmountDoesNotCoverFee: raise the amount, with the fee', async () => {
    await start();
    const error = await kit.failure(kit.quoteDraft(trader.address, { amount: '1000' }));
    expect(error.code).toBe('SellAmountDoesNotCoverFee');
    // The sandbox's fee, 2250000000000000 WETH base units, said in WETH.
    expect(error.message).toBe('The sell amount is too small to cover the network cost of settling it (about 0.00225 WETH). Raise the sell amount and quote again.');
  });

  it('NoLiquidity', async () => {
    await start();
    const error = await kit.failure(kit.quoteDraft(trader.address, { buyToken: NO_PRICE_TOKEN }));
    expect(error.code).toBe('NoLiquidity');
    expect(error.message).toMatch(/No route was found between these tokens.*Try a smaller amount or another token pair/);
  });

  it('UnsupportedToken', async () => {
    await start();
    const error = await kit.failure(kit.quoteDraft(trader.address, { buyToken: UNSUPPORTED_TOKEN }));
    expect(error.code).toBe('UnsupportedToken');
    expect(error.message).toMatch(/not supported.*Choose a different token/);
  });

  it('InvalidParameter: refused before sending when malformed, and the service answer explained when it disagrees', async () => {
    await start();
    const local = await kit.failure(kit.quoteDraft(trader.address, { sellToken: '0x1234' }));
    expect(local.code).toBe('INVALID_INPUT');
    expect(local.message).toMatch(/address/);
    expect(requestsTo(kit, '/quote')).toHaveLength(0);
    await kit.stop();

    // A service that reads the request differently: the `from` field lost on the way.
    const dropFrom: typeof fetch = (input, init) => {
      if (!String(input).endsWith('/api/v1/quote')) return fetch(input, init);
      const { from: _dropped, ...body } = JSON.parse(String(init?.body)) as Record<string, unknown>;
      return fetch(input, { ...init, body: JSON.stringify(body) });
    };
    await start({ fetch: dropFrom });
    const remote = await kit.failure(kit.quoteDraft(trader.address));
    expect(remote.code).toBe('InvalidParameter');
    expect(remote.message).toMatch(/missing or malformed field.*Fix it and try again\. The service said: "Missing field `from`\."/);
  });

  it('InsufficientBalance', async () => {
    await start({}, unfunded.privateKey);
    const { draft } = await kit.quoteDraft(unfunded.address);
    const error = await kit.failure(kit.signAndSubmit(draft));
    expect(error.code).toBe('InsufficientBalance');
    expect(error.message).toMatch(/does not hold enough of the sell token \(sellAmount plus fees\)\. Top up/);
    expect(kit.services.history.journal?.find(buildOrder(draft, 'production', Math.floor(Date.now() / 1000)).uid)).toMatchObject({ state: 'failed' });
  });

  it('InsufficientAllowance names the vault relayer to approve', async () => {
    await start({}, noAllowance.privateKey);
    const { draft } = await kit.quoteDraft(noAllowance.address);
    const error = await kit.failure(kit.signAndSubmit(draft));
    expect(error.code).toBe('InsufficientAllowance');
    expect(error.message).toContain('Approve the vault relayer 0xC92E8bdf79f0507f65a392b0ab4667716BFE0110 (not the settlement contract) for at least sellAmount plus fees');
  });

  it('InsufficientValidTo (as live) when validTo is in the past for the service', async () => {
    await start();
    const { draft } = await kit.quoteDraft(trader.address);
    kit.sandbox.clock.advance(3600); // the service's clock is past validTo; ours is not
    const error = await kit.failure(kit.signAndSubmit(draft));
    expect(error.code).toBe('InsufficientValidTo');
    expect(error.message).toMatch(/expiry \(validTo\) had already passed/);
  });

  it('DuplicatedOrder of the app\'s own UID: the same order, shown placed, never failed', async () => {
    await start();
    const { draft } = await kit.quoteDraft(trader.address);
    const first = await kit.signAndSubmit(draft);
    const again = await kit.signAndSubmit(draft);
    expect(again.uid).toBe(first.uid);
    // Rate-limited answers (429) come before the order is read; a busy machine can provoke one, and the app sends it again.
    const posts = kit.sandbox.requests.filter((entry) => entry.method === 'POST' && entry.path.endsWith('/api/v1/orders') && entry.status !== 429);
    expect(posts.map((entry) => entry.status)).toEqual([201, 400]);
    expect(kit.services.history.journal?.find(first.uid)?.state).toBe('submitted');
  });

  it('InvalidAppData: the service lost the uploaded document; the message says to upload it again', async () => {
    // Answers the upload as the service would, without storing the document.
    const forgetful: typeof fetch = async (input, init) => {
      const url = String(input);
      if (init?.method === 'PUT' && url.includes('/app_data/')) return new Response(JSON.stringify(url.split('/').pop()), { status: 201 });
      return fetch(input, init);
    };
    await start({ fetch: forgetful });
    const { draft } = await kit.quoteDraft(trader.address);
    const error = await kit.failure(kit.signAndSubmit(draft));
    expect(error.code).toBe('InvalidAppData');
    expect(error.message).toMatch(/no valid appData document for this order's hash\. Upload the appData document first/);
  });

  it('WrongOwner: a domain mismatch (the service verifies against another settlement contract) is explained', async () => {
    await start({ sandboxEnvironment: 'staging' });
    const { draft } = await kit.quoteDraft(trader.address);
    const error = await kit.failure(kit.signAndSubmit(draft));
    expect(error.code).toBe('WrongOwner');
    expect(error.message).toMatch(/another deployment or chain than this orderbook checks \(environment, chain or settlement contract\)/);
  });

  it('InvalidSignature: a signature by another key (wrong signer) is refused before anything is sent', async () => {
    await start();
    const { draft } = await kit.quoteDraft(trader.address);
    const signed = await kit.signOrder(draft);
    const built = buildOrder(draft, 'production', Math.floor(Date.now() / 1000));
    const forged = await privateKeyToAccount(trader2.privateKey).signTypedData(orderTypedData(built.struct, domainFor(1, 'production')));
    const error = await kit.failure(kit.call('trade.submit', { draft, signed: { ...signed, signature: forged }, quoteId: null }));
    expect(error.code).toBe('InvalidSignature');
    expect(error.message).toMatch(/wrong signer/);
    expect(requestsTo(kit, '/app_data/')).toHaveLength(0);
    expect(built.struct.appData).toBe(appDataHash(draft.fullAppData));
  });

  it('Forbidden is shown once and not retried', async () => {
    await start({}, banned.privateKey);
    const error = await kit.failure(kit.quoteDraft(banned.address));
    expect(error).toMatchObject({ code: 'Forbidden', retryable: false });
    expect(error.message).toMatch(/flagged or deny-listed\. Retrying will not help/);
    expect(requestsTo(kit, '/quote')).toHaveLength(1);
  });

  it('RateLimited: the wait the service asked for is announced while the app waits, then the quote arrives', async () => {
    await start({ rateLimits: { quotesPerSecond: 1 } });
    await kit.quoteDraft(trader.address);
    const { quote } = await kit.quoteDraft(trader.address); // the second within the same second: 429, wait, retry
    expect(BigInt(quote.buyAmount)).toBeGreaterThan(0n);
    const rateLimited = kit.events
      .filter(([event]) => event === 'health.changed')
      .map(([, payload]) => (payload as { services: { service: string; state: string; rateLimitedUntil: number | null }[] }).services.find((entry) => entry.service === 'orderbook'))
      .find((service) => service?.state === 'rate-limited');
    expect(rateLimited).toMatchObject({ service: 'orderbook', rateLimitedUntil: expect.any(Number) });
    expect(requestsTo(kit, '/quote').map((entry) => entry.status)).toEqual([200, 429, 200]);
  });
});
