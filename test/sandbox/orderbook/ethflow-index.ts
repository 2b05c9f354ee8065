import { getAddress, hexToBigInt, keccak256, slice, toBytes, zeroAddress, type Address, type Hex } from 'viem';
import { ETHFLOW_ABI } from '../chain/ethflow-deployment';
import type { OrderRecord, StoredQuote } from '../records';
import type { SandboxState } from '../state';
import { markCancelled } from './cancel-orders';
import { MAX_VALIDITY_SECONDS } from './context';
import { orderUidOf } from './cow-judge';

/**
 * The orderbook's indexer of the EthFlow contract, as the live service's
 * (onchain order parsing): each `OrderPlacement` event becomes an order owned
 * by the EthFlow contract, signed by EIP-1271, with validTo 0xffffffff, the
 * sender as `onchainUser` and the user's deadline (the event's data) as
 * `ethflowData.userValidTo`. A placement the service would not accept (no
 * matching on-chain quote, a deadline too far out or already past) is still
 * listed, with `onchainOrderData.placementError`, and is never traded.
 * `OrderInvalidation` cancels the order and `OrderRefund` (after the deadline)
 * leaves it expired; both record the transaction as `ethflowData.refundTxHash`.
 * Indexing runs before every orderbook request and every settlement, so the
 * orderbook is always caught up with the chain.
 */
export type PlacementError = 'QuoteNotFound' | 'ValidToTooFarInFuture' | 'PreValidationError';

const KIND_SELL = keccak256(toBytes('sell'));
const KIND_BUY = keccak256(toBytes('buy'));
const BALANCE_ERC20 = keccak256(toBytes('erc20'));

interface PlacedOrder {
  sellToken: Address;
  buyToken: Address;
  receiver: Address;
  sellAmount: bigint;
  buyAmount: bigint;
  validTo: number;
  appData: Hex;
  feeAmount: bigint;
  kind: Hex;
  partiallyFillable: boolean;
  sellTokenBalance: Hex;
  buyTokenBalance: Hex;
}

/** Next block to read, per state and chain; a chain of promises per state so requests never index twice. */
const cursors = new WeakMap<SandboxState, Map<number, bigint>>();
const running = new WeakMap<SandboxState, Promise<void>>();

export function indexEthFlow(state: SandboxState, chainIds: readonly number[]): Promise<void> {
  const chains = state.chain;
  if (!chains || state.environment !== 'production') return Promise.resolve();
  const previous = running.get(state) ?? Promise.resolve();
  const next = previous.then(async () => {
    for (const chainId of chainIds) if (chains.chainIds.includes(chainId as never)) await indexChain(state, chainId);
  });
  // A failed read must not wedge every later request: the next one retries from the same cursor.
  running.set(state, next.catch(() => undefined));
  return next;
}

async function indexChain(state: SandboxState, chainId: number): Promise<void> {
  const chains = state.chain!;
  const client = chains.client(chainId);
  const byChain = cursors.get(state) ?? new Map<number, bigint>();
  cursors.set(state, byChain);
  const fromBlock = byChain.get(chainId) ?? 0n;
  // Uncached: viem would answer a block number up to pollingInterval old and miss the block just mined.
  const latest = await client.getBlockNumber({ cacheTime: 0 });
  if (latest < fromBlock) return;
  const events = await client.getContractEvents({ address: chains.ethFlow.prod, abi: ETHFLOW_ABI, fromBlock, toBlock: latest, strict: true });
  for (const event of events) {
    const txHash = event.transactionHash;
    const args = event.args as Record<string, unknown>;
    if (event.eventName === 'OrderPlacement') place(state, chainId, args as { sender: Address; order: PlacedOrder; signature: { data: Hex }; data: Hex }, chains.ethFlow.prod);
    else if (event.eventName === 'OrderInvalidation') refund(state, args.orderUid as Hex, txHash, null);
    else if (event.eventName === 'OrderRefund') refund(state, args.orderUid as Hex, txHash, getAddress(args.refunder as Address));
  }
  byChain.set(chainId, latest + 1n);
}

