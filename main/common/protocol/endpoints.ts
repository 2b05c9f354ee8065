import { AppError } from '../errors';
import type { Environment } from './environments';

/** Base URLs of the two services; every one is a setting the user can change. */
export interface ServiceEndpoints {
  /** Orderbook; the chain's path segment is appended: `{orderbook}/xdai/api/v1/quote`. */
  orderbook: string;
  /** Token, yield and notification service; takes numeric chain ids in paths. */
  tokenService: string;
  /** CoW Explorer, for order links (transactions and addresses go to the chain's block explorer). */
  explorer: string;
}

export const DEFAULT_ENDPOINTS: Readonly<Record<Environment, ServiceEndpoints>> = {
  production: { orderbook: 'https://api.cow.fi', tokenService: 'https://bff.cow.fi', explorer: 'https://explorer.cow.fi' },
  staging: { orderbook: 'https://barn.api.cow.fi', tokenService: 'https://bff.barn.cow.fi', explorer: 'https://staging.explorer.cow.fi' },
};

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * Keys and orders travel over these URLs, so only https is accepted, except
 * plain http to this machine (a local node or the sandbox). Returns the URL
 * without a trailing slash.
 */
export function validateBaseUrl(candidate: string): string {
  let url: URL;
  try {
    url = new URL(candidate.trim());
  } catch {
    throw new AppError('INVALID_BASE_URL', `"${candidate}" is not a URL. Enter an address such as https://api.cow.fi.`);
  }
  const loopbackHttp = url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname);
  if (url.protocol !== 'https:' && !loopbackHttp) {
    throw new AppError('INVALID_BASE_URL', `${candidate} is not allowed: use https, or http only on 127.0.0.1 (this machine).`);
  }
  if (url.username || url.password) {
    throw new AppError('INVALID_BASE_URL', `${candidate} must not carry a user name or password.`);
  }
  // Paths are appended to the base URL: a query or fragment would end up in the middle of every request.
  if (url.search || url.hash) {
    throw new AppError('INVALID_BASE_URL', `${candidate} must not carry a query (?…) or fragment (#…); enter just the service address.`);
  }
  return url.toString().replace(/\/+$/, '');
}
