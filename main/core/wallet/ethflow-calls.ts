import { decodeFunctionData, encodeFunctionData, parseAbi, type Address } from 'viem';
import { AppError } from '../../common/errors';
import { formatDate, formatTokenAmount } from '../../common/format/format';
import { unknownTokenAmount } from '../../common/format/unknown-token';
import type { TxIntent } from '../../common/ipc/commands/wallet';
import { ETHFLOW_CONTRACTS, ethFlowOrderData, ethFlowOrderUid, type EthFlowOrderData, type EthFlowOrderInput } from '../../common/orders/ethflow';
import { checkedAppDataHash } from '../../common/protocol/app-data';
import { domainFor } from '../../common/protocol/domain';
import type { Environment } from '../../common/protocol/environments';
import { findKnownToken } from '../../common/protocol/tokens';
import { nativeSymbol, wrappedNative } from '../../common/wallet/wallet-facts';
import type { DecodedCall, TxCall } from './tx-calls';

/**
 * The wallet's EthFlow transactions (cowprotocol/ethflowcontract): selling
 * native ETH in one `createOrder` transaction, and `invalidateOrder` to get
 * the unfilled ETH of an expired or unwanted EthFlow order back. The contract
 * owns the CoW order and signs it by EIP-1271; the user's deadline lives in
 * the contract, the order's validTo is 0xffffffff.
 */
const ORDER_TUPLE = '(address buyToken, address receiver, uint256 sellAmount, uint256 buyAmount, bytes32 appData, uint256 feeAmount, uint32 validTo, bool partiallyFillable, int64 quoteId)';
export const ETHFLOW_ABI = parseAbi([`function createOrder(${ORDER_TUPLE} order) payable returns (bytes32)`, `function invalidateOrder(${ORDER_TUPLE} order)`]);

/** What an EthFlow call is built from: the wallet's intents, or a cancellation's refund (trading/cancel-service.ts). */
type EthFlowIntent = Pick<Extract<TxIntent, { kind: 'ethflowOrder' }>, 'kind' | 'order' | 'fullAppData'> | Pick<Extract<TxIntent, { kind: 'ethflowRefund' }>, 'kind' | 'order'>;

export const isEthFlowContract = (to: Address, environment: Environment) => to.toLowerCase() === ETHFLOW_CONTRACTS[environment].toLowerCase();

export function ethFlowCall(intent: EthFlowIntent, environment: Environment): TxCall {
  const order = ethFlowOrderData(intent.order);
  if (order.receiver.toLowerCase() === '0x0000000000000000000000000000000000000000') {
    throw new AppError('INVALID_RECEIVER', 'An EthFlow order needs a receiver: the contract refuses the zero address.');
  }
  if (order.sellAmount <= 0n) throw new AppError('ZERO_AMOUNT', 'Enter an amount of ETH to sell.');
  const to = ETHFLOW_CONTRACTS[environment];
  if (intent.kind === 'ethflowOrder') {
    checkedAppDataHash(intent.fullAppData, order.appData);
    // The contract refuses any other msg.value (IncorrectEthAmount).
    return { to, data: encodeFunctionData({ abi: ETHFLOW_ABI, functionName: 'createOrder', args: [order] }), value: order.sellAmount + order.feeAmount };
  }
  return { to, data: encodeFunctionData({ abi: ETHFLOW_ABI, functionName: 'invalidateOrder', args: [order] }), value: 0n };
}

/** What the dialog shows, read back from the calldata about to be signed. */
export function describeEthFlowCall(call: TxCall, chainId: number, environment: Environment): DecodedCall {
  const decoded = decodeFunctionData({ abi: ETHFLOW_ABI, data: call.data });
  const [order] = decoded.args;
  const native = nativeSymbol(chainId);
  const bought = findKnownToken(chainId, order.buyToken);
  const uid = ethFlowUid(order, chainId, environment);
  const deadline = `${formatDate(order.validTo * 1000)} (${new Date(order.validTo * 1000).toISOString().replace('.000Z', 'Z')})`;
  const minimum = bought ? formatTokenAmount(order.buyAmount, bought.decimals, bought.symbol) : unknownTokenAmount(order.buyAmount, order.buyToken);
  const sold = formatTokenAmount(order.sellAmount + order.feeAmount, 18, native);
  const args = [
    { name: `${native} sent`, value: formatTokenAmount(call.value, 18, native) },
    { name: 'Token bought', value: bought ? `${bought.symbol} (${order.buyToken})` : order.buyToken },
    { name: 'Minimum received', value: minimum },
    { name: 'Your deadline', value: deadline },
    { name: 'Receiver', value: order.receiver },
    { name: 'Order UID', value: uid },
  ];
  const toName = `CoW Swap EthFlow (${native} orders)`;
  if (decoded.functionName === 'createOrder') {
    return { toName, functionName: 'createOrder', args, summary: `Sell ${sold} for at least ${minimum} in one transaction (EthFlow createOrder)` };
  }
  return { toName, functionName: 'invalidateOrder', args: args.slice(1), summary: `Refund the unfilled ${native} of EthFlow order ${uid.slice(0, 10)}…${uid.slice(-8)} (invalidateOrder)` };
}

/** The UID the orderbook and settlement contract know the order by (owner: this environment's EthFlow). */
export function ethFlowUid(order: EthFlowOrderData, chainId: number, environment: Environment) {
  const wrapped = wrappedNative(chainId);
  if (!wrapped) throw new AppError('NO_WRAPPED_NATIVE', `CoW Desk knows no wrapped native token on chain ${chainId}.`);
  return ethFlowOrderUid(order, wrapped.address, domainFor(chainId, environment), ETHFLOW_CONTRACTS[environment]);
}

/** The journal's subject: two pending sends of the same EthFlow order are one click. */
export function ethFlowSubject(order: EthFlowOrderInput): string {
  return [order.buyToken.toLowerCase(), order.receiver.toLowerCase(), order.sellAmount, order.buyAmount, order.appData.toLowerCase(), order.feeAmount, order.validTo, order.partiallyFillable, order.quoteId].join(':');
}
