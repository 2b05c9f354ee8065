import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { encodeFunctionResult, erc20Abi, toFunctionSelector } from 'viem';

export interface StubToken {
  symbol: string;
  decimals: number;
  totalSupply: bigint;
}

const FUNCTIONS = ['symbol', 'decimals', 'totalSupply'] as const;
const SELECTORS = new Map(FUNCTIONS.map((name) => [toFunctionSelector(`${name}()`), name]));

type RpcCall = { id: number; method: string; params?: [{ to?: string; data?: string }] };

/**
 * A JSON-RPC node at the edge of the tests: eth_chainId, and eth_call of the
 * three ERC-20 reads for the tokens it is given. Anything else reverts, like a
 * call to an address that is no token.
 */
export async function startRpcStub(chainId: number, tokens: Record<string, StubToken>) {
  const byAddress = new Map(Object.entries(tokens).map(([address, token]) => [address.toLowerCase(), token]));
  const calls: string[] = [];
  const answer = (call: RpcCall) => {
    calls.push(call.method);
    if (call.method === 'eth_chainId') return { jsonrpc: '2.0', id: call.id, result: `0x${chainId.toString(16)}` };
    const target = call.params?.[0];
    const token = byAddress.get(target?.to?.toLowerCase() ?? '');
    const name = SELECTORS.get((target?.data ?? '').slice(0, 10) as `0x${string}`);
    if (call.method !== 'eth_call' || !token || !name) {
      return { jsonrpc: '2.0', id: call.id, error: { code: 3, message: 'execution reverted', data: '0x' } };
    }
    const value = name === 'symbol' ? token.symbol : name === 'decimals' ? token.decimals : token.totalSupply;
    return { jsonrpc: '2.0', id: call.id, result: encodeFunctionResult({ abi: erc20Abi, functionName: name, result: value as never }) };
  };
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const parsed = JSON.parse(body) as RpcCall | RpcCall[];
      const reply = Array.isArray(parsed) ? parsed.map(answer) : answer(parsed);
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(reply));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/rpc`,
    calls,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
