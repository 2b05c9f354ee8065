import { maxUint256, parseAbi, type PublicClient } from 'viem';
import type { ApiOrder } from '../../common/protocol/api';
import { CONTRACTS } from '../../common/protocol/contracts';
import type { Environment } from '../../common/protocol/environments';

const FILLED_AMOUNT_ABI = parseAbi(['function filledAmount(bytes orderUid) view returns (uint256)']);

/** The chain clients as the wallet holds them (one per chain with a JSON-RPC URL). */
export interface ChainReader {
  available(chainId: number): boolean;
  get(chainId: number): PublicClient;
}

/** filledAmount(uid) on the environment's settlement contract; null without an RPC for the chain. */
export async function settlementFilledAmount(chains: ChainReader, chainId: number, uid: string, environment: Environment): Promise<bigint | null> {
  if (!chains.available(chainId)) return null;
  return chains.get(chainId).readContract({ address: CONTRACTS[environment].settlement, abi: FILLED_AMOUNT_ABI, functionName: 'filledAmount', args: [uid as `0x${string}`] });
}

/**
 * GPv2Settlement.filledAmount(uid) as the chain answers it; null when the app
 * cannot read that chain (no JSON-RPC URL). invalidateOrder sets it to the
 * maximum, which no fill ever reaches.
 */
export type FilledAmountReader = (chainId: number, uid: string) => Promise<bigint | null>;

/**
 * How a cancelled order was cancelled, from the service's and the chain's data.
 * The orderbook shows both kinds the same (cancelled, invalidated), and its
 * onchainUser is set only for orders placed on chain (EthFlow), never by a
 * cancellation; so an EthFlow order is told by its own data, any other by the
 * settlement contract: filledAmount at the maximum is invalidateOrder on chain,
 * anything else a signed cancellation the orderbook accepted.
 */
export async function describeCancellation(chainId: number, order: ApiOrder, filledAmount: FilledAmountReader): Promise<string | null> {
  if (order.status !== 'cancelled' && !order.invalidated) return null;
  if (order.ethflowData || order.onchainOrderData) {
    const refund = order.ethflowData?.refundTxHash ? ` The ETH was refunded in ${order.ethflowData.refundTxHash}.` : '';
    return `On-chain: the EthFlow order was invalidated on the EthFlow contract${order.onchainUser ? ` (placed by ${order.onchainUser})` : ''}.${refund}`;
  }
  let filled: bigint | null;
  try {
    filled = await filledAmount(chainId, order.uid);
  } catch {
    filled = null;
  }
  if (filled === null) {
    return 'Cancelled: the orderbook does not say how. CoW Desk reads it from the settlement contract when this chain has a JSON-RPC URL (Settings → Networks).';
  }
  if (filled === maxUint256) return 'On-chain: the owner called invalidateOrder on the settlement contract.';
  return 'Off-chain: a signed cancellation was accepted by the orderbook (the settlement contract holds no invalidation for this order).';
}
