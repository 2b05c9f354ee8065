import { getAddress, isAddress, type Address } from 'viem';
import { resolveChain } from '../../../main/common/protocol/chains';
import { json, type Reply } from '../http/reply';
import type { ServiceFlavor } from '../http/service';

/** The token/yield/notification service is a Fastify app; these are Fastify's own error shapes. */
export function validationError(message: string): Reply {
  return json(400, { statusCode: 400, code: 'FST_ERR_VALIDATION', error: 'Bad Request', message });
}

export function routeNotFound(method: string, path: string): Reply {
  return json(404, { message: `Route ${method}:${path} not found`, error: 'Not Found', statusCode: 404 });
}

export const bffFlavor: ServiceFlavor = {
  rateLimited: (retryAfterSeconds) =>
    json(
      429,
      { statusCode: 429, error: 'Too Many Requests', message: `Rate limit exceeded, retry in ${retryAfterSeconds} seconds` },
      { 'Retry-After': String(retryAfterSeconds) },
    ),
  serverError: (status) =>
    json(status, { statusCode: status, error: status === 500 ? 'Internal Server Error' : 'Service Unavailable', message: 'Server issue, try again later' }),
};

/** A chain id or alias (1, mainnet, gnosis…); undefined when the service does not serve it. */
export function readChainId(value: string | undefined): number | undefined {
  try {
    return resolveChain(value ?? '').id;
  } catch {
    return undefined;
  }
}

/** Lowercase or checksummed address, or `-` for the chain's native asset. */
export function readTokenParam(value: string | undefined): Address | '-' | undefined {
  if (value === '-') return '-';
  return value !== undefined && isAddress(value, { strict: false }) ? getAddress(value) : undefined;
}
