import type { Address, Hex } from 'viem';
import { z } from 'zod';
import { addressSchema, bytes32Schema, decimalStringSchema, uint32Schema } from '../protocol/api/primitives';
import type { ProtocolDomain } from '../protocol/domain';
import type { Environment } from '../protocol/environments';
import { orderDigest, type OrderStruct } from '../protocol/order';
import { orderUid } from '../protocol/order-uid';
import { AppError } from '../errors';
import { marketOrderAmounts } from '../trade/order-math';

/**
 * The EthFlow contract's `EthFlowOrder.Data`, what the user sends to
 * `createOrder` with msg.value = sellAmount + feeAmount. validTo is the user's
 * own deadline; quoteId is the orderbook's id of the quote asked with
 * `onchainOrder: true` (int64).
 */
export interface EthFlowOrderData {
  buyToken: Address;
  receiver: Address;
  sellAmount: bigint;
  buyAmount: bigint;
  appData: Hex;
  feeAmount: bigint;
  validTo: number;
  partiallyFillable: boolean;
  quoteId: bigint;
}

/** The validTo of every CoW order the EthFlow contract places (uint32 max): the user's deadline lives in the contract. */
export const ETHFLOW_ORDER_VALID_TO = 0xffffffff;

/** CoW Swap's production EthFlow contract (cowprotocol/ethflowcontract), the same on every supported chain. */
export const ETHFLOW_CONTRACT: Address = '0xbA3cB449bD2B4ADddBc894D8697F5170800EAdeC';

/**
 * EthFlow per environment: production's, and barn's as the same repository's
 * broadcast files deploy it (deployment.barn.json, bound to the same settlement contract).
 */
export const ETHFLOW_CONTRACTS: Readonly<Record<Environment, Address>> = {
  production: ETHFLOW_CONTRACT,
  staging: '0x04501b9b1D52e67f6862d157E00D13419D2D6E95',
};

/** EthFlowOrder.Data as intents carry it over IPC: amounts as decimal strings, quoteId the orderbook's number. */
export const ethFlowOrderSchema = z.strictObject({
  buyToken: addressSchema,
  receiver: addressSchema,
  sellAmount: decimalStringSchema,
  buyAmount: decimalStringSchema,
  appData: bytes32Schema,
  feeAmount: decimalStringSchema,
  validTo: uint32Schema,
  partiallyFillable: z.boolean(),
  quoteId: z.number().int(),
});
export type EthFlowOrderInput = z.infer<typeof ethFlowOrderSchema>;

export function ethFlowOrderData(order: EthFlowOrderInput): EthFlowOrderData {
  return {
    ...order,
    buyToken: order.buyToken as Address,
    receiver: order.receiver as Address,
    appData: order.appData as Hex,
    sellAmount: BigInt(order.sellAmount),
    buyAmount: BigInt(order.buyAmount),
    feeAmount: BigInt(order.feeAmount),
    quoteId: BigInt(order.quoteId),
  };
}

/** The CoW order the contract derives (EthFlowOrder.toCoWSwapOrder): sell the wrapped native token, kind sell, erc20 balances. */
export function ethFlowCowOrder(data: EthFlowOrderData, wrappedNativeToken: Address): OrderStruct {
  return {
    sellToken: wrappedNativeToken,
    buyToken: data.buyToken,
    receiver: data.receiver,
    sellAmount: data.sellAmount,
    buyAmount: data.buyAmount,
    validTo: ETHFLOW_ORDER_VALID_TO,
    appData: data.appData,
    feeAmount: data.feeAmount,
    kind: 'sell',
    partiallyFillable: data.partiallyFillable,
    sellTokenBalance: 'erc20',
    buyTokenBalance: 'erc20',
  };
}

/** The UID the settlement contract and the orderbook know the order by: digest ‖ EthFlow contract ‖ ffffffff. */
export function ethFlowOrderUid(data: EthFlowOrderData, wrappedNativeToken: Address, domain: ProtocolDomain, ethFlow: Address = ETHFLOW_CONTRACT): Hex {
  return orderUid(orderDigest(ethFlowCowOrder(data, wrappedNativeToken), domain), ethFlow, ETHFLOW_ORDER_VALID_TO);
}

/**
 * The EthFlow order the Sell ETH form sends, from an on-chain quote (asked
 * with the wrapped token as sellToken): all the ETH typed is sent (quoted
 * sell amount plus its network cost, fee 0 as the service wants), the
 * minimum received is the quote less the user's slippage, the deadline is the user's.
 */
export function ethFlowOrderFromQuote(input: {
  quote: { quoteId: number | null; buyToken: string; sellAmount: string; buyAmount: string; feeAmount: string };
  slippageBips: number;
  receiver: Address;
  appDataHash: Hex;
  validTo: number;
}): EthFlowOrderInput {
  if (input.quote.quoteId === null) throw new AppError('NO_QUOTE_ID', 'The service gave this quote no id: an EthFlow order needs one. Quote again.');
  const amounts = marketOrderAmounts({ kind: 'sell', sellAmount: BigInt(input.quote.sellAmount), buyAmount: BigInt(input.quote.buyAmount), feeAmount: BigInt(input.quote.feeAmount) }, input.slippageBips);
  return {
    buyToken: input.quote.buyToken as Address,
    receiver: input.receiver,
    sellAmount: amounts.sellAmount.toString(),
    buyAmount: amounts.buyAmount.toString(),
    appData: input.appDataHash,
    feeAmount: '0',
    validTo: input.validTo,
    partiallyFillable: false,
    quoteId: input.quote.quoteId,
  };
}

/**
 * The EthFlowOrder.Data to refund an EthFlow order with (invalidateOrder), from
 * the order as the orderbook lists it: the contract finds the order by the CoW
 * order's hash, so the user's deadline and the quote id it was placed with do
 * not need to match. Null when the listing lacks a field the hash needs.
 */
export function ethFlowRefundOrder(order: {
  buyToken: string;
  receiver?: string | null;
  sellAmount: string;
  buyAmount: string;
  appData?: string | null;
  appDataHash?: string | null;
  feeAmount?: string | null;
  partiallyFillable?: boolean | null;
  quoteId?: number | null;
  ethflowData?: { userValidTo?: number | null } | null;
}): EthFlowOrderInput | null {
  const appData = order.appDataHash ?? (order.appData && /^0x[0-9a-fA-F]{64}$/.test(order.appData) ? order.appData : null);
  if (!order.receiver || !appData || !order.ethflowData) return null;
  return {
    buyToken: order.buyToken as Address,
    receiver: order.receiver as Address,
    sellAmount: order.sellAmount,
    buyAmount: order.buyAmount,
    appData: appData as Hex,
    feeAmount: order.feeAmount ?? '0',
    validTo: order.ethflowData.userValidTo ?? 0,
    partiallyFillable: order.partiallyFillable ?? false,
    quoteId: order.quoteId ?? 0,
  };
}
