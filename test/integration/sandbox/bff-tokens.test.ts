import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NO_PRICE_TOKEN, startSandbox, type Sandbox } from '../../sandbox';
import { bff, call, token, USDC, WETH } from './sandbox-kit';

describe('sandbox token service: usdPrice and topHolders', () => {
  let sandbox: Sandbox;
  beforeEach(async () => {
    sandbox = await startSandbox();
  });
  afterEach(() => sandbox.close());

  const price = (chain: string, address: string) => call(bff(sandbox, `/${chain}/tokens/${address}/usdPrice`));
  const holders = (chain: string, address: string) => call(bff(sandbox, `/${chain}/tokens/${address}/topHolders`));

  it('answers {price} for ids and aliases, checksummed and lowercase, without Cache-Control', async () => {
    for (const [chain, address] of [['1', WETH], ['mainnet', WETH.toLowerCase()]] as const) {
      const answer = await price(chain, address);
      expect(answer).toMatchObject({ status: 200, body: { price: 3000 } });
      expect(answer.headers.get('cache-control')).toBeNull();
    }
    expect((await price('gnosis', token(100, 'COW'))).body).toEqual({ price: 0.5 });
    expect((await price('100', '-')).body).toEqual({ price: 1 });
    expect((await price('1', '-')).body).toEqual({ price: 3000 });
  });

  it('follows prices.set, including removal', async () => {
    sandbox.prices.set(1, USDC, 0.998);
    expect((await price('1', USDC)).body).toEqual({ price: 0.998 });
    sandbox.prices.set(1, USDC, null);
    expect(await price('1', USDC)).toMatchObject({ status: 404, body: { message: 'Price not found' } });
  });

  it('404 {message: "Price not found"} for unpriced and unknown tokens; 400 for malformed input', async () => {
    expect(await price('1', NO_PRICE_TOKEN)).toMatchObject({ status: 404, body: { message: 'Price not found' } });
    expect(await price('1', `0x${'42'.repeat(20)}`)).toMatchObject({ status: 404, body: { message: 'Price not found' } });
    const malformed = await price('1', '0x1234');
    expect(malformed).toMatchObject({ status: 400, body: { statusCode: 400, code: expect.any(String), error: 'Bad Request', message: expect.any(String) } });
    expect((await price('137', WETH)).status).toBe(400);
  });

  it('topHolders: balances in base units, largest first; few holders for some tokens; 404 message', async () => {
    const answer = await holders('1', WETH);
    expect(answer.status).toBe(200);
    expect(answer.body).toHaveLength(10);
    const balances = answer.body.map((holder: { balance: string }) => BigInt(holder.balance));
    expect([...balances].sort((a, b) => (a < b ? 1 : -1))).toEqual(balances);
    expect(answer.body[0]).toEqual({ address: expect.stringMatching(/^0x[0-9a-f]{40}$/), balance: expect.stringMatching(/^[0-9]+$/) });
    expect((await holders('11155111', token(11155111, 'USDC'))).body).toHaveLength(2);
    expect(await holders('1', `0x${'42'.repeat(20)}`)).toMatchObject({ status: 404, body: { message: 'Token holders not found' } });
    expect((await holders('1', 'nope')).status).toBe(400);
    // Deterministic for a seed: the same holders on every call and every run.
    expect((await holders('mainnet', WETH.toLowerCase())).body).toEqual(answer.body);
  });

  it('unknown routes get Fastify\'s 404 shape', async () => {
    const answer = await call(bff(sandbox, '/1/tokens'));
    expect(answer).toMatchObject({ status: 404, body: { statusCode: 404, error: 'Not Found', message: expect.any(String) } });
  });
});
