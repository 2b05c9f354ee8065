import { getAddress, type Address, type Hex } from 'viem';
import { appDataHash, MAX_APP_DATA_BYTES } from '../../../main/common/protocol/app-data';
import { NATIVE_TOKEN_MARKER } from '../../../main/common/protocol/contracts';
import type { OrderStruct } from '../../../main/common/protocol/order';
import { chainFunds } from '../chain/funds';
import { json, parseJson, type Reply } from '../http/reply';
import type { OrderClass } from '../records';
import { UNSUPPORTED_TOKEN } from '../token-fixtures';
import { apiError, orderbookFlavor, unparsableBody } from './answers';
import { MAX_QUOTE_VALIDITY_SECONDS, MAX_VALIDITY_SECONDS, MIN_VALIDITY_SECONDS, type OrderbookContext, type OrderbookRoute } from './context';
import { orderUidOf, recoverOrderOwner } from './cow-judge';
import { isHash32, isJsonObject, isRecord } from './fields';
import { readOrderDraft, type OrderDraft } from './order-body';

/** POST /api/v1/orders: the live service's checks, in roughly its order; 201 with the UID as a JSON string. */
export const createOrderRoute: OrderbookRoute = {
  method: 'POST',
  pattern: ['v1', 'orders'],
  handle: async (request, _params, context) => {
    const admitted = context.limits.orders.admit();
    if (!admitted.ok) return orderbookFlavor.rateLimited(admitted.retryAfterSeconds);
    const parsed = parseJson(request.rawBody);
    if (!parsed.ok) return unparsableBody();
    const draft = readOrderDraft(parsed.value);
    if ('status' in draft) return draft;
    return createOrder(draft, context);
  },
};

async function createOrder(draft: OrderDraft, { chainId, state }: OrderbookContext): Promise<Reply> {
  const appData = resolveAppData(draft, state.appData);
  if ('status' in appData) return appData;
  const early = staticChecks(draft, state.clock.now()) ?? validityCheck(draft, classOf(appData.document, draft.quoteId), state.clock.now());
  if (early) return early;

  const struct: OrderStruct = {
    sellToken: draft.sellToken,
    buyToken: draft.buyToken,
    receiver: draft.receiver,
    sellAmount: draft.sellAmount,
    buyAmount: draft.buyAmount,
    validTo: draft.validTo,
    appData: appData.hash,
    feeAmount: draft.feeAmount,
    kind: draft.kind,
    partiallyFillable: draft.partiallyFillable,
    sellTokenBalance: 'erc20',
    buyTokenBalance: 'erc20',
  };
  const owner = await recoverOwner(draft, chainId, state.environment, struct);
  if ('status' in owner) return owner;
  if (state.ledger.isBanned(owner.address)) return apiError(403, 'Forbidden', 'The order owner is deny-listed.');

  const uid = orderUidOf(chainId, state.environment, struct, owner.address);
  if (state.orders.has(uid)) return apiError(400, 'DuplicatedOrder', 'An order with this UID already exists; change at least one parameter.');
  const needed = draft.sellAmount + draft.feeAmount;
  // With real chains the live rule applies: balanceOf and allowance as the chain answers them.
  const funds = chainFunds(state, chainId) ?? { balance: async (o: Address, t: Address) => state.ledger.balance(chainId, o, t), allowance: async (o: Address, t: Address) => state.ledger.allowance(chainId, o, t) };
  if ((await funds.balance(owner.address, draft.sellToken)) < needed) {
    return apiError(400, 'InsufficientBalance', 'The owner does not hold sellAmount plus feeAmount of the sell token.');
  }
  if ((await funds.allowance(owner.address, draft.sellToken)) < needed) {
    return apiError(400, 'InsufficientAllowance', 'The vault relayer is not approved for sellAmount plus feeAmount of the sell token.');
  }

  state.appData.set(appData.hash, appData.document);
  state.orders.set(uid, {
    chainId,
    uid,
    owner: owner.address,
    struct,
    receiver: draft.receiver,
    signingScheme: draft.signingScheme,
    signature: draft.signature,
    fullAppData: appData.document,
    appDataHash: appData.hash,
    quoteId: draft.quoteId,
    fullBalanceCheck: draft.fullBalanceCheck,
    class: classOf(appData.document, draft.quoteId),
    createdAt: state.clock.now(),
    sequence: ++state.counters.sequence,
    phase: draft.signingScheme === 'presign' ? 'presignaturePending' : 'open',
    invalidated: false,
    onchainUser: null,
    ethflow: null,
    executedSell: 0n,
    executedBuy: 0n,
    executedFee: 0n,
    balanceShortNotified: false,
  });
  return json(201, uid);
}

