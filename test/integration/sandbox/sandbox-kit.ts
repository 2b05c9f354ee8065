import type { Address, Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { appDataHash } from '../../../main/common/protocol/app-data';
import { cancellationsDigest, cancellationsTypedData } from '../../../main/common/protocol/cancellations';
import { domainFor } from '../../../main/common/protocol/domain';
import type { Environment } from '../../../main/common/protocol/environments';
import { orderDigest, orderTypedData, type OrderKind, type OrderStruct } from '../../../main/common/protocol/order';
import { TOKENS, type RateLimits, type Sandbox } from '../../sandbox';

/** Helpers the sandbox tests share: plain fetch, and viem signing with the protocol kernel. */

export function token(chainId: number, symbol: string): Address {
  const found = TOKENS[chainId]?.find((fixture) => fixture.symbol === symbol);
  if (!found) throw new Error(`no ${symbol} on chain ${chainId}`);
  return found.address;
}

export const WETH = token(1, 'WETH');
export const USDC = token(1, 'USDC');
export const DAI = token(1, 'DAI');
/**
 * For tests that call the sandbox's routes directly, faster than any client may
 * (the live ~5 requests/s for the whole orderbook): what they test is the
 * answers, not the limits, which faults-and-limits.test.ts and the app's own
 * limiter tests cover.
 */
export const UNTHROTTLED: RateLimits = { orderbookPerSecond: 100_000, quotesPerSecond: 100_000, ordersPerSecond: 100_000 };

export const APP_DATA = '{"appCode":"CoW Desk","metadata":{},"version":"1.4.0"}';

export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  /** Parsed body, or undefined when it is not JSON. */
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- tests poke at response shapes freely
}

export async function call(url: string, init: { method?: string; body?: unknown; raw?: string } = {}): Promise<Answer> {
  const hasBody = init.body !== undefined || init.raw !== undefined;
  const response = await fetch(url, {
    method: init.method ?? (hasBody ? 'POST' : 'GET'),
    headers: hasBody ? { 'Content-Type': 'application/json' } : {},
    body: init.raw ?? (init.body === undefined ? undefined : JSON.stringify(init.body)),
  });
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  return { status: response.status, headers: response.headers, text, body };
}

export const orderbook = (sandbox: Sandbox, path: string, segment = 'mainnet') => `${sandbox.orderbookUrl}/${segment}/api${path}`;
export const bff = (sandbox: Sandbox, path: string) => `${sandbox.bffUrl}${path}`;

export interface OrderParams {
  sellToken?: Address;
  buyToken?: Address;
  sellAmount?: bigint;
  buyAmount?: bigint;
  validTo?: number;
  kind?: OrderKind;
  partiallyFillable?: boolean;
  receiver?: Address;
  feeAmount?: bigint;
}

export interface SignOptions {
  chainId?: number;
  environment?: Environment;
  scheme?: 'eip712' | 'ethsign';
  /** Send the hash instead of the full document as appData (the document must be uploaded). */
  appDataAsHash?: boolean;
  appData?: string;
}

/** Sell 1 WETH for at least 2900 USDC on mainnet, valid one hour: fills at the seeded prices. */
export function orderStruct(sandbox: Sandbox, params: OrderParams = {}, appData = APP_DATA): OrderStruct {
  return {
    sellToken: params.sellToken ?? WETH,
    buyToken: params.buyToken ?? USDC,
    receiver: params.receiver ?? null,
    sellAmount: params.sellAmount ?? 10n ** 18n,
    buyAmount: params.buyAmount ?? 2_900_000_000n,
    validTo: params.validTo ?? sandbox.clock.now() + 3600,
    appData: appDataHash(appData),
    feeAmount: params.feeAmount ?? 0n,
    kind: params.kind ?? 'sell',
    partiallyFillable: params.partiallyFillable ?? false,
  };
}

/** A POST /api/v1/orders body signed by `privateKey`. */
export async function signedOrderBody(privateKey: Hex, struct: OrderStruct, options: SignOptions = {}) {
  const account = privateKeyToAccount(privateKey);
  const domain = domainFor(options.chainId ?? 1, options.environment ?? 'production');
  const scheme = options.scheme ?? 'eip712';
  const signature =
    scheme === 'eip712'
      ? await account.signTypedData(orderTypedData(struct, domain))
      : await account.signMessage({ message: { raw: orderDigest(struct, domain) } });
  return {
    sellToken: struct.sellToken,
    buyToken: struct.buyToken,
    receiver: struct.receiver ?? null,
    sellAmount: struct.sellAmount.toString(),
    buyAmount: struct.buyAmount.toString(),
    validTo: struct.validTo,
    appData: options.appDataAsHash ? struct.appData : (options.appData ?? APP_DATA),
    feeAmount: struct.feeAmount.toString(),
    kind: struct.kind,
    partiallyFillable: struct.partiallyFillable,
    sellTokenBalance: 'erc20' as const,
    buyTokenBalance: 'erc20' as const,
    signingScheme: scheme,
    signature,
    from: account.address,
  };
}

/** Signs and submits; throws unless the sandbox answers 201. */
export async function placeOrder(sandbox: Sandbox, privateKey: Hex, params: OrderParams = {}, segment = 'mainnet', chainId = 1): Promise<Hex> {
  const body = await signedOrderBody(privateKey, orderStruct(sandbox, params), { chainId, environment: sandbox.environment });
  const answer = await call(orderbook(sandbox, '/v1/orders', segment), { body });
  if (answer.status !== 201) throw new Error(`order refused: ${answer.status} ${answer.text}`);
  return answer.body as Hex;
}

export async function cancellationBody(privateKey: Hex, orderUids: Hex[], options: { chainId?: number; environment?: Environment; scheme?: 'eip712' | 'ethsign' } = {}) {
  const account = privateKeyToAccount(privateKey);
  const domain = domainFor(options.chainId ?? 1, options.environment ?? 'production');
  const scheme = options.scheme ?? 'eip712';
  const signature =
    scheme === 'eip712'
      ? await account.signTypedData(cancellationsTypedData(orderUids, domain))
      : await account.signMessage({ message: { raw: cancellationsDigest(orderUids, domain) } });
  return { orderUids, signature, signingScheme: scheme };
}
