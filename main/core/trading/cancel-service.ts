import { encodeFunctionData, type Address, type Hex } from 'viem';
import type { CancelResult } from '../../common/ipc/commands/trade';
import { AppError } from '../../common/errors';
import type { ApiOrder } from '../../common/protocol/api';
import { CONTRACTS } from '../../common/protocol/contracts';
import type { Environment } from '../../common/protocol/environments';
import { parseOrderUid } from '../../common/protocol/order-uid';
import type { OrderbookClient } from '../api/orderbook-client';
import type { AccountService } from '../signer/account-service';
import type { OrderSigner } from '../signer/order-signer';
import { cancelRoute } from '../../common/orders/status';
import { ETHFLOW_CONTRACTS, ethFlowOrderData, ethFlowRefundOrder, type EthFlowOrderInput } from '../../common/orders/ethflow';
import { ethFlowCall, ethFlowUid } from '../wallet/ethflow-calls';

const INVALIDATE_ORDER_ABI = [
  { type: 'function', name: 'invalidateOrder', stateMutability: 'nonpayable', inputs: [{ name: 'orderUid', type: 'bytes' }], outputs: [] },
] as const;

export interface CancelDeps {
  orderbook: () => OrderbookClient;
  accounts: AccountService;
  signer: OrderSigner;
  environment: () => Environment;
  /** The chain an order was placed on (a UID does not say). */
  chainOf: (uid: string) => number;
}

type Plan =
  | { kind: 'offChain'; owner: Address; chainId: number }
  | { kind: 'onChain'; reason: string }
  | { kind: 'sendOnChain'; owner: Address; reason: string }
  /** An EthFlow order: invalidateOrder on the EthFlow contract, from the account that placed it (sent from CoW Desk when `sendFrom`). */
  | { kind: 'ethFlow'; order: EthFlowOrderInput; to: Address; data: Hex; sendFrom?: Address; reason: string }
  | { kind: 'skip'; reason: string };

/**
 * Cancels what can be cancelled off-chain in one signed OrderCancellations
 * batch per (chain, owner), and explains the rest: an order the API cannot
 * cancel (watch-only account, placed on-chain) is invalidated by its owner
 * calling invalidateOrder(uid) on the settlement contract, which costs gas and
 * cannot be undone; an EthFlow order by the account that placed it calling
 * invalidateOrder on the EthFlow contract, which refunds its unfilled ETH.
 */
export async function cancelOrders(deps: CancelDeps, uids: readonly Hex[], passphrase?: string): Promise<CancelResult> {
  const result: CancelResult = { cancelled: [], skipped: [], onChain: [] };
  const batches = new Map<string, { owner: Address; chainId: number; uids: Hex[] }>();
  const settlement = CONTRACTS[deps.environment()].settlement;
  for (const uid of uids) {
    const chainId = deps.chainOf(uid);
    const order = await deps.orderbook().getOrder(chainId, uid);
    const plan = planFor(deps.accounts, order, chainId, deps.environment());
    if (plan.kind === 'skip') result.skipped.push({ uid, reason: plan.reason });
    else if (plan.kind === 'ethFlow') {
      const entry = { uid, reason: plan.reason, to: plan.to, data: plan.data, call: 'invalidateOrder(EthFlowOrder.Data)', ethFlowRefund: plan.order };
      result.onChain.push(plan.sendFrom ? { ...entry, sendFrom: { account: plan.sendFrom, chainId } } : entry);
    } else if (plan.kind === 'onChain' || plan.kind === 'sendOnChain') {
      const data = encodeFunctionData({ abi: INVALIDATE_ORDER_ABI, functionName: 'invalidateOrder', args: [uid] });
      const entry = { uid, reason: plan.reason, to: settlement, data, call: `invalidateOrder(${uid})` };
      // A mixed selection is split, never refusing the batch: the presign part is cancelled on chain. A transaction
      // costs gas and cannot be undone, so it is the user's to send, from the wallet's decoded dialog.
      result.onChain.push(plan.kind === 'sendOnChain' ? { ...entry, sendFrom: { account: plan.owner, chainId } } : entry);
    } else {
      const key = `${plan.chainId}:${plan.owner}`;
      const batch = batches.get(key) ?? { owner: plan.owner, chainId: plan.chainId, uids: [] };
      batch.uids.push(uid);
      batches.set(key, batch);
    }
  }
  for (const batch of batches.values()) {
    const signed = await deps.signer.signCancellation(batch.owner, batch.chainId, batch.uids, 'eip712', passphrase);
    await deps.orderbook().cancelOrders(batch.chainId, signed);
    result.cancelled.push(...batch.uids);
  }
  return result;
}

