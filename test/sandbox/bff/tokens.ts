import type { Address } from 'viem';
import { json, type Route } from '../http/reply';
import { createPrng, derivedSeed } from '../prng';
import type { SandboxState } from '../state';
import { findToken } from '../token-fixtures';
import { readChainId, readTokenParam, validationError } from './answers';

/** GET /{chainId}/tokens/{token}/usdPrice: `{price}`; no Cache-Control header, like live. */
export const usdPriceRoute: Route<SandboxState> = {
  method: 'GET',
  pattern: [':chainId', 'tokens', ':token', 'usdPrice'],
  handle: (_request, params, state) => {
    const chainId = readChainId(params.chainId);
    if (chainId === undefined) return validationError('params/chainId must be a supported chain id');
    const token = readTokenParam(params.token);
    if (!token) return validationError('params/tokenAddress must be a valid address');
    const price = state.prices.usd(chainId, token);
    return price === null ? json(404, { message: 'Price not found' }) : json(200, { price });
  },
};

/** GET /{chainId}/tokens/{token}/topHolders: `[{address, balance}]`, balances in base units, largest first. */
export const topHoldersRoute: Route<SandboxState> = {
  method: 'GET',
  pattern: [':chainId', 'tokens', ':token', 'topHolders'],
  handle: (_request, params, state) => {
    const chainId = readChainId(params.chainId);
    if (chainId === undefined) return validationError('params/chainId must be a supported chain id');
    const token = readTokenParam(params.token);
    if (!token) return validationError('params/tokenAddress must be a valid address');
    const fixture = token === '-' ? undefined : findToken(chainId, token);
    if (!fixture) return json(404, { message: 'Token holders not found' });
    return json(200, holdersOf(state.seed, chainId, fixture.address, fixture.decimals, fixture.holders));
  },
};

/** Deterministic per token, whatever else was asked before. */
function holdersOf(seed: number, chainId: number, token: Address, decimals: number, count: number) {
  const prng = createPrng(derivedSeed(seed, 'holders', chainId, token.toLowerCase()));
  let units = BigInt(5_000_000 + prng.int(5_000_000));
  return Array.from({ length: count }, () => {
    const holder = { address: prng.hex(20), balance: (units * 10n ** BigInt(decimals)).toString() };
    units = (units * BigInt(40 + prng.int(50))) / 100n + 1n;
    return holder;
  });
}
