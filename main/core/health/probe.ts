import type { ConnectionTestResult } from '../../common/settings/health-schema';
import type { ConfigurableService } from '../../common/settings/settings-schema';
import type { ApiClient } from '../api/api-client';
import type { RequestOutcome } from '../api/http-client';

/** Nobody owns the zero address, so its order list is an empty page: the cheapest real orderbook answer. */
const NOBODY = '0x0000000000000000000000000000000000000000';

/**
 * One cheap request that only a CoW service answers correctly: the order list
 * of the zero address (orderbook) or the native asset's USD price (token
 * service, never cached by the service). The answer is parsed with the API's
 * schema, so a base URL pointing at some other web server fails here too.
 */
export async function probeService(client: ApiClient, service: ConfigurableService, chainId: number): Promise<void> {
  if (service === 'orderbook') await client.orderbook.accountOrders(chainId, NOBODY, { offset: 0, limit: 1 });
  else await client.tokenService.usdPrice(chainId, '-');
}

/** Runs a probe on a one-attempt client and puts what happened in words for the settings screen. */
export async function testConnection(
  client: ApiClient,
  outcomes: RequestOutcome[],
  service: ConfigurableService,
  chainId: number,
  baseUrl: string,
): Promise<ConnectionTestResult> {
  const host = new URL(baseUrl).host;
  const started = Date.now();
  try {
    await probeService(client, service, chainId);
    const durationMs = outcomes.at(-1)?.durationMs ?? Date.now() - started;
    return { ok: true, status: outcomes.at(-1)?.status ?? 200, durationMs, message: `${host} answered as a CoW ${service === 'orderbook' ? 'orderbook' : 'token service'} in ${Math.round(durationMs)} ms.` };
  } catch (error) {
    const last = outcomes.at(-1);
    const reason = error instanceof Error ? error.message : String(error);
    return { ok: false, status: last?.status ?? 0, durationMs: last?.durationMs ?? Date.now() - started, message: `${host}: ${reason}` };
  }
}
