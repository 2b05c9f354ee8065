import { formatTokenAmount } from '../format/format';

/**
 * What to tell the user when a service call fails: for every errorType the
 * orderbook is known to send (interface.md, the OpenAPI enums and the extras
 * seen only in the live code), a sentence that says what happened and what to
 * change. The service's own `description` is appended where it names the
 * culprit (a token, a field), and is the core of the fallback for anything new.
 */
export interface ApiErrorContext {
  /** The approval target for this environment, named in InsufficientAllowance. */
  vaultRelayer?: string;
  /** Base units of sell token, e.g. from SellAmountDoesNotCoverFee's data.fee_amount. */
  feeAmount?: string;
  /** The sell token of the request, to say the fee in its units (without it the figure is left out, never shown raw). */
  sellToken?: { symbol: string; decimals: number };
  /** From Retry-After, so the user sees how long the app waits. */
  retryAfterSeconds?: number;
  description?: string;
}

type Describe = (context: ApiErrorContext) => string;

const said = ({ description }: ApiErrorContext): string => {
  const text = description?.trim();
  if (!text) return '';
  return ` The service said: "${text.length > 300 ? `${text.slice(0, 300)}…` : text}".`;
};

const waiting = ({ retryAfterSeconds }: ApiErrorContext): string =>
  retryAfterSeconds !== undefined && Number.isFinite(retryAfterSeconds) && retryAfterSeconds >= 0
    ? `The service asks to wait ${Math.ceil(retryAfterSeconds)} s before trying again.`
    : 'Wait a moment before trying again.';

const appDataUpload = 'Upload the appData document first (PUT /api/v1/app_data/{hash}), then submit again.';
const erc20Only = 'Only ERC-20 balances are accepted for new orders: set sellTokenBalance and buyTokenBalance to "erc20".';
const pageLimit = (context: ApiErrorContext) => `The page size is out of range; use a limit from 1 to 1000.${said(context)}`;

const MESSAGES = {
  // Quoting
  SellAmountDoesNotCoverFee: ({ feeAmount, sellToken }) =>
    `The sell amount is too small to cover the network cost of settling it${feeAmount && sellToken ? ` (about ${formatTokenAmount(BigInt(feeAmount), sellToken.decimals, sellToken.symbol, { exact: true })})` : ''}. Raise the sell amount and quote again.`,
  NoLiquidity: (c) => `No route was found between these tokens for this amount. Try a smaller amount or another token pair.${said(c)}`,
  InsufficientLiquidity: (c) => `There is not enough liquidity to fill this amount. Try a smaller amount or split the trade.${said(c)}`,
  UnsupportedToken: (c) =>
    `One of the tokens is not supported (for example fee-on-transfer, rebasing or not indexed). Choose a different token.${said(c)}`,
  InvalidParameter: (c) =>
    `The request has a missing or malformed field: token addresses are 0x + 40 hex digits, amounts whole decimal numbers, kind "sell" or "buy". Fix it and try again.${said(c)}`,
  RateLimited: (c) => `Too many requests to the service. ${waiting(c)}`,
  InternalServerError: (c) => `The service had a temporary error. Try again in a moment; if it persists, try again later.${said(c)}`,
  QuoteNotVerified: () =>
    'The quote could not be verified by simulation, so an order from it may not execute. Request a new quote, and check that the token has no transfer restrictions.',
  InsufficientValidTo: () =>
    "The order's expiry (validTo) had already passed, or was too close, when the orderbook received it. Choose a later expiry and sign again.",
  ExcessiveValidTo: () =>
    'The expiry is too far in the future for the orderbook: a market order may be valid for at most 3 hours, a limit order for at most a year. Choose an earlier expiry.',
  SameBuyAndSellToken: () => 'The sell and buy tokens are the same. Choose two different tokens.',
  InvalidNativeSellToken: () =>
    'Native ETH cannot be sold with a signed order; it is valid only as the buy token. Wrap it (e.g. to WETH) and sell the wrapped token.',
  TradingOutsideAllowedWindow: (c) => `Trading this token is not allowed right now (outside its trading window). Try again later.${said(c)}`,
  TokenTemporarilySuspended: (c) => `Trading of this token is temporarily suspended. Try later or choose another token.${said(c)}`,
  CustomSolverError: (c) => `A solver could not quote this trade. Try a different amount or token pair.${said(c)}`,
  Forbidden: () =>
    'The service refuses this account: the owner is flagged or deny-listed. Retrying will not help; contact CoW Protocol support if this is a mistake.',
  UnsupportedBuyTokenDestination: () => erc20Only,
  UnsupportedSellTokenSource: () => erc20Only,
  UnsupportedOrderType: (c) => `The service does not support this kind of order. Place a standard sell or buy order.${said(c)}`,

  // Submitting
  InvalidSignature: () =>
    'The signature does not match the order. Check the EIP-712 domain (chain id and the settlement contract of this environment; staging has its own), the declared signing scheme, and that the signer is the order owner (from). Then sign again.',
  WrongOwner: () =>
    'The orderbook recovered another signer than the owner: what was signed is for another deployment or chain than this orderbook checks (environment, chain or settlement contract). Check that the environment and the orderbook URL in Settings point at the same deployment (production or staging) and the right chain, then sign again.',
  DuplicatedOrder: () =>
    'An identical order already exists. To place another one, change validTo, an amount or the appData, and sign again.',
  InsufficientBalance: () =>
    'The owner does not hold enough of the sell token (sellAmount plus fees). Top up the balance or lower the sell amount.',
  InsufficientAllowance: ({ vaultRelayer }) =>
    `The sell token is not approved for enough. Approve the vault relayer${vaultRelayer ? ` ${vaultRelayer}` : ''} (not the settlement contract) for at least sellAmount plus fees, then submit again.`,
  OrderExpired: () =>
    'The order has expired: its validTo is in the past. validTo is in seconds, not milliseconds; set a future expiry and sign again. An expired order needs no cancellation.',
  SellAmountOverflow: () =>
    'The sell amount exceeds the largest 256-bit number. Amounts are whole numbers of base units; did you apply the token decimals twice?',
  BuyAmountOverflow: () =>
    'The buy amount exceeds the largest 256-bit number. Amounts are whole numbers of base units; did you apply the token decimals twice?',
  ZeroAmount: () => 'An amount is zero. Enter a sell and buy amount above zero.',
  NonZeroFee: () =>
    'The service requires feeAmount "0" on new orders (network costs are already in the quoted amounts). Set feeAmount to 0 and sign again.',
  InvalidValidFrom: (c) => `The order's validFrom (in its appData) is invalid or after validTo. Fix or remove it.${said(c)}`,
  QuoteNotFound: () => 'The quote behind this order was not found or has expired. Get a new quote and sign again.',
  InvalidQuote: () => 'The quote behind this order does not match it. Get a new quote and sign again.',
  MissingFrom: () => 'This signing scheme needs the from field. Set from to the order owner and submit again.',
  InvalidEip1271Signature: () =>
    "The smart-contract wallet rejected the signature (EIP-1271 isValidSignature failed). Sign again with the wallet that owns the order.",
  IncompatibleSigningScheme: () =>
    'The signing scheme does not fit this order. Use eip712 (or ethsign) for an ordinary account and presign for smart-contract wallets.',
  TooManyLimitOrders: () => 'This account has too many open limit orders. Cancel some before placing more.',
  TooMuchGas: () => "The order's hooks need too much gas. Remove or simplify its pre/post hooks.",
  TransferSimulationFailed: (c) =>
    `A simulated transfer of the sell token failed: the token may restrict transfers, or the balance or approval is too low. Check them and try again.${said(c)}`,
  OldOrderActivelyBidOn: () =>
    'The order being replaced is part of a settlement in progress and cannot be replaced now. Wait for that batch to finish, then try again.',

  // appData
  InvalidAppData: (c) => `The service has no valid appData document for this order's hash. ${appDataUpload}${said(c)}`,
  AppDataInvalid: (c) => `The appData document is malformed (it must be a JSON object within 8192 bytes). Rebuild it and upload again.${said(c)}`,
  AppDataHashMismatch: () =>
    'The appData hash is not the keccak256 of the document sent. Hash, sign and upload the exact same document string.',
  AppDataMismatch: () =>
    'A different appData document is already stored for this hash. Hash, sign and upload the exact same document string.',
  AppdataFromMismatch: () => "The appData's signer does not match the order's from address. Make them the same account.",
  MetadataSerializationFailed: (c) => `The service could not read the order's appData metadata. Rebuild the appData document.${said(c)}`,

  // Cancelling
  AlreadyCancelled: () => 'The order is already cancelled; nothing more to do.',
  OrderFullyExecuted: () => 'The order is already completely filled, so it can no longer be cancelled.',
  OnChainOrder: () => 'This order was placed on-chain and can only be cancelled on-chain, not through the API.',
  OrderNotFound: () => 'The order was not found. Check the order UID and that the right chain and environment are selected.',

  // Queries
  NotFound: () => 'The requested item does not exist here. Check the chain and environment (production or staging).',
  InvalidTradeFilter: () => 'Trades must be filtered by exactly one of owner or orderUid.',
  InvalidLimit: pageLimit,
  LIMIT_OUT_OF_BOUNDS: pageLimit,
} satisfies Record<string, Describe>;

