import { getAddress, zeroHash, type Address } from 'viem';
import { appDataHash } from '../../../main/common/protocol/app-data';
import { NATIVE_TOKEN_MARKER } from '../../../main/common/protocol/contracts';
import { GAS_PER_TRADE, GAS_PRICE_WEI, UNSUPPORTED_TOKEN } from '../token-fixtures';
import { isoMicros } from '../clock';
import { json, parseJson, type Reply } from '../http/reply';
import { apiError, orderbookFlavor, unparsableBody } from './answers';
import { MAX_QUOTE_VALIDITY_SECONDS, MIN_VALIDITY_SECONDS, type OrderbookContext, type OrderbookRoute } from './context';
import { isHash32, isJsonObject, isRecord, readAddress, readUint256 } from './fields';

/** How long the quoted fee is honoured, and the default order validity. */
const QUOTE_LIFETIME_SECONDS = 60;
const DEFAULT_VALIDITY_SECONDS = 1800;
/** Above this trade size (USD) there is "no liquidity path at the requested amount". */
const MAX_TRADE_USD = 50_000_000;

const invalid = (description: string) => apiError(400, 'InvalidParameter', description);

/** POST /api/v1/quote: prices from the price table, network cost in the sell token. */
export const quoteRoute: OrderbookRoute = {
  method: 'POST',
  pattern: ['v1', 'quote'],
  handle: (request, _params, context) => {
    const admitted = context.limits.quote.admit();
    if (!admitted.ok) return orderbookFlavor.rateLimited(admitted.retryAfterSeconds);
    const parsed = parseJson(request.rawBody);
    if (!parsed.ok) return unparsableBody();
    if (!isRecord(parsed.value)) return invalid('The request body must be a JSON object.');
    return quote(parsed.value, context);
  },
};

function quote(body: Record<string, unknown>, { chainId, state }: OrderbookContext): Reply {
  const addresses: Partial<Record<'sellToken' | 'buyToken' | 'from', Address>> = {};
  for (const field of ['sellToken', 'buyToken', 'from'] as const) {
    if (body[field] === undefined || body[field] === null) return invalid(`Missing field \`${field}\`.`);
    const address = readAddress(body[field]);
    if (!address) return invalid(`\`${field}\` must be a 42-character hex address.`);
    addresses[field] = address;
  }
  const { sellToken, buyToken, from } = addresses as Record<'sellToken' | 'buyToken' | 'from', Address>;
  const receiver = body.receiver === undefined || body.receiver === null ? null : readAddress(body.receiver);
  if (receiver === undefined) return invalid('`receiver` must be a 42-character hex address or null.');
  const side = readSide(body);
  if ('error' in side) return side.error;
  const now = state.clock.now();
  const { validTo: absolute, validFor } = body;
  if ((absolute !== undefined && !Number.isInteger(absolute)) || (validFor !== undefined && !Number.isInteger(validFor))) {
    return invalid('`validTo` / `validFor` must be integers (seconds).');
  }
  const validTo = absolute !== undefined ? (absolute as number) : now + ((validFor as number | undefined) ?? DEFAULT_VALIDITY_SECONDS);
  if (validTo < now + MIN_VALIDITY_SECONDS) return apiError(400, 'InsufficientValidTo', 'validTo is too close to now (it is in seconds, not milliseconds).');
  const appData = readQuoteAppData(body);
  if ('error' in appData) return appData.error;
  const priceQuality = body.priceQuality ?? 'optimal';
  if (!['fast', 'optimal', 'verified'].includes(priceQuality as string)) return invalid('`priceQuality` must be fast, optimal or verified.');
  const signingScheme = body.signingScheme ?? 'eip712';
  if (!['eip712', 'ethsign', 'presign', 'eip1271'].includes(signingScheme as string)) return invalid('Unknown `signingScheme`.');
  // EthFlow quotes: the order will be placed on chain by the EthFlow contract (an eip1271 signer).
  const onchainOrder = body.onchainOrder ?? false;
  if (typeof onchainOrder !== 'boolean') return invalid('`onchainOrder` must be a boolean.');
  // Like live: every quote is a market quote (3 h at most), except presign and eip1271 quotes, which are not capped.
  const capped = signingScheme !== 'presign' && signingScheme !== 'eip1271';
  if (capped && validTo > now + MAX_QUOTE_VALIDITY_SECONDS) return apiError(400, 'ExcessiveValidTo', 'validTo is more than 3 h in the future, the limit for quotes.');

  if (state.ledger.isBanned(from)) return apiError(403, 'Forbidden', 'The order owner is deny-listed.');
  if (sellToken === buyToken) return apiError(400, 'SameBuyAndSellToken', 'sellToken and buyToken are the same token.');
  if (sellToken === getAddress(NATIVE_TOKEN_MARKER)) return apiError(400, 'InvalidNativeSellToken', 'The native token cannot be sold; wrap it first.');
  if (sellToken === UNSUPPORTED_TOKEN || buyToken === UNSUPPORTED_TOKEN) {
    return apiError(400, 'UnsupportedToken', `Token ${UNSUPPORTED_TOKEN} is not supported.`);
  }
  const { prices } = state;
  const fee = prices.networkFee(chainId, sellToken);
  const sellTokenPrice = prices.sellTokenPrice(chainId, sellToken);
  const noLiquidity = apiError(404, 'NoLiquidity', 'No route was found for the specified order.');
  if (fee === null || sellTokenPrice === null || prices.usd(chainId, buyToken) === null) return noLiquidity;

  let sellAmount: bigint;
  let buyAmount: bigint | null;
  if (side.kind === 'sell' && side.field === 'sellAmountBeforeFee') {
    if (side.amount <= fee) {
      return apiError(400, 'SellAmountDoesNotCoverFee', 'The sell amount does not cover the network cost.', { fee_amount: fee.toString() });
    }
    sellAmount = side.amount - fee;
    buyAmount = prices.convert(chainId, sellToken, buyToken, sellAmount, 'down');
  } else if (side.kind === 'sell') {
    sellAmount = side.amount;
    buyAmount = prices.convert(chainId, sellToken, buyToken, sellAmount, 'down');
  } else {
    buyAmount = side.amount;
    sellAmount = prices.convert(chainId, buyToken, sellToken, buyAmount, 'up') ?? 0n;
  }
  const volumeUsd = (Number(sellAmount) / 10 ** prices.decimals(chainId, sellToken)) * (prices.usd(chainId, sellToken) ?? 0);
  if (!buyAmount || sellAmount === 0n || volumeUsd > MAX_TRADE_USD) return noLiquidity;

  const id = ++state.counters.quote;
  const gasPrice = GAS_PRICE_WEI[chainId] ?? 0n;
  const verified = priceQuality !== 'fast';
  state.quotes.set(id, { id, chainId, gasAmount: GAS_PER_TRADE, gasPrice, sellTokenPrice, sellAmount, buyAmount, feeAmount: fee, verified, sellToken, buyToken, kind: side.kind, onchainOrder });
  return json(200, {
    quote: {
      sellToken,
      buyToken,
      receiver,
      sellAmount: sellAmount.toString(),
      buyAmount: buyAmount.toString(),
      validTo,
      appData: appData.appData,
      ...(appData.appDataHash ? { appDataHash: appData.appDataHash } : {}),
      feeAmount: fee.toString(),
      gasAmount: GAS_PER_TRADE.toString(),
      gasPrice: gasPrice.toString(),
      sellTokenPrice,
      kind: side.kind,
      partiallyFillable: false,
      sellTokenBalance: 'erc20',
      buyTokenBalance: 'erc20',
      signingScheme,
    },
    from,
    expiration: isoMicros(now + QUOTE_LIFETIME_SECONDS),
    id,
    verified,
  });
}

