import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CONTRACTS } from '../../../main/common/protocol/contracts';
import { ApiError } from '../../../main/core/api/api-error';
import { startSandbox, TEST_ACCOUNTS, UNSUPPORTED_TOKEN, type Sandbox } from '../../sandbox';
import { orderStruct, placeOrder, signedOrderBody, USDC, WETH } from '../sandbox/sandbox-kit';
import { clientFor, requestsTo } from './client-kit';

const { trader, trader2, noAllowance, unfunded, banned } = TEST_ACCOUNTS;

/** The ApiError a call fails with (the test fails if it succeeds). */
async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => new Error('expected the call to fail'),
    (reason: unknown) => reason,
  );
  if (!(error instanceof ApiError)) throw error;
  return error;
}

describe('each error of interface.md reaches the caller as a typed error with its human message', () => {
  let sandbox: Sandbox;
  let api: ReturnType<typeof clientFor>;
  beforeEach(async () => {
    sandbox = await startSandbox();
    api = clientFor(sandbox, { maxAttempts: 1 });
  });
  afterEach(() => sandbox.close());

  const quote = (overrides: Record<string, string> = {}) =>
    api.orderbook.quote(1, { sellToken: WETH, buyToken: USDC, from: trader.address, kind: 'sell', sellAmountBeforeFee: '1000000000000000000', ...overrides });
  const submit = async (key: `0x${string}`, params = {}, options = {}) =>
    api.orderbook.submitOrder(1, await signedOrderBody(key, orderStruct(sandbox, params), options));

  it('quote: SellAmountDoesNotCoverFee, with the fee', async () => {
    const error = await failure(api.orderbook.quote(1, { sellToken: WETH, buyToken: USDC, from: trader.address, kind: 'sell', sellAmountBeforeFee: '1000' }, undefined, { symbol: 'WETH', decimals: 18 }));
    expect(error).toMatchObject({ code: 'SellAmountDoesNotCoverFee', status: 400, retryable: false });
    // The sandbox's fee_amount 2250000000000000, in the sell token's units.
    expect(error.message).toMatch(/too small to cover the network cost.*\(about 0\.00225 WETH\)\. Raise the sell amount/);
  });

  it('quote: NoLiquidity', async () => {
    const error = await failure(quote({ buyToken: '0x1111111111111111111111111111111111111111' }));
    expect(error).toMatchObject({ code: 'NoLiquidity', retryable: false });
    expect(error.message).toMatch(/No route was found/);
  });

  it('quote: UnsupportedToken', async () => {
    const error = await failure(quote({ buyToken: UNSUPPORTED_TOKEN }));
    expect(error).toMatchObject({ code: 'UnsupportedToken', status: 400 });
    expect(error.message).toMatch(/not supported.*Choose a different token/);
  });

  it('quote: InvalidParameter is caught before sending when the request is malformed', async () => {
    await expect(quote({ sellAmountBeforeFee: '0x10' })).rejects.toMatchObject({
      code: 'INVALID_REQUEST',
      message: 'The quote request is invalid: sellAmountBeforeFee: expected a whole number in decimal digits (no hex, sign or decimal point).',
    });
    expect(requestsTo(sandbox, '/quote')).toHaveLength(0);
  });

  it('quote: RateLimited (429) tells how long to wait', async () => {
    sandbox.faults.set({ rateLimitStorm: { count: 1, retryAfterSeconds: 3 } });
    const error = await failure(quote());
    expect(error).toMatchObject({ status: 429, retryable: true });
    expect(error.message).toMatch(/wait 3 s before trying again/);
  });

  it('quote: InternalServerError (500) is retryable', async () => {
    sandbox.faults.set({ errorRate: 1, status: 500 });
    expect(await failure(quote())).toMatchObject({ status: 500, retryable: true });
  });

  it('submit: WrongOwner (400 like live, not retried) when another key signed for this owner', async () => {
    const body = { ...(await signedOrderBody(trader2.privateKey, orderStruct(sandbox))), from: trader.address };
    const error = await failure(api.orderbook.submitOrder(1, body));
    expect(error).toMatchObject({ code: 'WrongOwner', status: 400, retryable: false });
    expect(error.message).toMatch(/another deployment or chain/);
  });

  it('submit: WrongOwner when signed for the staging contract', async () => {
    const error = await failure(submit(trader.privateKey, {}, { environment: 'staging' }));
    expect(error.code).toBe('WrongOwner');
  });

  it('submit: InvalidSignature when the signature is not one', async () => {
    // 65 bytes, so the client sends it, but r and s are zero: no key signs that.
    const body = { ...(await signedOrderBody(trader.privateKey, orderStruct(sandbox))), signature: `0x${'00'.repeat(64)}1b` as const };
    const error = await failure(api.orderbook.submitOrder(1, body));
    expect(error).toMatchObject({ code: 'InvalidSignature', status: 400, retryable: false });
  });

  it('submit: DuplicatedOrder', async () => {
    await placeOrder(sandbox, trader.privateKey);
    const error = await failure(submit(trader.privateKey));
    expect(error).toMatchObject({ code: 'DuplicatedOrder', status: 400 });
    expect(error.message).toMatch(/validTo|amount|appData/);
  });

  it('submit: InsufficientBalance', async () => {
    expect(await failure(submit(unfunded.privateKey))).toMatchObject({ code: 'InsufficientBalance', status: 400 });
  });

  it('submit: InsufficientAllowance names the vault relayer to approve', async () => {
    const error = await failure(submit(noAllowance.privateKey));
    expect(error.code).toBe('InsufficientAllowance');
    expect(error.message).toContain(CONTRACTS.production.vaultRelayer);
  });

  it('submit: a validTo already past is InsufficientValidTo (as live), told as an expiry passed', async () => {
    const error = await failure(submit(trader.privateKey, { validTo: sandbox.clock.now() - 60 }));
    expect(error.code).toBe('InsufficientValidTo');
    expect(error.message).toMatch(/expiry \(validTo\) had already passed/);
  });

  it('submit: SellAmountOverflow and BuyAmountOverflow never reach the service', async () => {
    const body = await signedOrderBody(trader.privateKey, orderStruct(sandbox));
    await expect(api.orderbook.submitOrder(1, { ...body, sellAmount: (2n ** 256n).toString() })).rejects.toMatchObject({ code: 'SellAmountOverflow' });
    await expect(api.orderbook.submitOrder(1, { ...body, buyAmount: (2n ** 256n).toString() })).rejects.toMatchObject({ code: 'BuyAmountOverflow' });
    expect(requestsTo(sandbox, '/orders')).toHaveLength(0);
  });

  it('submit: InvalidAppData for a hash that was never uploaded', async () => {
    const error = await failure(submit(trader.privateKey, {}, { appDataAsHash: true }));
    expect(error.code).toBe('InvalidAppData');
    expect(error.message).toMatch(/[Uu]pload/);
  });

  it('submit: Forbidden (403) is not retried', async () => {
    const retrying = clientFor(sandbox, { maxAttempts: 5 });
    const error = await failure(retrying.orderbook.submitOrder(1, await signedOrderBody(banned.privateKey, orderStruct(sandbox))));
    expect(error).toMatchObject({ code: 'Forbidden', status: 403, retryable: false });
    expect(requestsTo(sandbox, '/v1/orders')).toHaveLength(1);
  });

  it('lookups: an unknown order is a 404 with a plain message, never retried', async () => {
    const retrying = clientFor(sandbox, { maxAttempts: 5 });
    const error = await failure(retrying.orderbook.getOrder(1, `0x${'12'.repeat(56)}`));
    expect(error).toMatchObject({ status: 404, retryable: false });
    expect(requestsTo(sandbox, '/v1/orders/')).toHaveLength(1);
  });
});