export type KnownErrorType = keyof typeof MESSAGES;
export const KNOWN_ERROR_TYPES = Object.keys(MESSAGES) as readonly KnownErrorType[];

/**
 * The messages here reach the user only once the client has spent its retries,
 * so none of them promises another automatic attempt.
 *
 * Retrying helps only when the request itself was fine: rate limits, server
 * errors and network failures (status 0, no response). Never 400/403/404,
 * whatever the errorType says.
 */
export function isRetryableStatus(status: number): boolean {
  return status <= 0 || status === 408 || status === 429 || status >= 500;
}

export function describeApiError(
  errorType: string | undefined,
  status: number,
  context: ApiErrorContext = {},
): { message: string; retryable: boolean } {
  const retryable = isRetryableStatus(status);
  const known = errorType !== undefined && Object.hasOwn(MESSAGES, errorType) ? MESSAGES[errorType as KnownErrorType] : undefined;
  if (known) return { message: known(context), retryable };
  return { message: byStatus(errorType, status, context), retryable };
}

function byStatus(errorType: string | undefined, status: number, context: ApiErrorContext): string {
  const tag = `HTTP ${status}${errorType ? `, ${errorType}` : ''}`;
  const details = said(context);
  if (status <= 0) return `Could not reach the service. Check the network connection and try again.${details}`;
  if (status === 429) return `Too many requests to the service (${tag}). ${waiting(context)}`;
  if (status === 408 || status >= 500) return `The service had a temporary problem (${tag}). Try again in a moment.${details}`;
  if (status === 401) return `The service did not accept the signature or owner (${tag}). Sign with the owner account.${details}`;
  if (status === 403) return `The service refused the request (${tag}). Retrying will not help.${details}`;
  if (status === 404) return `Not found (${tag}). Check the chain, environment and identifier.${details}`;
  if (status >= 400) return `The service rejected the request (${tag}). Fix the request; sending it unchanged will fail again.${details}`;
  return `Unexpected response from the service (${tag}).${details}`;
}
