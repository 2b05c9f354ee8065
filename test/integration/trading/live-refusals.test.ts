import type { Hex } from 'viem';
import { afterEach, describe, expect, it } from 'vitest';
import { TEST_ACCOUNTS } from '../../sandbox';
import { startTradingKit, type TradingKit } from './trading-kit';

const { trader } = TEST_ACCOUNTS;

/** Answers POST /orders as the live orderbook words this refusal (cowprotocol/services, api error replies). */
const refusing = (status: number, errorType: string, description: string): typeof fetch => async (input, init) => {
  if (init?.method === 'POST' && String(input).endsWith('/api/v1/orders')) {
    return new Response(JSON.stringify({ errorType, description }), { status, headers: { 'Content-Type': 'application/json' } });
  }
  return fetch(input, init);
};

describe('refusals as the live orderbook sends them', () => {
  let kit: TradingKit;
  afterEach(async () => kit.stop());

  const refusedWith = async (fetchImpl: typeof fetch) => {
    kit = await startTradingKit({ fetch: fetchImpl });
    await kit.importKey(trader.privateKey);
    const { draft } = await kit.quoteDraft(trader.address);
    const error = await kit.failure(kit.signAndSubmit(draft));
    const row = (await kit.call('history.query', {})).rows[0];
    return { error, row };
  };

  it('WrongOwner: the order was signed for another deployment or chain, not by "a different account"', async () => {
    const { error, row } = await refusedWith(
      refusing(401, 'WrongOwner', 'Address recovered from signature 0x1111111111111111111111111111111111111111 does not match from address'),
    );
    expect(error.code).toBe('WrongOwner');
    expect(error.message).toMatch(/another deployment or chain/);
    expect(error.message).toMatch(/environment/);
    expect(error.message).not.toMatch(/different account/);
    // A clear refusal: the service does not hold the order.
    expect(row?.status).toBe('failed');
  });

  it('InsufficientValidTo: the expiry had passed when the order arrived', async () => {
    const { error } = await refusedWith(refusing(400, 'InsufficientValidTo', 'validTo is not far enough in the future'));
    expect(error.message).toMatch(/already passed, or was too close/);
  });

  it('ExcessiveValidTo: a market order may be valid for at most 3 hours', async () => {
    const { error } = await refusedWith(refusing(400, 'ExcessiveValidTo', 'validTo is too far into the future'));
    expect(error.message).toMatch(/at most 3 hours/);
  });
});

describe('cancelling a presign order', () => {
  let kit: TradingKit;
  afterEach(async () => kit.stop());

  it('never goes into an off-chain batch (the live service refuses the whole batch with OnChainOrder)', async () => {
    kit = await startTradingKit();
    await kit.importKey(trader.privateKey);
    const signed = await kit.signAndSubmit((await kit.quoteDraft(trader.address)).draft);
    const { draft } = await kit.quoteDraft(trader.address, { signingScheme: 'presign', amount: (2n * 10n ** 18n).toString() });
    const presigned = await kit.signAndSubmit(draft);
    const result = await kit.call('trade.cancel', { orderUids: [signed.uid as Hex, presigned.uid as Hex] });
    expect(result.cancelled).toEqual([signed.uid]);
    expect(result.onChain.map((entry) => entry.uid)).toEqual([presigned.uid]);
    expect(result.onChain[0]?.call).toBe(`invalidateOrder(${presigned.uid})`);
    // A 429 is the rate limit's answer, given before the batch is read: on a busy machine two requests can arrive
    // closer together than the app sent them, and the app sends the same batch again. Every batch read was accepted.
    const batchAnswers = kit.sandbox.requests.filter((entry) => entry.method === 'DELETE' && entry.status !== 429);
    expect(batchAnswers.map((entry) => entry.status)).toEqual([200]);
  });
});