type Side = { kind: 'sell' | 'buy'; field: string; amount: bigint } | { error: Reply };

function readSide(body: Record<string, unknown>): Side {
  if (body.kind !== 'sell' && body.kind !== 'buy') return { error: invalid('`kind` must be "sell" or "buy".') };
  const fields = body.kind === 'sell' ? ['sellAmountBeforeFee', 'sellAmountAfterFee'] : ['buyAmountAfterFee'];
  const present = fields.filter((field) => body[field] !== undefined);
  if (present.length !== 1) return { error: invalid(`A ${body.kind} quote needs exactly one of ${fields.map((f) => `\`${f}\``).join(', ')}.`) };
  const field = present[0] as string;
  const amount = readUint256(body[field]);
  if (!amount.ok) return { error: invalid(`\`${field}\` must be a decimal integer string (no hex, no decimal point) below 2^256.`) };
  if (amount.value === 0n) return { error: apiError(400, 'ZeroAmount', 'The amount must be positive.') };
  return { kind: body.kind, field, amount: amount.value };
}

/** appData: the full JSON document (optionally with its hash) or a bare hash; absent means the zero hash. */
function readQuoteAppData(body: Record<string, unknown>): { appData: string; appDataHash?: string } | { error: Reply } {
  const { appData, appDataHash: declared } = body;
  if (appData === undefined) return { appData: zeroHash };
  if (typeof appData !== 'string') return { error: invalid('`appData` must be a string.') };
  if (isHash32(appData)) return { appData };
  if (!isJsonObject(appData)) return { error: apiError(400, 'InvalidAppData', 'appData is neither a JSON object document nor a 32-byte hash.') };
  const hash = appDataHash(appData);
  if (declared !== undefined && (typeof declared !== 'string' || declared.toLowerCase() !== hash)) {
    return { error: apiError(400, 'AppDataHashMismatch', 'appDataHash is not the hash of appData.') };
  }
  return { appData, appDataHash: hash };
}
