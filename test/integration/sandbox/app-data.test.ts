import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { appDataHash } from '../../../main/common/protocol/app-data';
import { startSandbox, type Sandbox } from '../../sandbox';
import { call, orderbook, UNTHROTTLED } from './sandbox-kit';

const DOCUMENT = '{"appCode":"CoW Desk","metadata":{"quote":{"slippageBips":50}},"version":"1.4.0"}';
const HASH = appDataHash(DOCUMENT);

describe('sandbox orderbook: app_data', () => {
  let sandbox: Sandbox;
  beforeEach(async () => {
    sandbox = await startSandbox({ rateLimits: UNTHROTTLED });
  });
  afterEach(() => sandbox.close());

  const put = (hash: string, body: unknown) => call(orderbook(sandbox, `/v1/app_data/${hash}`), { method: 'PUT', body });

  it('PUT: 201 when new, 200 when known, both answering the hash; GET returns the document', async () => {
    expect(await put(HASH, { fullAppData: DOCUMENT })).toMatchObject({ status: 201, body: HASH });
    expect(await put(HASH, { fullAppData: DOCUMENT })).toMatchObject({ status: 200, body: HASH });
    expect(await call(orderbook(sandbox, `/v1/app_data/${HASH}`))).toMatchObject({ status: 200, body: { fullAppData: DOCUMENT } });
  });

  it('PUT without a hash computes it', async () => {
    const answer = await call(orderbook(sandbox, '/v1/app_data'), { method: 'PUT', body: { fullAppData: '{}' } });
    expect(answer).toMatchObject({ status: 201, body: '0xb48d38f93eaa084033fc5970bf96e559c33c4cdc07d889ab00b4d63f9590739d' });
  });

  it('GET of an unknown hash is a plain-text 404; a malformed hash a plain-text 400', async () => {
    const missing = await call(orderbook(sandbox, `/v1/app_data/0x${'00'.repeat(32)}`));
    expect(missing.status).toBe(404);
    expect(missing.body).toBeUndefined();
    expect(missing.text).not.toBe('');
    expect((await call(orderbook(sandbox, '/v1/app_data/0x1234'))).status).toBe(400);
  });

  it('refuses a wrong hash, non-JSON, documents over 8192 bytes and bodies without fullAppData', async () => {
    expect((await put(`0x${'00'.repeat(32)}`, { fullAppData: DOCUMENT })).body).toMatchObject({ errorType: 'AppDataHashMismatch' });
    expect((await put(appDataHash('nope'), { fullAppData: 'nope' })).body).toMatchObject({ errorType: 'AppDataInvalid' });
    const big = JSON.stringify({ version: '1.4.0', metadata: { filler: 'x'.repeat(8200) } });
    expect((await put(appDataHash(big), { fullAppData: big })).body).toMatchObject({ errorType: 'AppDataInvalid' });
    const atLimit = JSON.stringify({ metadata: { filler: 'x'.repeat(8192 - 26) } });
    expect(Buffer.byteLength(atLimit)).toBe(8192);
    expect((await put(appDataHash(atLimit), { fullAppData: atLimit })).status).toBe(201);
    expect((await put(HASH, { appData: DOCUMENT })).status).toBe(422);
  });
});
