import { decodeFunctionData, maxUint256, parseAbi, parseGwei } from 'viem';
import { describe, expect, it } from 'vitest';
import { callFor, describeCall } from '../../../../main/core/wallet/tx-calls';
import { replacementFees } from '../../../../main/core/wallet/tx-fees';

const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48' as const;
const OWNER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' as const;
const RELAYER = '0xC92E8bdf79f0507f65a392b0ab4667716BFE0110';
const uidOf = (owner: string) => `0x${'11'.repeat(32)}${owner.slice(2).toLowerCase()}ffffffff` as `0x${string}`;
const base = { intentId: 'click-0001', account: OWNER, chainId: 1 };

describe('wallet calls: built from intents, read back from calldata', () => {
  it('approves exactly the amount asked, to the vault relayer of the environment, unlimited only when chosen', () => {
    const exact = callFor({ ...base, kind: 'approve', token: USDC, amount: '25000000' }, 'production');
    const decoded = decodeFunctionData({ abi: parseAbi(['function approve(address,uint256)']), data: exact.data });
    expect(decoded.args).toEqual([RELAYER, 25_000_000n]);
    expect(describeCall(exact, 1, 'production').summary).toBe('Approve 25 USDC to the CoW Protocol vault relayer');
    const unlimited = callFor({ ...base, kind: 'approve', token: USDC, amount: 'unlimited' }, 'production');
    expect(decodeFunctionData({ abi: parseAbi(['function approve(address,uint256)']), data: unlimited.data }).args[1]).toBe(maxUint256);
    expect(describeCall(unlimited, 1, 'production').summary).toBe('Approve unlimited USDC to the CoW Protocol vault relayer');
    // Staging has its own relayer: the approval names it, not production's.
    expect(describeCall(callFor({ ...base, kind: 'approve', token: USDC, amount: '1' }, 'staging'), 1, 'staging').args[0]!.value).not.toContain(RELAYER);
  });

  it('wraps with value and no argument, unwraps with the amount and no value', () => {
    const wrap = callFor({ ...base, kind: 'wrap', amount: '1000000000000000000' }, 'production');
    expect(wrap.value).toBe(10n ** 18n);
    expect(describeCall(wrap, 1, 'production').summary).toBe('Wrap 1 ETH into WETH');
    const unwrap = callFor({ ...base, kind: 'unwrap', amount: '500000000000000000' }, 'production');
    expect(unwrap.value).toBe(0n);
    expect(describeCall(unwrap, 1, 'production').summary).toBe('Unwrap 0.5 WETH into ETH');
    expect(describeCall(callFor({ ...base, chainId: 100, kind: 'wrap', amount: '2000000000000000000' }, 'production'), 100, 'production').summary).toBe('Wrap 2 xDAI into WXDAI');
  });

  it("refuses to pre-sign or invalidate an order the account does not own", () => {
    expect(() => callFor({ ...base, kind: 'invalidate', orderUid: uidOf('0x' + '22'.repeat(20)) }, 'production')).toThrow(/only its owner/);
    const call = callFor({ ...base, kind: 'presign', orderUid: uidOf(OWNER) }, 'production');
    expect(describeCall(call, 1, 'production')).toMatchObject({ functionName: 'setPreSignature', toName: 'CoW Protocol settlement' });
  });

  it('a replacement outbids the original by more than the 10% nodes require, on both fees', () => {
    const original = { maxFeePerGas: parseGwei('40'), maxPriorityFeePerGas: parseGwei('2') };
    const fees = replacementFees({ maxFeePerGas: parseGwei('30'), maxPriorityFeePerGas: parseGwei('1') }, original);
    expect(fees.maxFeePerGas * 100n).toBeGreaterThan(original.maxFeePerGas * 110n);
    expect(fees.maxPriorityFeePerGas * 100n).toBeGreaterThan(original.maxPriorityFeePerGas * 110n);
    const risen = replacementFees({ maxFeePerGas: parseGwei('90'), maxPriorityFeePerGas: parseGwei('3') }, original);
    expect(risen.maxFeePerGas).toBe(parseGwei('90'));
  });
});
