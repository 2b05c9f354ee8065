import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ACCOUNTS } from '../../sandbox';
import { call as http, cancellationBody, orderbook, placeOrder, UNTHROTTLED } from '../sandbox/sandbox-kit';
import { startWalletKit } from '../wallet/wallet-kit';

const { trader } = TEST_ACCOUNTS;

/**
 * The live orderbook shows an on-chain invalidateOrder and a signed
 * cancellation alike (cancelled, invalidated, no onchainUser: that is only for
 * orders placed on chain). The detail tells them apart by the settlement
 * contract's filledAmount, read from the chain.
 */
describe('the order detail tells on-chain and off-chain cancellations apart', () => {
  let kit: Awaited<ReturnType<typeof startWalletKit>>;
  beforeAll(async () => {
    // The test places and cancels orders through the routes itself, beside the app's own budget of the live 5 a second.
    kit = await startWalletKit({ rateLimits: UNTHROTTLED });
    await kit.importKey(trader.privateKey);
  });
  afterAll(async () => kit.stop());

  it('invalidateOrder on chain is on-chain; a signed DELETE is off-chain', async () => {
    const sandbox = kit.sandbox;
    const onChain = await placeOrder(sandbox, trader.privateKey, { validTo: sandbox.clock.now() + 3001 });
    const offChain = await placeOrder(sandbox, trader.privateKey, { validTo: sandbox.clock.now() + 3002 });
    await sandbox.onChain!.invalidate(onChain);
    const deleted = await http(orderbook(sandbox, '/v1/orders'), { method: 'DELETE', body: await cancellationBody(trader.privateKey, [offChain]) });
    expect(deleted.status).toBe(200);
    // As live: neither carries onchainUser.
    expect(sandbox.orders.get(onChain)).not.toHaveProperty('onchainUser');
    await kit.call('history.syncNow', undefined);
    const onChainDetail = await kit.call('history.detail', { uid: onChain });
    const offChainDetail = await kit.call('history.detail', { uid: offChain });
    expect(onChainDetail.cancellation).toMatch(/^On-chain: the owner called invalidateOrder/);
    expect(offChainDetail.cancellation).toMatch(/^Off-chain: a signed cancellation/);
  });
});
