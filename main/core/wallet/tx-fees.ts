import { BaseError, parseGwei, RpcRequestError, type Address, type PublicClient } from 'viem';
import { AppError } from '../../common/errors';
import type { TxCall } from './tx-calls';

/** Gas estimates get this margin (per cent): state can move between estimate and inclusion. */
const GAS_MARGIN_PERCENT = 25n;
/** Priority fee bounds: the node's suggestion, but never zero (never mined) nor a runaway tip. */
const MIN_PRIORITY_FEE = parseGwei('0.01');
const MAX_PRIORITY_FEE = parseGwei('3');
/** A replacement must outbid the original by at least 10% on both fees (node rule); 25% leaves room. */
const REPLACEMENT_BUMP_PERCENT = 125n;

export interface Fees {
  maxFeePerGas: bigint;
  maxPriorityFeePerGas: bigint;
}

/** EIP-1559 fees from the node: twice the base fee (room for six full blocks) plus the tip. */
export async function nodeFees(client: PublicClient): Promise<Fees> {
  const block = await client.getBlock({ blockTag: 'latest' });
  const baseFee = block.baseFeePerGas ?? (await client.getGasPrice());
  const suggested = await client.estimateMaxPriorityFeePerGas().catch(() => MIN_PRIORITY_FEE);
  const maxPriorityFeePerGas = suggested < MIN_PRIORITY_FEE ? MIN_PRIORITY_FEE : suggested > MAX_PRIORITY_FEE ? MAX_PRIORITY_FEE : suggested;
  return { maxPriorityFeePerGas, maxFeePerGas: baseFee * 2n + maxPriorityFeePerGas };
}

/** Fees for a replacement: today's, but at least the bump over the original on both fees. */
export function replacementFees(fresh: Fees, original: Partial<Fees>): Fees {
  const bump = (old: bigint | undefined) => ((old ?? 0n) * REPLACEMENT_BUMP_PERCENT) / 100n + 1n;
  const max = (...values: bigint[]) => values.reduce((a, b) => (a > b ? a : b));
  const maxPriorityFeePerGas = max(fresh.maxPriorityFeePerGas, bump(original.maxPriorityFeePerGas));
  return { maxPriorityFeePerGas, maxFeePerGas: max(fresh.maxFeePerGas, bump(original.maxFeePerGas), maxPriorityFeePerGas) };
}

export async function estimateGasWithMargin(client: PublicClient, account: Address, call: TxCall): Promise<bigint> {
  try {
    const estimate = await client.estimateGas({ account, to: call.to, data: call.data, value: call.value });
    return (estimate * (100n + GAS_MARGIN_PERCENT)) / 100n;
  } catch (error) {
    // Only the node's own answer (a revert) means the transaction would fail; a node that did not answer is its own error.
    if (!(error instanceof BaseError) || error.walk((cause) => cause instanceof RpcRequestError) === null) throw error;
    const reason = error instanceof Error ? ((error as { shortMessage?: string }).shortMessage ?? error.message.split('\n')[0]) : String(error);
    throw new AppError('TX_WOULD_FAIL', `The node says this transaction would fail: ${reason}`, { cause: error });
  }
}
