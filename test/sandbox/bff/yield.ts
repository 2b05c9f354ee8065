import { isAddress } from 'viem';
import { json, parseJson, type Route } from '../http/reply';
import type { SandboxState } from '../state';
import { readChainId, validationError } from './answers';
import { poolsOf } from './pools-fixture';

/** The live service takes and returns at most 500 (interface.md says 1000). */
export const MAX_POOLS = 500;

/** POST /{chainId}/yield/pools: `[]` gives the top pools by TVL, addresses give those pools. */
export const poolsRoute: Route<SandboxState> = {
  method: 'POST',
  pattern: [':chainId', 'yield', 'pools'],
  handle: (request, params, state) => {
    const chainId = readChainId(params.chainId);
    if (chainId === undefined) return validationError('params/chainId must be a supported chain id');
    const parsed = parseJson(request.rawBody === '' ? '[]' : request.rawBody);
    if (!parsed.ok || !Array.isArray(parsed.value)) return validationError('body must be array');
    const addresses = parsed.value;
    if (addresses.length > MAX_POOLS) return validationError(`body must NOT have more than ${MAX_POOLS} items`);
    const badIndex = addresses.findIndex((entry) => typeof entry !== 'string' || !isAddress(entry, { strict: false }));
    if (badIndex >= 0) return validationError(`body/${badIndex} must match pattern "^0x[a-fA-F0-9]{40}$"`);
    const pools = poolsOf(state.seed, chainId);
    if (addresses.length === 0) return json(200, pools.slice(0, MAX_POOLS));
    const wanted = new Set((addresses as string[]).map((address) => address.toLowerCase()));
    return json(200, pools.filter((pool) => wanted.has(pool.contract_address)));
  },
};

/** GET /{chainId}/yield/pools-average-apr: `{project: apr}` over pools with an APR; cached 6 hours. */
export const averageAprRoute: Route<SandboxState> = {
  method: 'GET',
  pattern: [':chainId', 'yield', 'pools-average-apr'],
  handle: (_request, params, state) => {
    const chainId = readChainId(params.chainId);
    if (chainId === undefined) return validationError('params/chainId must be a supported chain id');
    const sums = new Map<string, { total: number; count: number }>();
    for (const pool of poolsOf(state.seed, chainId)) {
      if (pool.apr === null) continue;
      const entry = sums.get(pool.project) ?? { total: 0, count: 0 };
      sums.set(pool.project, { total: entry.total + pool.apr, count: entry.count + 1 });
    }
    const averages = Object.fromEntries([...sums].map(([project, { total, count }]) => [project, Math.round((total / count) * 1e6) / 1e6]));
    return json(200, averages, { 'Cache-Control': 'public, max-age=21600' });
  },
};
