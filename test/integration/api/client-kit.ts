import { createApiClient, type ApiClientOptions } from '../../../main/core/api/api-client';
import type { RequestOutcome } from '../../../main/core/api/http-client';
import type { Sandbox } from '../../sandbox';

/** An API client pointed at the sandbox; options override per test (clock, limits, attempts). */
export function clientFor(sandbox: Sandbox, options: Partial<ApiClientOptions> = {}) {
  const outcomes: RequestOutcome[] = [];
  const client = createApiClient({
    endpoints: () => ({ orderbook: sandbox.orderbookUrl, tokenService: sandbox.bffUrl, explorer: 'https://explorer.cow.fi' }),
    environment: () => sandbox.environment,
    onOutcome: (outcome) => outcomes.push(outcome),
    ...options,
  });
  return { ...client, outcomes };
}

/** Requests the sandbox logged whose path contains `fragment`. */
export const requestsTo = (sandbox: Sandbox, fragment: string) => sandbox.requests.filter((r) => r.path.includes(fragment));
