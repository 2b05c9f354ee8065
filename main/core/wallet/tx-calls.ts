import { decodeFunctionData, encodeFunctionData, formatUnits, maxUint256, type Address, type Hex } from 'viem';
import { AppError } from '../../common/errors';
import { unknownTokenAmount } from '../../common/format/unknown-token';
import type { TxIntent } from '../../common/ipc/commands/wallet';
import { CONTRACTS } from '../../common/protocol/contracts';
import type { Environment } from '../../common/protocol/environments';
import { parseOrderUid } from '../../common/protocol/order-uid';
import { findKnownToken } from '../../common/protocol/tokens';
import { nativeSymbol, wrappedNative } from '../../common/wallet/wallet-facts';
import { describeEthFlowCall, ethFlowCall, isEthFlowContract } from './ethflow-calls';
import { ERC20_ABI, SETTLEMENT_ABI, WALLET_ABI, WRAPPED_NATIVE_ABI } from './wallet-abis';

/** The call a transaction makes: all main signs besides fees and nonce. */
export interface TxCall {
  to: Address;
  data: Hex;
  value: bigint;
}

/** Builds the exact call for an intent; the renderer never supplies calldata. */
export function callFor(intent: TxIntent, environment: Environment): TxCall {
  const { settlement, vaultRelayer } = CONTRACTS[environment];
  switch (intent.kind) {
    case 'approve': {
      const amount = intent.amount === 'unlimited' ? maxUint256 : BigInt(intent.amount);
      return { to: intent.token, data: encodeFunctionData({ abi: ERC20_ABI, functionName: 'approve', args: [vaultRelayer, amount] }), value: 0n };
    }
    case 'wrap':
      return { to: wrapped(intent.chainId), data: encodeFunctionData({ abi: WRAPPED_NATIVE_ABI, functionName: 'deposit' }), value: BigInt(intent.amount) };
    case 'unwrap':
      return { to: wrapped(intent.chainId), data: encodeFunctionData({ abi: WRAPPED_NATIVE_ABI, functionName: 'withdraw', args: [BigInt(intent.amount)] }), value: 0n };
    case 'presign':
    case 'invalidate': {
      const owner = parseOrderUid(intent.orderUid).owner;
      if (owner.toLowerCase() !== intent.account.toLowerCase()) {
        throw new AppError('NOT_ORDER_OWNER', `Order ${intent.orderUid.slice(0, 10)}… belongs to ${owner}; only its owner can ${intent.kind === 'presign' ? 'pre-sign' : 'cancel'} it on chain.`);
      }
      const data =
        intent.kind === 'presign'
          ? encodeFunctionData({ abi: SETTLEMENT_ABI, functionName: 'setPreSignature', args: [intent.orderUid, true] })
          : encodeFunctionData({ abi: SETTLEMENT_ABI, functionName: 'invalidateOrder', args: [intent.orderUid] });
      return { to: settlement, data, value: 0n };
    }
    case 'ethflowOrder':
    case 'ethflowRefund':
      return ethFlowCall(intent, environment);
  }
}

function wrapped(chainId: number): Address {
  const token = wrappedNative(chainId);
  if (!token) throw new AppError('NO_WRAPPED_NATIVE', `CoW Desk knows no wrapped native token on chain ${chainId}.`);
  return token.address;
}

export interface DecodedCall {
  toName: string;
  functionName: string;
  args: { name: string; value: string }[];
  summary: string;
}

/**
 * Reads a call back from its calldata, the way the signing dialog shows it:
 * what the user approves is decoded from the bytes that get signed, not from
 * the intent they came from.
 */
export function describeCall(call: TxCall, chainId: number, environment: Environment): DecodedCall {
  const { settlement, vaultRelayer } = CONTRACTS[environment];
  if (isEthFlowContract(call.to, environment)) return describeEthFlowCall(call, chainId, environment);
  const native = nativeSymbol(chainId);
  const decoded = decodeFunctionData({ abi: WALLET_ABI, data: call.data });
  const token = findKnownToken(chainId, call.to);
  const amountOf = (amount: bigint) => (amount === maxUint256 ? 'unlimited' : token ? `${formatUnits(amount, token.decimals)} ${token.symbol}` : unknownTokenAmount(amount, call.to));
  const spenderName = (spender: Address) => (same(spender, vaultRelayer) ? 'the CoW Protocol vault relayer' : spender);
  const toName = same(call.to, settlement) ? 'CoW Protocol settlement' : token ? `${token.symbol} token` : call.to;
  switch (decoded.functionName) {
    case 'approve': {
      const [spender, amount] = decoded.args;
      return {
        toName,
        functionName: 'approve',
        args: [
          { name: 'spender', value: `${spenderName(spender)} (${spender})` },
          { name: 'amount', value: amountOf(amount) },
        ],
        summary: `Approve ${amount === maxUint256 ? `unlimited ${token?.symbol ?? 'tokens'}` : amountOf(amount)} to ${spenderName(spender)}`,
      };
    }
    case 'deposit':
      return { toName, functionName: 'deposit', args: [], summary: `Wrap ${formatUnits(call.value, 18)} ${native} into ${token?.symbol ?? 'wrapped native'}` };
    case 'withdraw': {
      const [amount] = decoded.args;
      return { toName, functionName: 'withdraw', args: [{ name: 'amount', value: amountOf(amount) }], summary: `Unwrap ${formatUnits(amount, 18)} ${token?.symbol ?? ''} into ${native}`.replace('  ', ' ') };
    }
    case 'setPreSignature': {
      const [uid, signed] = decoded.args;
      return {
        toName,
        functionName: 'setPreSignature',
        args: [
          { name: 'orderUid', value: uid },
          { name: 'signed', value: String(signed) },
        ],
        summary: `${signed ? 'Pre-sign' : 'Revoke the pre-signature of'} order ${uid.slice(0, 10)}…${uid.slice(-8)} (setPreSignature)`,
      };
    }
    case 'invalidateOrder': {
      const [uid] = decoded.args;
      return { toName, functionName: 'invalidateOrder', args: [{ name: 'orderUid', value: uid }], summary: `Cancel order ${uid.slice(0, 10)}…${uid.slice(-8)} on chain (invalidateOrder)` };
    }
    default:
      throw new AppError('UNEXPECTED_CALL', `CoW Desk does not send ${decoded.functionName} transactions.`);
  }
}

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
