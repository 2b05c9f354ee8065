import type { Address, Hex } from 'viem';
import type { OrderKind } from '../../../main/common/protocol/order';
import type { SigningScheme } from '../../../main/common/protocol/signatures';
import type { Reply } from '../http/reply';
import { apiError, undeserializableBody } from './answers';
import { isHex, isRecord, readAddress, readUint256 } from './fields';

/** A POST /api/v1/orders body that has the right shape; the business checks come after. */
export interface OrderDraft {
  sellToken: Address;
  buyToken: Address;
  receiver: Address | null;
  sellAmount: bigint;
  buyAmount: bigint;
  validTo: number;
  feeAmount: bigint;
  kind: OrderKind;
  partiallyFillable: boolean;
  sellTokenBalance: string;
  buyTokenBalance: string;
  signingScheme: SigningScheme;
  signature: Hex;
  from: Address | null;
  quoteId: number | null;
  appData: string;
  appDataHash: string | null;
  fullBalanceCheck: boolean;
}

const SCHEMES: readonly string[] = ['eip712', 'ethsign', 'presign', 'eip1271'];

/**
 * Shape errors are what the live JSON extractor reports (plain-text 422);
 * amounts above 2^256-1 get the orderbook's own Sell/BuyAmountOverflow.
 */
export function readOrderDraft(body: unknown): OrderDraft | Reply {
  if (!isRecord(body)) return undeserializableBody('invalid type: expected struct OrderCreation');
  const missing = ['sellToken', 'buyToken', 'sellAmount', 'buyAmount', 'validTo', 'appData', 'feeAmount', 'kind', 'partiallyFillable', 'signingScheme', 'signature']
    .find((field) => body[field] === undefined);
  if (missing) return undeserializableBody(`missing field \`${missing}\``);
  const sellToken = readAddress(body.sellToken);
  const buyToken = readAddress(body.buyToken);
  if (!sellToken || !buyToken) return undeserializableBody('invalid address: expected a 20-byte hex string');
  const receiver = body.receiver === undefined || body.receiver === null ? null : readAddress(body.receiver);
  const from = body.from === undefined || body.from === null ? null : readAddress(body.from);
  if (receiver === undefined || from === undefined) return undeserializableBody('invalid address: expected a 20-byte hex string');

  const amounts: bigint[] = [];
  for (const field of ['sellAmount', 'buyAmount', 'feeAmount'] as const) {
    const read = readUint256(body[field]);
    if (!read.ok && read.reason === 'overflow' && field !== 'feeAmount') {
      const errorType = field === 'sellAmount' ? 'SellAmountOverflow' : 'BuyAmountOverflow';
      return apiError(400, errorType, `${field} exceeds the maximum 256-bit unsigned integer (were decimals applied twice?).`);
    }
    if (!read.ok) return undeserializableBody(`${field}: expected a decimal integer string`);
    amounts.push(read.value);
  }
  const [sellAmount, buyAmount, feeAmount] = amounts as [bigint, bigint, bigint];
  const { validTo, kind, partiallyFillable, signingScheme, signature, quoteId, appData, appDataHash } = body;
  if (typeof validTo !== 'number' || !Number.isInteger(validTo) || validTo < 0 || validTo > 0xffffffff) {
    return undeserializableBody('validTo: expected u32');
  }
  if (kind !== 'sell' && kind !== 'buy') return undeserializableBody('kind: unknown variant, expected `buy` or `sell`');
  if (typeof partiallyFillable !== 'boolean') return undeserializableBody('partiallyFillable: expected a boolean');
  if (typeof signingScheme !== 'string' || !SCHEMES.includes(signingScheme)) return undeserializableBody('signingScheme: unknown variant');
  if (!isHex(signature)) return undeserializableBody('signature: expected 0x-prefixed hex');
  if (quoteId !== undefined && quoteId !== null && !Number.isInteger(quoteId)) return undeserializableBody('quoteId: expected i64');
  if (typeof appData !== 'string') return undeserializableBody('appData: expected a string');
  if (appDataHash !== undefined && appDataHash !== null && typeof appDataHash !== 'string') return undeserializableBody('appDataHash: expected a string');
  const balances = [body.sellTokenBalance ?? 'erc20', body.buyTokenBalance ?? 'erc20'];
  if (balances.some((value) => typeof value !== 'string')) return undeserializableBody('token balance: unknown variant');
  return {
    sellToken,
    buyToken,
    receiver,
    sellAmount,
    buyAmount,
    validTo,
    feeAmount,
    kind,
    partiallyFillable,
    sellTokenBalance: balances[0] as string,
    buyTokenBalance: balances[1] as string,
    signingScheme: signingScheme as SigningScheme,
    signature: signature.toLowerCase() as Hex,
    from,
    quoteId: (quoteId as number | null | undefined) ?? null,
    appData,
    appDataHash: (appDataHash as string | null | undefined) ?? null,
    fullBalanceCheck: body.fullBalanceCheck === true,
  };
}