/** The order may carry the full document (hashed here) or the hash of one uploaded before. */
function resolveAppData(draft: OrderDraft, uploaded: Map<string, string>): { document: string; hash: Hex } | Reply {
  if (isHash32(draft.appData)) {
    const hash = draft.appData.toLowerCase() as Hex;
    const document = uploaded.get(hash);
    if (document === undefined) return apiError(400, 'InvalidAppData', 'No appData document is uploaded for this hash; upload it first via PUT /api/v1/app_data/{hash}.');
    return { document, hash };
  }
  if (Buffer.byteLength(draft.appData, 'utf8') > MAX_APP_DATA_BYTES) {
    return apiError(400, 'InvalidAppData', `The appData document is larger than ${MAX_APP_DATA_BYTES} bytes.`);
  }
  if (!isJsonObject(draft.appData)) return apiError(400, 'InvalidAppData', 'appData is not a JSON object document.');
  const hash = appDataHash(draft.appData);
  if (draft.appDataHash !== null && draft.appDataHash.toLowerCase() !== hash) {
    return apiError(400, 'AppDataHashMismatch', 'appDataHash is not the hash of appData.');
  }
  return { document: draft.appData, hash };
}

function staticChecks(draft: OrderDraft, now: number): Reply | undefined {
  if (draft.sellTokenBalance !== 'erc20') return apiError(400, 'UnsupportedSellTokenSource', 'Only erc20 is accepted as sellTokenBalance.');
  if (draft.buyTokenBalance !== 'erc20') return apiError(400, 'UnsupportedBuyTokenDestination', 'Only erc20 is accepted as buyTokenBalance.');
  if (draft.feeAmount !== 0n) return apiError(400, 'NonZeroFee', 'feeAmount must be 0; the network cost is part of the amounts.');
  if (draft.sellAmount === 0n || draft.buyAmount === 0n) return apiError(400, 'ZeroAmount', 'sellAmount and buyAmount must be positive.');
  if (draft.sellToken === draft.buyToken) return apiError(400, 'SameBuyAndSellToken', 'sellToken and buyToken are the same token.');
  if (draft.sellToken === getAddress(NATIVE_TOKEN_MARKER)) return apiError(400, 'InvalidNativeSellToken', 'The native token cannot be sold; wrap it first.');
  if (draft.sellToken === UNSUPPORTED_TOKEN || draft.buyToken === UNSUPPORTED_TOKEN) {
    return apiError(400, 'UnsupportedToken', `Token ${UNSUPPORTED_TOKEN} is not supported.`);
  }
  // Like live: a validTo already past is no different from one too close (InsufficientValidTo).
  if (draft.validTo < now + MIN_VALIDITY_SECONDS) return apiError(400, 'InsufficientValidTo', 'validTo is in the past or too close to now (it is in seconds, not milliseconds).');
  return undefined;
}

/**
 * Like live: market orders up to 3 hours, limit orders up to a year; pre-sign
 * orders have no upper bound (signature collection can take long).
 */
function validityCheck(draft: OrderDraft, orderClass: OrderClass, now: number): Reply | undefined {
  if (draft.signingScheme === 'presign') return undefined;
  const longest = orderClass === 'market' ? MAX_QUOTE_VALIDITY_SECONDS : MAX_VALIDITY_SECONDS;
  if (draft.validTo > now + longest) {
    return apiError(400, 'ExcessiveValidTo', `validTo is too far in the future for a ${orderClass} order (at most ${longest / 3600} h).`);
  }
  return undefined;
}

/** The signature is judged by @cowprotocol/contracts (cow-judge.ts), never by the app's own protocol code. */
async function recoverOwner(draft: OrderDraft, chainId: number, environment: OrderbookContext['state']['environment'], struct: OrderStruct): Promise<{ address: Address } | Reply> {
  if (draft.signingScheme === 'presign') {
    if (!draft.from) return apiError(400, 'MissingFrom', 'presign orders need `from`: the owner cannot be recovered from a signature.');
    // Like live: the signature bytes are empty, or (legacy) the owner's 20-byte address.
    const bytes = (draft.signature.length - 2) / 2;
    if (bytes !== 0 && bytes !== 20) return apiError(400, 'InvalidSignature', 'presign signature bytes should be empty or an address (legacy).');
    return { address: draft.from };
  }
  if (draft.signingScheme === 'eip1271') return apiError(400, 'InvalidEip1271Signature', 'The sandbox has no contracts to verify EIP-1271 signatures against.');
  let signer: Address;
  try {
    signer = await recoverOrderOwner(chainId, environment, struct, draft.signingScheme, draft.signature);
  } catch {
    return apiError(400, 'InvalidSignature', 'The signature is malformed.');
  }
  // Like live: a well-formed signature that recovers another address than `from` (another key, or the
  // domain of another chain or environment) is WrongOwner, 400 on submission (401 only for cancellations).
  if (draft.from && draft.from !== signer) {
    return apiError(400, 'WrongOwner', `Address recovered from signature ${signer} does not match from address ${draft.from}.`);
  }
  return { address: signer };
}

/** The appData's orderClass when it names one; otherwise an order placed from a quote is a market order. */
function classOf(document: string, quoteId: number | null): OrderClass {
  const parsed = JSON.parse(document) as unknown;
  const metadata = isRecord(parsed) && isRecord(parsed.metadata) ? parsed.metadata : {};
  const declared = isRecord(metadata.orderClass) ? metadata.orderClass.orderClass : undefined;
  if (declared === 'market' || declared === 'limit' || declared === 'liquidity') return declared;
  if (declared === 'twap') return 'limit';
  return quoteId === null ? 'limit' : 'market';
}
