import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NATIVE_TOKEN_MARKER } from '../../../main/common/protocol/contracts';
import { NO_PRICE_TOKEN, startSandbox, TEST_ACCOUNTS, UNSUPPORTED_TOKEN, type Sandbox } from '../../sandbox';
import { call, orderbook, token, USDC, WETH, UNTHROTTLED } from './sandbox-kit';

describe('sandbox orderbook: POST /api/v1/quote', () => {
  let sandbox: Sandbox;
  beforeEach(async () => {
    sandbox = await startSandbox({ rateLimits: UNTHROTTLED });
  });
  afterEach(() => sandbox.close());

  const from = TEST_ACCOUNTS.trader.address;
  const quote = (body: unknown, segment = 'mainnet') => call(orderbook(sandbox, '/v1/quote', segment), { body });
  const sellWeth = { sellToken: WETH, buyToken: USDC, from, kind: 'sell', sellAmountBeforeFee: '1000000000000000000' };

  it('quotes a sell order: network cost in the sell token, taken out of the amount', async () => {
    const answer = await quote(sellWeth);
    expect(answer.status).toBe(200);
    const fee = 150_000n * 15_000_000_000n; // gas x gas price, in WETH atoms
    expect(answer.body.quote).toMatchObject({
      sellToken: WETH,
      buyToken: USDC,
      sellAmount: (10n ** 18n - fee).toString(),
      buyAmount: (((10n ** 18n - fee) * 3000n) / 10n ** 12n).toString(),
      feeAmount: fee.toString(),
      gasAmount: '150000',
      gasPrice: '15000000000',
      sellTokenPrice: '1',
      kind: 'sell',
      partiallyFillable: false,
      validTo: sandbox.clock.now() + 1800,
      signingScheme: 'eip712',
    });
    expect(answer.body).toMatchObject({ from, verified: true });
    expect(answer.body.id).toEqual(expect.any(Number));
    expect(answer.body.expiration).toBe('2027-01-15T08:01:00.000000Z');
  });

  it('quotes buy orders and sell-after-fee, on other chains too', async () => {
    const buy = await quote({ sellToken: USDC, buyToken: WETH, from, kind: 'buy', buyAmountAfterFee: '1000000000000000000', validFor: 600 });
    expect(buy.status).toBe(200);
    expect(buy.body.quote).toMatchObject({ kind: 'buy', buyAmount: '1000000000000000000', sellAmount: '3000000000', validTo: sandbox.clock.now() + 600 });
    const after = await quote({ ...sellWeth, sellAmountBeforeFee: undefined, sellAmountAfterFee: '1000000000000000000' });
    expect(after.body.quote).toMatchObject({ sellAmount: '1000000000000000000', buyAmount: '3000000000' });
    const gnosis = await quote({ sellToken: token(100, 'WXDAI'), buyToken: token(100, 'USDC'), from, kind: 'sell', sellAmountBeforeFee: '10000000000000000000' }, 'xdai');
    expect(gnosis.status).toBe(200);
    expect(gnosis.body.quote.feeAmount).toBe('300000000000000');
  });

  it('buys native ETH but refuses to sell it', async () => {
    expect((await quote({ ...sellWeth, sellToken: USDC, buyToken: NATIVE_TOKEN_MARKER, sellAmountBeforeFee: '3000000000' })).status).toBe(200);
    const sell = await quote({ ...sellWeth, sellToken: NATIVE_TOKEN_MARKER });
    expect(sell.body).toMatchObject({ errorType: 'InvalidNativeSellToken' });
  });

  it('echoes appData and its hash', async () => {
    const appData = '{"version":"1.4.0","metadata":{}}';
    const answer = await quote({ ...sellWeth, appData });
    expect(answer.body.quote.appData).toBe(appData);
    expect(answer.body.quote.appDataHash).toMatch(/^0x[0-9a-f]{64}$/);
    const mismatch = await quote({ ...sellWeth, appData, appDataHash: `0x${'00'.repeat(32)}` });
    expect(mismatch.body).toMatchObject({ errorType: 'AppDataHashMismatch' });
  });

  it('SellAmountDoesNotCoverFee carries the fee', async () => {
    const answer = await quote({ ...sellWeth, sellAmountBeforeFee: '1000' });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ errorType: 'SellAmountDoesNotCoverFee', data: { fee_amount: '2250000000000000' } });
  });

  it('NoLiquidity is a 404, for unpriced tokens and for absurd sizes', async () => {
    for (const body of [{ ...sellWeth, buyToken: NO_PRICE_TOKEN }, { ...sellWeth, sellAmountBeforeFee: `1${'0'.repeat(30)}` }]) {
      const answer = await quote(body);
      expect(answer.status).toBe(404);
      expect(answer.body).toMatchObject({ errorType: 'NoLiquidity', description: expect.any(String) });
    }
    sandbox.prices.set(1, USDC, null);
    expect((await quote(sellWeth)).status).toBe(404);
  });

  it('UnsupportedToken, SameBuyAndSellToken, validity bounds', async () => {
    expect((await quote({ ...sellWeth, buyToken: UNSUPPORTED_TOKEN })).body).toMatchObject({ errorType: 'UnsupportedToken' });
    expect((await quote({ ...sellWeth, buyToken: WETH.toLowerCase() })).body).toMatchObject({ errorType: 'SameBuyAndSellToken' });
    expect((await quote({ ...sellWeth, validTo: sandbox.clock.now() + 10 })).body).toMatchObject({ errorType: 'InsufficientValidTo' });
    expect((await quote({ ...sellWeth, validTo: sandbox.clock.now() * 1000 })).body).toMatchObject({ errorType: 'ExcessiveValidTo' });
    // Quotes are market orders to the live service: 3 h at most.
    expect((await quote({ ...sellWeth, validFor: 3 * 3600 })).status).toBe(200);
    expect((await quote({ ...sellWeth, validFor: 3 * 3600 + 1 })).body).toMatchObject({ errorType: 'ExcessiveValidTo' });
    // Except presign and eip1271 quotes, which the live service does not cap.
    expect((await quote({ ...sellWeth, validFor: 30 * 86_400, signingScheme: 'presign' })).status).toBe(200);
    expect((await quote({ ...sellWeth, validFor: 30 * 86_400, signingScheme: 'eip1271' })).status).toBe(200);
  });

  it.each([
    ['missing from', { ...sellWeth, from: undefined }],
    ['missing sellToken', { ...sellWeth, sellToken: undefined }],
    ['short address', { ...sellWeth, buyToken: '0x1234' }],
    ['hex amount', { ...sellWeth, sellAmountBeforeFee: '0xde0b6b3a7640000' }],
    ['decimal point', { ...sellWeth, sellAmountBeforeFee: '1.5' }],
    ['number amount', { ...sellWeth, sellAmountBeforeFee: 1e18 }],
    ['unknown kind', { ...sellWeth, kind: 'swap' }],
    ['validTo as a string', { ...sellWeth, validTo: '1800003600' }],
    ['buy amount on a sell quote', { ...sellWeth, sellAmountBeforeFee: undefined, buyAmountAfterFee: '1' }],
  ])('InvalidParameter: %s', async (_name, body) => {
    const answer = await quote(body);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ errorType: 'InvalidParameter', description: expect.any(String) });
  });

  it('403 for a banned owner, plain text for bodies and segments it cannot read', async () => {
    const banned = await quote({ ...sellWeth, from: TEST_ACCOUNTS.banned.address });
    expect(banned.status).toBe(403);
    expect(banned.body).toMatchObject({ errorType: 'Forbidden' });
    const garbage = await call(orderbook(sandbox, '/v1/quote'), { raw: '{"sellToken":' });
    expect(garbage.status).toBe(400);
    expect(garbage.body).toBeUndefined();
    const unknown = await quote(sellWeth, 'gnosis');
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('content-type')).toMatch(/^text\/plain/);
  });
});