function planFor(accounts: AccountService, order: ApiOrder, chainId: number, environment: Environment): Plan {
  const route = cancelRoute({
    status: order.status,
    ethflow: Boolean(order.ethflowData),
    onchain: Boolean(order.onchainOrderData),
    signingScheme: order.signingScheme ?? null,
  });
  if (route === 'none') return { kind: 'skip', reason: `The order is already ${order.status}; there is nothing to cancel.` };
  if (route === 'ethFlow') return ethFlowPlan(accounts, order, chainId, environment);
  const owner = parseOrderUid(order.uid).owner;
  const kind = accountKind(accounts, owner);
  if (kind === undefined) return { kind: 'onChain', reason: `${owner} is not an account in CoW Desk, so CoW Desk cannot sign its cancellation.` };
  if (kind === 'watch') {
    return { kind: 'onChain', reason: `${owner} is watch-only: CoW Desk has no key to sign an off-chain cancellation (a smart-contract wallet sends the call instead).` };
  }
  if (route === 'onChainSettlement') {
    // Never in an off-chain batch: the live service refuses the whole batch with OnChainOrder.
    // CoW Desk holds the owner's key, so the user can send invalidateOrder from it (the wallet's dialog).
    const why = order.signingScheme === 'presign' ? 'A pre-signed order' : 'An order placed on-chain';
    return { kind: 'sendOnChain', owner, reason: `${why} is cancelled on chain: its owner sends invalidateOrder to the settlement contract, which CoW Desk can do with the owner's key once you confirm.` };
  }
  return { kind: 'offChain', owner, chainId };
}

/**
 * An EthFlow order is the EthFlow contract's, which no off-chain cancellation can speak for: the account that
 * placed it calls invalidateOrder with the order's data, and the contract refunds the ETH not yet traded. The
 * data is rebuilt from the orderbook's answer and must hash back to the order's UID under this environment's
 * EthFlow contract: an order of another deployment, or an answer that does not give back the order placed,
 * would only have the contract refuse the transaction after the user paid its gas.
 */
function ethFlowPlan(accounts: AccountService, order: ApiOrder, chainId: number, environment: Environment): Plan {
  const placed = 'This order was placed with native ETH through an EthFlow contract';
  const user = order.onchainUser ?? order.onchainOrderData?.sender;
  if (!user) return { kind: 'skip', reason: `${placed}, and the orderbook does not say which account placed it: only that account can cancel it.` };
  const refund = ethFlowRefundOrder(order);
  if (!refund) return { kind: 'skip', reason: `${placed}, and the orderbook's answer lacks the order data its cancellation needs (receiver, appData). ${user} can cancel it on chain with CoW Swap.` };
  let call: { to: Address; data: Hex };
  try {
    if (ethFlowUid(ethFlowOrderData(refund), chainId, environment).toLowerCase() !== order.uid.toLowerCase()) {
      return { kind: 'skip', reason: `${placed} other than this environment's (${ETHFLOW_CONTRACTS[environment]}), or the orderbook's answer does not give back the order placed: CoW Desk sends no invalidateOrder the contract would refuse. ${user} can cancel it on chain with CoW Swap.` };
    }
    call = ethFlowCall({ kind: 'ethflowRefund', order: refund }, environment);
  } catch (error) {
    if (error instanceof AppError) return { kind: 'skip', reason: `${placed}: ${error.message}` };
    throw error;
  }
  const why = `${placed}: the account that placed it cancels it by calling invalidateOrder on the EthFlow contract, which refunds the ETH not yet traded.`;
  const kind = accountKind(accounts, user as Address);
  if (kind === undefined) return { kind: 'ethFlow', order: refund, ...call, reason: `${why} ${user} is not an account in CoW Desk.` };
  if (kind === 'watch') return { kind: 'ethFlow', order: refund, ...call, reason: `${why} ${user} is watch-only: CoW Desk has no key to send it.` };
  return { kind: 'ethFlow', order: refund, ...call, sendFrom: user as Address, reason: why };
}

/** The kind of the CoW Desk account at `address` (a key, or watch-only), or undefined when it is none of them. */
function accountKind(accounts: AccountService, address: Address): string | undefined {
  try {
    return accounts.get(address).kind;
  } catch (error) {
    if (error instanceof AppError) return undefined;
    throw error;
  }
}
