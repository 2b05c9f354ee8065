import { computeOrderUid, domain as cowDomain, OrderBalance, OrderKind } from '@cowprotocol/contracts';
import { ETH_FLOW_ADDRESSES, WRAPPED_NATIVE_CURRENCIES, type SupportedChainId } from '@cowprotocol/cow-sdk';
import fc from 'fast-check';
import { getAddress, type Address, type Hex } from 'viem';
import { describe, expect, it } from 'vitest';
import { ethFlowOrderUid, type EthFlowOrderData } from '../../../../main/common/orders/ethflow';
import { domainFor } from '../../../../main/common/protocol/domain';
import { wrappedNative } from '../../../../main/common/wallet/wallet-facts';

const SETTLEMENT = '0x9008D19f58AAbD9eD0D60971565AA8510560ab41';
const CHAIN_IDS = [1, 100, 11155111, 42161, 8453] as const;

const address = fc.uint8Array({ minLength: 20, maxLength: 20 }).map((bytes) => getAddress(`0x${Buffer.from(bytes).toString('hex')}`) as Address);
const bytes32 = fc.uint8Array({ minLength: 32, maxLength: 32 }).map((bytes) => `0x${Buffer.from(bytes).toString('hex')}` as Hex);
const uint256 = fc.bigInt({ min: 1n, max: 2n ** 256n - 1n });
const ethFlowData: fc.Arbitrary<EthFlowOrderData> = fc.record({
  buyToken: address,
  receiver: address,
  sellAmount: uint256,
  buyAmount: uint256,
  appData: bytes32,
  feeAmount: fc.bigInt({ min: 0n, max: 2n ** 128n }),
  validTo: fc.integer({ min: 0, max: 0xffffffff }),
  partiallyFillable: fc.boolean(),
  quoteId: fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }),
});

describe('EthFlow order UID', () => {
  it('equals @cowprotocol/contracts’ computeOrderUid with the EthFlow contract as owner, for 50 random orders on every chain', () => {
    // Logged so a failure can be replayed with the same orders.
    const seed = Date.now() % 2 ** 31;
    console.log(`ethflow-uid seed ${seed}`);
    fc.assert(
      fc.property(ethFlowData, fc.constantFrom(...CHAIN_IDS), (data, chainId) => {
        // What the contract derives (EthFlowOrder.toCoWSwapOrder), spelled in CoW's own TypeScript, with CoW's
        // own EthFlow address and wrapped native token per chain (never the app's constants, which are under test).
        const expected = computeOrderUid(
          cowDomain(chainId, SETTLEMENT),
          {
            sellToken: getAddress(WRAPPED_NATIVE_CURRENCIES[chainId as SupportedChainId].address),
            buyToken: data.buyToken,
            receiver: data.receiver,
            sellAmount: data.sellAmount.toString(),
            buyAmount: data.buyAmount.toString(),
            // EthFlowOrder.toCoWSwapOrder: validTo type(uint32).max, whatever the user's deadline.
            validTo: 0xffffffff,
            appData: data.appData,
            feeAmount: data.feeAmount.toString(),
            kind: OrderKind.SELL,
            partiallyFillable: data.partiallyFillable,
            sellTokenBalance: OrderBalance.ERC20,
            buyTokenBalance: OrderBalance.ERC20,
          },
          getAddress(ETH_FLOW_ADDRESSES[chainId as SupportedChainId]),
        );
        expect(ethFlowOrderUid(data, getAddress(wrappedNative(chainId)!.address), domainFor(chainId, 'production'))).toBe(expected.toLowerCase());
      }),
      { numRuns: 50, seed },
    );
  });

  it('ends in the EthFlow contract and ffffffff, whatever the user’s own deadline', () => {
    const data: EthFlowOrderData = { buyToken: getAddress('0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'), receiver: getAddress('0x70997970C51812dc3A010C7d01b50e0d17dc79C8'), sellAmount: 5n * 10n ** 17n, buyAmount: 1_400_000_000n, appData: `0x${'11'.repeat(32)}`, feeAmount: 0n, validTo: 1_800_001_800, partiallyFillable: false, quoteId: 7n };
    const uid = ethFlowOrderUid(data, getAddress(wrappedNative(1)!.address), domainFor(1, 'production'));
    expect(uid.slice(66)).toBe(`${ETH_FLOW_ADDRESSES[1].slice(2).toLowerCase()}ffffffff`);
    // The deadline is not part of the CoW order: another deadline, the same UID.
    expect(ethFlowOrderUid({ ...data, validTo: 1_800_009_999 }, getAddress(wrappedNative(1)!.address), domainFor(1, 'production'))).toBe(uid);
  });
});
