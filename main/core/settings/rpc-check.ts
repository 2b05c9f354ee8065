import { createPublicClient, http } from 'viem';
import { jsonRpcFetch } from '../api/bounded-fetch';
import { AppError } from '../../common/errors';
import { resolveChain } from '../../common/protocol/chains';
import type { RpcChecker } from './settings-service';
import { rpcErrorText } from '../api/rpc-error-text';

/**
 * Asks the node for its chain id (eth_chainId) and compares: a mainnet node
 * saved as the Gnosis RPC would answer balance and allowance checks for the
 * wrong chain without any error. The URL can hold an API key, so it is never
 * repeated in a message, only its host.
 */
export function createRpcChecker(options: { timeoutMs?: number; fetch?: typeof fetch } = {}): RpcChecker {
  return async (url, chainId) => {
    const expected = resolveChain(chainId);
    const host = new URL(url).host;
    const client = createPublicClient({
      transport: http(url, {
        timeout: options.timeoutMs ?? 8_000,
        retryCount: 0,
        // Bounded like every remote answer (common/limits): a hostile node cannot flood memory or stall a call.
        fetchFn: jsonRpcFetch(options.fetch),
      }),
    });
    let served: number;
    try {
      served = await client.getChainId();
    } catch (error) {
      throw new AppError('RPC_UNREACHABLE', `${host} did not answer eth_chainId (${rpcErrorText(error)}). Check the URL and that the node is running.`, {
        retryable: true,
      });
    }
    if (served !== expected.id) {
      const name = safeChainName(served);
      throw new AppError(
        'RPC_WRONG_CHAIN',
        `${host} serves chain ${served}${name ? ` (${name})` : ''}, not ${expected.id} (${expected.name}). Enter a JSON-RPC URL for ${expected.name}.`,
      );
    }
  };
}

function safeChainName(id: number): string | undefined {
  try {
    return resolveChain(id).name;
  } catch {
    return undefined;
  }
}
