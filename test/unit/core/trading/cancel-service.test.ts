import { decodeFunctionData, type Address, type Hex } from 'viem';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../../main/common/errors';
import { ETHFLOW_CONTRACTS, ethFlowOrderData, type EthFlowOrderInput } from '../../../../main/common/orders/ethflow';
import type { ApiOrder } from '../../../../main/common/protocol/api';
import type { OrderbookClient } from '../../../../main/core/api/orderbook-client';
import type { AccountService } from '../../../../main/core/signer/account-service';
import type { OrderSigner } from '../../../../main/core/signer/order-signer';
import { cancelOrders } from '../../../../main/core/trading/cancel-service';
import { ETHFLOW_ABI, ethFlowUid } from '../../../../main/core/wallet/ethflow-calls';

const USER: Address = '0x90F79bf6EB2c4f870365E785982E1f101E93b906';
const USDC: Address = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const WETH: Address = '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2';
const placed: EthFlowOrderInput = {
  buyToken: USDC, receiver: USER, sellAmount: '200000000000000000', buyAmount: '590000000', appData: `0x${'ab'.repeat(32)}`,
  feeAmount: '0', validTo: 1_800_000_000, partiallyFillable: false, quoteId: 7,
};

/** An open EthFlow order as the orderbook lists it, its UID the one a deployment's contract gives it. */
function listed(uid: Hex, facts: Partial<ApiOrder> = {}): ApiOrder {
  return {
    uid, owner: ETHFLOW_CONTRACTS.production, sellToken: WETH, buyToken: USDC, sellAmount: placed.sellAmount, buyAmount: placed.buyAmount,
    validTo: 0xffffffff, kind: 'sell', status: 'open', creationDate: '2026-11-27T00:00:00Z', receiver: USER, feeAmount: '0', partiallyFillable: false,
    signingScheme: 'eip1271', appData: placed.appData, quoteId: placed.quoteId, onchainUser: USER, ethflowData: { userValidTo: placed.validTo, refundTxHash: null },
    onchainOrderData: { sender: USER, placementError: null }, ...facts,
  } as ApiOrder;
}

/** The cancellation of one order the orderbook answers as `order`; the user holds no account in CoW Desk. */
function cancel(order: ApiOrder) {
  const accounts = { get: () => { throw new AppError('UNKNOWN_ACCOUNT', 'no such account'); } } as unknown as AccountService;
  const orderbook = { getOrder: async () => order } as unknown as OrderbookClient;
  const signer = { signCancellation: async () => { throw new Error('an EthFlow order is never signed for'); } } as unknown as OrderSigner;
  return cancelOrders({ orderbook: () => orderbook, accounts, signer, environment: () => 'production', chainOf: () => 1 }, [order.uid as Hex]);
}

describe('cancelling an EthFlow order', () => {
  it("answers the EthFlow contract's invalidateOrder with the order placed, for the account that placed it to send", async () => {
    const uid = ethFlowUid(ethFlowOrderData(placed), 1, 'production');
    const result = await cancel(listed(uid));
    expect(result.skipped).toEqual([]);
    const [entry] = result.onChain;
    expect(entry).toMatchObject({ uid, to: ETHFLOW_CONTRACTS.production, ethFlowRefund: placed });
    // Not CoW Desk's account: the transaction is shown for that account to send, never sent from another.
    expect(entry!.sendFrom).toBeUndefined();
    expect(entry!.reason).toContain(`${USER} is not an account in CoW Desk`);
    const call = decodeFunctionData({ abi: ETHFLOW_ABI, data: entry!.data });
    expect(call.functionName).toBe('invalidateOrder');
    expect(call.args[0]).toMatchObject({ buyToken: USDC, receiver: USER, sellAmount: 200000000000000000n, buyAmount: 590000000n, appData: placed.appData });
  });

  it("skips an order of another EthFlow deployment: this environment's contract would refuse its invalidateOrder", async () => {
    const uid = ethFlowUid(ethFlowOrderData(placed), 1, 'staging');
    const result = await cancel(listed(uid, { owner: ETHFLOW_CONTRACTS.staging }));
    expect(result.onChain).toEqual([]);
    expect(result.skipped).toHaveLength(1);
    expect(result.skipped[0]!.reason).toContain(`other than this environment's (${ETHFLOW_CONTRACTS.production})`);
  });

  it('skips an answer that does not give back the order placed (another buy amount)', async () => {
    const uid = ethFlowUid(ethFlowOrderData(placed), 1, 'production');
    const result = await cancel(listed(uid, { buyAmount: '1' }));
    expect(result.onChain).toEqual([]);
    expect(result.skipped[0]!.reason).toMatch(/does not give back the order placed/);
  });

  it('skips an order whose placing account the orderbook does not name', async () => {
    const uid = ethFlowUid(ethFlowOrderData(placed), 1, 'production');
    const result = await cancel(listed(uid, { onchainUser: null, onchainOrderData: null }));
    expect(result.onChain).toEqual([]);
    expect(result.skipped[0]!.reason).toMatch(/does not say which account placed it/);
  });
});
