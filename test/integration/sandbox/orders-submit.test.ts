import { maxUint256 } from 'viem';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { appDataHash } from '../../../main/common/protocol/app-data';
import { domainFor } from '../../../main/common/protocol/domain';
import { orderDigest } from '../../../main/common/protocol/order';
import { orderUid } from '../../../main/common/protocol/order-uid';
import { startSandbox, TEST_ACCOUNTS, UNSUPPORTED_TOKEN, type Sandbox } from '../../sandbox';
import { APP_DATA, call, orderbook, orderStruct, signedOrderBody, type OrderParams, type SignOptions, UNTHROTTLED } from './sandbox-kit';

const { trader, trader2, noAllowance, unfunded, banned } = TEST_ACCOUNTS;
const MARKET_APP_DATA = '{"appCode":"CoW Desk","metadata":{"orderClass":{"orderClass":"market"}},"version":"1.4.0"}';

describe('sandbox orderbook: POST /api/v1/orders', () => {
  let sandbox: Sandbox;
  beforeEach(async () => {
    sandbox = await startSandbox({ rateLimits: UNTHROTTLED });
  });
  afterEach(() => sandbox.close());

  const submit = (body: unknown, segment = 'mainnet') => call(orderbook(sandbox, '/v1/orders', segment), { body });
  const signAndSubmit = async (params: OrderParams = {}, options: SignOptions = {}, key = trader.privateKey) =>
    submit(await signedOrderBody(key, orderStruct(sandbox, params), options));
  const expectError = async (answer: Promise<{ status: number; body: unknown }>, status: number, errorType: string) => {
    const { status: actual, body } = await answer;
    expect({ status: actual, body }).toMatchObject({ status, body: { errorType, description: expect.any(String) } });
  };

  it('accepts an EIP-712 order: 201 with the UID the client computes', async () => {
    const struct = orderStruct(sandbox);
    const answer = await submit(await signedOrderBody(trader.privateKey, struct));
    expect(answer.status).toBe(201);
    expect(answer.body).toBe(orderUid(orderDigest(struct, domainFor(1, 'production')), trader.address, struct.validTo));
    expect(sandbox.orders.get(answer.body)).toMatchObject({ status: 'open', owner: trader.address, appData: APP_DATA, class: 'limit' });
  });

  it('accepts ethsign, and orders on other chains', async () => {
    expect((await signAndSubmit({}, { scheme: 'ethsign' })).status).toBe(201);
    const body = await signedOrderBody(trader.privateKey, orderStruct(sandbox), { chainId: 100 });
    // The tokens are mainnet's, but on Gnosis the trader holds none of them.
    expect((await submit(body, 'xdai')).body).toMatchObject({ errorType: 'InsufficientBalance' });
  });

  it('presign: "0x" signature, presignaturePending until the owner pre-signs', async () => {
    const struct = orderStruct(sandbox);
    const body = { ...(await signedOrderBody(trader.privateKey, struct)), signingScheme: 'presign', signature: '0x' };
    const answer = await submit(body);
    expect(answer.status).toBe(201);
    expect(sandbox.orders.get(answer.body)).toMatchObject({ status: 'presignaturePending', signingScheme: 'presign' });
    sandbox.orders.presign(answer.body);
    expect(sandbox.orders.get(answer.body)).toMatchObject({ status: 'open' });
    await expectError(submit({ ...body, from: undefined, validTo: body.validTo + 1 }), 400, 'MissingFrom');
    // Like live: the legacy owner-address signature is accepted too, and pre-sign orders have no maximum validTo.
    const legacy = { ...body, validTo: sandbox.clock.now() + 2 * 365 * 86_400, signature: trader.address.toLowerCase() };
    expect((await submit(legacy)).status).toBe(201);
    await expectError(submit({ ...body, validTo: body.validTo + 2, signature: '0x1234' }), 400, 'InvalidSignature');
  });

  it('WrongOwner (400 on submission, like live) for wrong from, staging domain, wrong chain; InvalidSignature for garbage', async () => {
    const struct = orderStruct(sandbox);
    const signed = await signedOrderBody(trader.privateKey, struct);
    await expectError(submit({ ...signed, from: trader2.address }), 400, 'WrongOwner');
    await expectError(submit(await signedOrderBody(trader.privateKey, struct, { environment: 'staging' })), 400, 'WrongOwner');
    await expectError(submit(await signedOrderBody(trader.privateKey, struct, { chainId: 100 })), 400, 'WrongOwner');
    await expectError(submit({ ...signed, signature: '0x1234' }), 400, 'InvalidSignature');
  });

  it('a staging sandbox verifies against the staging settlement contract', async () => {
    const staging = await startSandbox({ environment: 'staging', rateLimits: UNTHROTTLED });
    try {
      const body = await signedOrderBody(trader.privateKey, orderStruct(staging), { environment: 'staging' });
      const answer = await call(orderbook(staging, '/v1/orders'), { body });
      expect(answer.status).toBe(201);
      expect(staging.orders.get(answer.body)).toMatchObject({ settlementContract: '0xf553d092b50bdcbddeD1A99aF2cA29FBE5E2CB13' });
    } finally {
      await staging.close();
    }
  });

  it('appData as a hash must be uploaded first; a declared hash must match', async () => {
    await expectError(signAndSubmit({}, { appDataAsHash: true }), 400, 'InvalidAppData');
    const put = await call(orderbook(sandbox, `/v1/app_data/${appDataHash(APP_DATA)}`), { method: 'PUT', body: { fullAppData: APP_DATA } });
    expect(put.status).toBe(201);
    expect((await signAndSubmit({}, { appDataAsHash: true })).status).toBe(201);
    const signed = await signedOrderBody(trader.privateKey, orderStruct(sandbox, { validTo: sandbox.clock.now() + 999 }));
    await expectError(submit({ ...signed, appDataHash: `0x${'11'.repeat(32)}` }), 400, 'AppDataHashMismatch');
    await expectError(submit({ ...signed, appData: 'not json' }), 400, 'InvalidAppData');
  });

  it('DuplicatedOrder for the same UID', async () => {
    const body = await signedOrderBody(trader.privateKey, orderStruct(sandbox));
    expect((await submit(body)).status).toBe(201);
    await expectError(submit(body), 400, 'DuplicatedOrder');
  });

  it('balance and allowance to the vault relayer cover sellAmount', async () => {
    await expectError(signAndSubmit({}, {}, unfunded.privateKey), 400, 'InsufficientBalance');
    await expectError(signAndSubmit({}, {}, noAllowance.privateKey), 400, 'InsufficientAllowance');
    await expectError(signAndSubmit({ sellAmount: 1001n * 10n ** 18n }), 400, 'InsufficientBalance');
    sandbox.ledger.setAllowance(1, noAllowance.address, orderStruct(sandbox).sellToken, maxUint256);
    expect((await signAndSubmit({}, {}, noAllowance.privateKey)).status).toBe(201);
  });

  it('validTo like live: past or too soon is InsufficientValidTo; a market order up to 3 h, a limit order up to a year', async () => {
    const now = sandbox.clock.now();
    await expectError(signAndSubmit({ validTo: now - 1 }), 400, 'InsufficientValidTo');
    await expectError(signAndSubmit({ validTo: now + 10 }), 400, 'InsufficientValidTo');
    await expectError(signAndSubmit({ validTo: now + 2 * 365 * 86_400 }), 400, 'ExcessiveValidTo');
    expect((await signAndSubmit({ validTo: now + 30 * 86_400 })).status).toBe(201);
    const market = (validTo: number) => signedOrderBody(trader.privateKey, orderStruct(sandbox, { validTo }, MARKET_APP_DATA), { appData: MARKET_APP_DATA });
    await expectError(submit(await market(now + 3 * 3600 + 60)), 400, 'ExcessiveValidTo');
    expect((await submit(await market(now + 3 * 3600))).status).toBe(201);
  });

  it('amounts: overflow, zero, non-zero fee; unsupported tokens', async () => {
    const signed = await signedOrderBody(trader.privateKey, orderStruct(sandbox));
    await expectError(submit({ ...signed, sellAmount: (maxUint256 + 1n).toString() }), 400, 'SellAmountOverflow');
    await expectError(submit({ ...signed, buyAmount: `${maxUint256}0` }), 400, 'BuyAmountOverflow');
    await expectError(signAndSubmit({ buyAmount: 0n }), 400, 'ZeroAmount');
    await expectError(signAndSubmit({ feeAmount: 1n }), 400, 'NonZeroFee');
    await expectError(signAndSubmit({ buyToken: UNSUPPORTED_TOKEN }), 400, 'UnsupportedToken');
  });

  it('403 Forbidden for a banned owner, also one banned at run time', async () => {
    const answer = await signAndSubmit({}, {}, banned.privateKey);
    expect(answer.status).toBe(403);
    expect(answer.body).toMatchObject({ errorType: 'Forbidden' });
    sandbox.ledger.ban(trader2.address);
    expect((await signAndSubmit({}, {}, trader2.privateKey)).status).toBe(403);
  });

  it('shape errors are plain-text 422, unparsable bodies plain-text 400', async () => {
    const signed = await signedOrderBody(trader.privateKey, orderStruct(sandbox));
    for (const body of [{ ...signed, kind: 'swap' }, { ...signed, validTo: 'soon' }, { ...signed, sellAmount: '0x10' }, { ...signed, signature: undefined }]) {
      const answer = await submit(body);
      expect(answer.status).toBe(422);
      expect(answer.body).toBeUndefined();
    }
    const garbage = await call(orderbook(sandbox, '/v1/orders'), { raw: 'nope' });
    expect(garbage.status).toBe(400);
    expect(garbage.headers.get('content-type')).toMatch(/^text\/plain/);
  });
});