function place(state: SandboxState, chainId: number, { sender, order, signature, data }: { sender: Address; order: PlacedOrder; signature: { data: Hex }; data: Hex }, ethFlow: Address): void {
  // data = abi.encodePacked(int64 quoteId, uint32 userValidTo)
  const quoteId = Number(BigInt.asIntN(64, hexToBigInt(slice(data, 0, 8))));
  const userValidTo = Number(hexToBigInt(slice(data, 8, 12)));
  const kind = order.kind === KIND_SELL ? 'sell' : order.kind === KIND_BUY ? 'buy' : undefined;
  if (!kind || order.sellTokenBalance !== BALANCE_ERC20 || order.buyTokenBalance !== BALANCE_ERC20) return;
  const struct = {
    sellToken: getAddress(order.sellToken),
    buyToken: getAddress(order.buyToken),
    receiver: order.receiver === zeroAddress ? null : getAddress(order.receiver),
    sellAmount: order.sellAmount,
    buyAmount: order.buyAmount,
    validTo: order.validTo,
    appData: order.appData,
    feeAmount: order.feeAmount,
    kind,
    partiallyFillable: order.partiallyFillable,
    sellTokenBalance: 'erc20',
    buyTokenBalance: 'erc20',
  } as const;
  const uid = orderUidOf(chainId, state.environment, struct, ethFlow);
  if (state.orders.has(uid)) return;
  const now = state.clock.now();
  const placementError = placementErrorOf(state.quotes.get(quoteId), { chainId, sellToken: struct.sellToken, buyToken: struct.buyToken, kind }, userValidTo, now);
  const appDataHash = order.appData.toLowerCase() as Hex;
  const record: OrderRecord = {
    chainId,
    uid,
    owner: ethFlow,
    struct,
    receiver: struct.receiver,
    signingScheme: 'eip1271',
    signature: signature.data,
    // Like live: the full document when it was uploaded, otherwise only its hash is known.
    fullAppData: state.appData.get(appDataHash) ?? appDataHash,
    appDataHash,
    quoteId: placementError === 'QuoteNotFound' ? null : quoteId,
    fullBalanceCheck: true,
    class: 'market',
    createdAt: now,
    sequence: ++state.counters.sequence,
    phase: userValidTo < now ? 'expired' : 'open',
    invalidated: false,
    onchainUser: getAddress(sender),
    ethflow: { userValidTo, sender: getAddress(sender), refundTxHash: null, placementError },
    executedSell: 0n,
    executedBuy: 0n,
    executedFee: 0n,
    balanceShortNotified: false,
  };
  state.orders.set(uid, record);
}

/** What the live service checks before it lets an on-chain placement trade. */
export function placementErrorOf(
  quote: StoredQuote | undefined,
  order: { chainId: number; sellToken: Address; buyToken: Address; kind: 'sell' | 'buy' },
  userValidTo: number,
  now: number,
): PlacementError | null {
  const matches = quote && quote.onchainOrder && quote.chainId === order.chainId && quote.sellToken === order.sellToken && quote.buyToken === order.buyToken && quote.kind === order.kind;
  if (!matches) return 'QuoteNotFound';
  if (userValidTo > now + MAX_VALIDITY_SECONDS) return 'ValidToTooFarInFuture';
  if (userValidTo < now) return 'PreValidationError';
  return null;
}

/** Invalidation by the user (refunder null: the order was still tradable) or refund after the deadline. */
function refund(state: SandboxState, uid: Hex, txHash: Hex, refunder: Address | null): void {
  const order = state.orders.get(uid.toLowerCase());
  if (!order?.ethflow) return;
  order.ethflow.refundTxHash = txHash;
  if (refunder === null) {
    markCancelled(state, order);
    return;
  }
  if (order.phase === 'open') {
    order.phase = 'expired';
    state.notifications.emit('order_expired', order);
  }
}
